import { type BlogQuery, type KeywordCount, type PageOf, totalPages } from '@atelier/shared';
import { BlogPager } from '../components/blog/BlogPager';
import { BlogSidebar } from '../components/blog/BlogSidebar';
import { blogHref } from '../components/blog/blog-href';
import { FeaturedPost } from '../components/blog/FeaturedPost';
import { Arrow, PostCard } from '../components/blog/PostCard';
import { formatCount } from '../lib/format';
import { Named, pageTexts } from '../lib/studio-texts';
import '../styles/blog.css';

/** A category or tag as the sidebar spells it (the URL may differ in case). */
const spelled = (name: string, known: KeywordCount[]) =>
  known.find((k) => k.name.toLowerCase() === name.toLowerCase())?.name ?? name;

/** What the list is narrowed to, in words: "Posts in Sustainability · Results for “cooling”". */
function describe(query: BlogQuery, list: PageOf<'blog'>['list']): string | null {
  const parts = [
    query.category && `Posts in ${spelled(query.category, list.categories)}`,
    query.tag && `Tagged “${spelled(query.tag, list.tags)}”`,
    query.q && `Results for “${query.q}”`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

export function Blog({ data }: { data: PageOf<'blog'> }) {
  const { list, query, recent, settings } = data;
  const filter = describe(query, list);
  const pages = totalPages(list.total, list.pageSize);
  // The latest post leads the first page; search results are listed by date without a lead.
  const lead = list.page === 1 && !query.q ? list.items[0] : undefined;
  const rest = lead ? list.items.slice(1) : list.items;

  return (
    <div className="blog">
      <header className="blog-hero">
        <p className="eyebrow">Journal</p>
        <h1 className="blog-hero__title">Insights &amp; Ideas</h1>
        <p className="blog-hero__intro">
          <Named text={pageTexts(settings).intro_blog_page} />
        </p>
        {/* On narrow screens the sidebar comes after the posts; this gets a visitor there in one tap. */}
        <a className="blog-hero__jump" href="#browse">
          Search &amp; topics
          <Arrow />
        </a>
      </header>

      <div className="blog-layout">
        <div className="blog-main">
          {filter && (
            <div className="blog-filter" role="status">
              <div>
                <p className="blog-filter__label">{filter}</p>
                <p className="blog-filter__count">{formatCount(list.total, 'post', 'posts')}</p>
              </div>
              <a className="blog-filter__clear" href="/blog">
                Clear<span className="visually-hidden"> filters and show all posts</span>
              </a>
            </div>
          )}

          {list.items.length === 0 ? (
            <EmptyState
              query={query}
              filtered={filter !== null}
              total={list.total}
              pages={pages}
              categories={list.categories}
            />
          ) : (
            <>
              {lead && <FeaturedPost post={lead} />}
              {rest.length > 0 && (
                <section className="blog-list" aria-labelledby="blog-list-title">
                  <h2 id="blog-list-title" className={lead ? 'blog-list__title' : 'visually-hidden'}>
                    {lead ? 'More from the journal' : 'Posts'}
                  </h2>
                  {rest.map((post, index) => (
                    <PostCard key={post.id} post={post} priority={!lead && index === 0} />
                  ))}
                </section>
              )}
              <BlogPager query={query} current={list.page} pages={pages} />
            </>
          )}
        </div>

        <BlogSidebar query={query} categories={list.categories} tags={list.tags} recent={recent} />
      </div>
    </div>
  );
}

interface EmptyStateProps {
  query: BlogQuery;
  filtered: boolean;
  total: number;
  pages: number;
  categories: KeywordCount[];
}

function EmptyState({ query, filtered, total, pages, categories }: EmptyStateProps) {
  if (total > 0) {
    // A page number past the last page: the posts exist, just not here.
    return (
      <div className="blog-empty">
        <p className="blog-empty__title">There are no posts on this page.</p>
        <p className="muted">
          This list has {formatCount(pages, 'page', 'pages')} of posts. Start again from the beginning.
        </p>
        <a className="button button--outline" href={blogHref({ ...query, page: 1 })}>
          Go to the first page
        </a>
      </div>
    );
  }
  return (
    <div className="blog-empty">
      <p className="blog-empty__title">No blog posts available.</p>
      {filtered ? (
        <>
          <p className="muted">
            Nothing matches what you are looking for. Try another word or category, or see every post.
          </p>
          {categories.length > 0 && (
            <nav className="blog-empty__topics" aria-label="Topics">
              <p className="eyebrow">Or browse a topic</p>
              <ul className="plain-list tag-list">
                {categories.map((category) => (
                  <li key={category.name}>
                    <a href={blogHref({ category: category.name })}>{category.name}</a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <a className="button button--outline" href="/blog">
            See all posts
          </a>
        </>
      ) : (
        <p className="muted">New writing from the studio will appear here soon.</p>
      )}
    </div>
  );
}
