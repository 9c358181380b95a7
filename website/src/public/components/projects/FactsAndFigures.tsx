import type { Project, ProjectCategory } from '@atelier/shared';
import { categoryName } from './text';

const EMPTY = '-';

/** The completion year, read from the stored date (YYYY-MM-DD) without time-zone arithmetic. */
const completionYear = (date: string | null) => date?.match(/^\d{4}/)?.[0] ?? EMPTY;

/** The project's key facts; a missing value reads "-". */
export function FactsAndFigures({
  project,
  categories,
}: {
  project: Project;
  categories: ProjectCategory[];
}) {
  const facts: [string, string][] = [
    ['Client', project.client.trim() || EMPTY],
    ['Location', project.location.trim() || EMPTY],
    ['Category', categoryName(categories, project.category)],
    ['Completion', completionYear(project.completion_date)],
  ];
  return (
    <aside className="project-facts" aria-labelledby="facts-title">
      <h2 id="facts-title" className="project-facts__title">
        Facts &amp; Figures
      </h2>
      <dl className="project-facts__list">
        {facts.map(([term, value]) => (
          <div key={term} className="project-facts__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <a className="project-facts__link" href="/contact">
        Discuss a project like this
      </a>
    </aside>
  );
}
