import type { PageOf } from '@atelier/shared';
import { useState } from 'react';
import { blogHref, postCategory, postDate } from '../components/blog/blog-href';
import { Arrow } from '../components/blog/PostCard';
import { Picture } from '../components/Picture';
import { formatCount, formatDate, readingMinutes } from '../lib/format';
import { postBodyHtml } from '../lib/post-body';
import '../styles/blog.css';

export function BlogPost({ data }: { data: PageOf<'blog-post'> }) {
  const { post } = data;
  const category = postCategory(post);
  const date = postDate(post);
  const body = usePostBody(post.content);
  const keywords = [...new Set(post.seo_keywords)];

  return (
    <article className="post">
      <header className="post__header">
        <a className="back-link" href="/blog">
          <Arrow back />
          Back to All Posts
        </a>
        {category && (
          <a className="eyebrow post__category" href={blogHref({ category })}>
            {category}
          </a>
        )}
        <p className="post__meta">
          <time dateTime={date}>{formatDate(date)}</time>
          <span>{readingMinutes(post.content)} min read</span>
          <span>{formatCount(post.views, 'view', 'views')}</span>
        </p>
        <h1 className="post__title">{post.title}</h1>
        {post.excerpt && <p className="post__lead">{post.excerpt}</p>}
      </header>

      {post.featured_image && (
        <div className="post__figure">
          <Picture src={post.featured_image} alt="" sizes="(min-width: 1280px) 76rem, 100vw" priority />
        </div>
      )}

      <div id="post-body" className="post__body" dangerouslySetInnerHTML={{ __html: body }} />

      <footer className="post__footer">
        {keywords.length > 0 && (
          <nav className="post__tags" aria-labelledby="post-tags">
            <h2 className="post__tags-title" id="post-tags">
              Tags
            </h2>
            <ul className="plain-list tag-list">
              {keywords.map((keyword) => (
                <li key={keyword}>
                  <a href={blogHref({ tag: keyword })}>{keyword}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="post__end">
          <a className="button button--outline" href="/blog">
            <Arrow back />
            View All Posts
          </a>
          <p className="post__cta">
            Thinking about a project of your own? <a href="/contact">Talk to the studio</a>
          </p>
        </div>
      </footer>
    </article>
  );
}

/**
 * The post's Markdown as HTML. The server renders it; the browser keeps the HTML it received (the page is
 * only hydrated, never rendered afresh), so the Markdown renderer stays out of the public pages' script.
 */
function usePostBody(content: string): string {
  // lib/markdown.ts escapes raw HTML and refuses unsafe links, so the HTML is safe to insert.
  const [html] = useState(() => postBodyHtml(content, 'post-body'));
  return html;
}
