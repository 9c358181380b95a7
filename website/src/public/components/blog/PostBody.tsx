import { paragraphs } from '@atelier/shared';

/**
 * A post's body until the sanitising Markdown renderer arrives: paragraphs on blank lines, and a
 * paragraph that starts with `## ` as a heading. The one place to swap for that renderer.
 */
export function PostBody({ content }: { content: string }) {
  return (
    <div className="post__body">
      {paragraphs(content).map((text, index) =>
        // Blocks have no ids and may repeat; their order is their identity.
        text.startsWith('## ') ? <h2 key={index}>{text.slice(3)}</h2> : <p key={index}>{text}</p>,
      )}
    </div>
  );
}
