import { pagerWindow } from '@atelier/shared';

interface PagerProps {
  page: number;
  pages: number;
  /** The address of a page number. */
  href: (page: number) => string;
}

/** A numbered pager: windows of five pages with the first, the last and ellipses; plain links. */
export function Pager({ page, pages, href }: PagerProps) {
  const items = pagerWindow(page, pages);
  // Past the end there is no current page in the window; "Previous" leads back to the last real page.
  const previous = page > 1 ? Math.min(page - 1, pages) : null;
  const next = page < pages ? page + 1 : null;
  return (
    <nav className="pager" aria-label="Pagination">
      <PagerStep label="Previous" target={previous} href={href} direction="previous" />
      <ul className="pager__pages">
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <a
                className="pager__page"
                href={href(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </a>
            </li>
          ) : (
            <li key={item} className="pager__gap">
              …
            </li>
          ),
        )}
      </ul>
      <PagerStep label="Next" target={next} href={href} direction="next" />
    </nav>
  );
}

function PagerStep({
  label,
  target,
  href,
  direction,
}: {
  label: string;
  target: number | null;
  href: (page: number) => string;
  direction: 'previous' | 'next';
}) {
  const arrow = (
    <svg className="pager__arrow" viewBox="0 0 24 24" aria-hidden="true">
      <path d={direction === 'previous' ? 'M15 5 8 12l7 7' : 'm9 5 7 7-7 7'} />
    </svg>
  );
  const content =
    direction === 'previous' ? (
      <>
        {arrow}
        <span>{label}</span>
      </>
    ) : (
      <>
        <span>{label}</span>
        {arrow}
      </>
    );
  if (target === null) {
    // Nowhere to go: drawn in place so the pager keeps its shape, but neither a link nor announced.
    return (
      <span className={`pager__step pager__step--${direction} is-disabled`} aria-hidden="true">
        {content}
      </span>
    );
  }
  return (
    <a
      className={`pager__step pager__step--${direction}`}
      href={href(target)}
      rel={direction === 'previous' ? 'prev' : 'next'}
    >
      {content}
    </a>
  );
}
