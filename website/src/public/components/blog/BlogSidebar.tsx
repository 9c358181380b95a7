import type { BlogPost, BlogQuery, KeywordCount } from '@atelier/shared';
import { formatDate } from '../../lib/format';
import { Picture } from '../Picture';
import { blogHref, postDate, postHref, sameName } from './blog-href';

interface BlogSidebarProps {
  query: BlogQuery;
  categories: KeywordCount[];
  tags: KeywordCount[];
  recent: BlogPost[];
}

/** Search, categories with counts, the latest posts and tags. Every control is a link or a GET form. */
export function BlogSidebar({ query, categories, tags, recent }: BlogSidebarProps) {
  return (
    <aside className="blog-sidebar" id="browse" aria-label="Browse the blog">
      <search className="blog-widget blog-search">
        <form action="/blog" method="get">
          <label className="blog-widget__title" htmlFor="blog-search">
            Search<span className="visually-hidden"> posts</span>
          </label>
          <div className="blog-search__field">
            <input
              id="blog-search"
              type="search"
              name="q"
              defaultValue={query.q ?? ''}
              maxLength={100}
              placeholder="Title, topic or word"
              autoComplete="off"
            />
            <button type="submit" aria-label="Search">
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <circle cx="10.5" cy="10.5" r="6.5" />
                <path d="m15.5 15.5 5 5" />
              </svg>
            </button>
          </div>
        </form>
      </search>

      <nav className="blog-widget" aria-labelledby="blog-categories">
        <h2 className="blog-widget__title" id="blog-categories">
          Categories
        </h2>
        <ul className="plain-list blog-categories">
          <li>
            <a href="/blog" aria-current={query.category ? undefined : 'true'}>
              <span>All</span>
            </a>
          </li>
          {categories.map((category) => (
            <li key={category.name}>
              <a
                href={blogHref({ category: category.name })}
                aria-current={sameName(query.category, category.name) ? 'true' : undefined}
              >
                <span>
                  {category.name}
                  <span className="visually-hidden">,</span>
                </span>
                <span className="blog-categories__count">
                  {category.count}
                  <span className="visually-hidden">{category.count === 1 ? ' post' : ' posts'}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {recent.length > 0 && (
        // On phones the sidebar comes after the list, which already starts with these posts.
        <section className="blog-widget blog-widget--recent" aria-labelledby="blog-recent">
          <h2 className="blog-widget__title" id="blog-recent">
            Recent Posts
          </h2>
          <ul className="plain-list blog-recent">
            {recent.map((post) => (
              <li key={post.id}>
                <a href={postHref(post)}>
                  <Picture src={post.featured_image} alt="" sizes="5rem" width={480} height={320} />
                  <span className="blog-recent__text">
                    <span className="blog-recent__title">{post.title}</span>
                    <time dateTime={postDate(post)}>{formatDate(postDate(post))}</time>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      {tags.length > 0 && (
        <nav className="blog-widget" aria-labelledby="blog-tags">
          <h2 className="blog-widget__title" id="blog-tags">
            Tags
          </h2>
          <ul className="plain-list tag-list">
            {tags.map((tag) => (
              <li key={tag.name}>
                <a
                  href={blogHref({ tag: tag.name })}
                  aria-current={sameName(query.tag, tag.name) ? 'true' : undefined}
                >
                  {tag.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div className="blog-widget blog-cta">
        <p className="blog-cta__title">Planning a project?</p>
        <p className="blog-cta__text">
          Tell us about your site, your brief and how you want to live or work there.
        </p>
        <a className="button button--light" href="/contact">
          Get in touch
        </a>
      </div>
    </aside>
  );
}
