import { type BlogQuery, pagerWindow } from '@atelier/shared';
import { blogHref } from './blog-href';
import { Arrow } from './PostCard';

/** Numbered pages (a window of 5 with ellipses) plus previous and next; every link keeps the filters. */
export function BlogPager({ query, current, pages }: { query: BlogQuery; current: number; pages: number }) {
  if (pages <= 1) return null;
  const href = (page: number) => blogHref({ ...query, page });
  return (
    <nav className="blog-pager" aria-label="Blog pages">
      {current > 1 ? (
        <a className="blog-pager__step" href={href(Math.min(current - 1, pages))} rel="prev">
          <Arrow back />
          Previous<span className="visually-hidden"> page</span>
        </a>
      ) : (
        <span className="blog-pager__step" aria-hidden="true" />
      )}
      <ul className="plain-list blog-pager__pages">
        {pagerWindow(current, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <a href={href(item)} aria-current={item === current ? 'page' : undefined}>
                <span className="visually-hidden">Page </span>
                {item}
              </a>
            </li>
          ) : (
            <li key={item} className="blog-pager__gap" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      {current < pages ? (
        <a className="blog-pager__step blog-pager__step--next" href={href(current + 1)} rel="next">
          Next<span className="visually-hidden"> page</span>
          <Arrow />
        </a>
      ) : (
        <span className="blog-pager__step" aria-hidden="true" />
      )}
    </nav>
  );
}
