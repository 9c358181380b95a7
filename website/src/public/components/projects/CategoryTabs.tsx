import { PROJECT_CATEGORIES, type Project } from '@atelier/shared';
import { categoryName } from './text';

/** The portfolio's categories as links: the category lives in the URL, and changing it starts at page 1. */
export function CategoryTabs({ current }: { current: Project['category'] }) {
  return (
    <nav className="category-tabs" aria-label="Project categories">
      <ul className="category-tabs__list">
        {PROJECT_CATEGORIES.map((category) => (
          <li key={category}>
            <a
              className="category-tabs__link"
              href={`/projects?category=${category}`}
              aria-current={category === current ? 'page' : undefined}
            >
              {categoryName(category)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
