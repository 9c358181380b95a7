type Renderer = (markdown: string) => string;

let renderer: Renderer | undefined;

/**
 * The server's entry hands the Markdown renderer in (lib/markdown.ts), so the public pages' browser script
 * never carries it: the browser only hydrates a post, keeping the HTML the server sent.
 */
export function setMarkdownRenderer(render: Renderer): void {
  renderer = render;
}

/** A post's body as HTML: rendered on the server, read back from the page in the browser. */
export function postBodyHtml(content: string, elementId: string): string {
  if (renderer) return renderer(content);
  return typeof document === 'undefined' ? '' : (document.getElementById(elementId)?.innerHTML ?? '');
}
