import { type PageOf, type PublicBlogPost as Post, tagLabels } from '@atelier/shared';
import { blogHref, postCategory, postDate } from '../components/blog/blog-href';
import { Arrow } from '../components/blog/PostCard';
import { Picture } from '../components/Picture';
import { formatCount, formatDate, readingMinutes } from '../lib/format';
import { postBodyHtml } from '../lib/post-body';
import '../styles/blog.css';

/** Nothing in a post changes in the browser: it is HTML only (no island), and its data is not sent. */
export function BlogPost({ data }: { data: PageOf<'blog-post'> }) {
  return (
    <article className="post">
      <PostArticle post={data.post} />
    </article>
  );
}

function PostArticle({ post }: { post: Post }) {
  const category = postCategory(post);
  const date = postDate(post);
  // Rendered on the server only (the article is static): lib/markdown.ts escapes raw HTML and refuses unsafe links.
  const body = postBodyHtml(post.content, 'post-body');
  const keywords = tagLabels(post.seo_keywords);

  return (
    <>
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
        {post.author && (
          <p className="post__byline">
            {post.author.avatar_url && (
              <img
                className="post__avatar"
                src={post.author.avatar_url}
                alt=""
                width={40}
                height={40}
                decoding="async"
              />
            )}
            <span>{`By ${post.author.name}`}</span>
          </p>
        )}
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
    </>
  );
}
