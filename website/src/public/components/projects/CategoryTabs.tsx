import { ALL_CATEGORIES, type ProjectCategory } from '@atelier/shared';

/**
 * The portfolio's tabs as links: All first, then the studio's categories in its order (the first of them is
 * the one /projects opens on). The category lives in the URL, and changing it starts at page 1.
 */
export function CategoryTabs({
  current,
  categories,
}: {
  current: string | null;
  categories: ProjectCategory[];
}) {
  const tabs = [{ slug: null, name: 'All' }, ...categories];
  return (
    <nav className="category-tabs" aria-label="Project categories">
      <ul className="category-tabs__list">
        {tabs.map(({ slug, name }) => (
          <li key={slug ?? ''}>
            <a
              className="category-tabs__link"
              href={`/projects?category=${slug ?? ALL_CATEGORIES}`}
              aria-current={slug === current ? 'page' : undefined}
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
