import { entityPath, type ProjectCard, type ProjectCategory } from '@atelier/shared';
import { Picture } from './Picture';
import { categoryName } from './projects/text';

const GRID_SIZES = '(min-width: 1280px) 25vw, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw';

/** A project in a grid: its photograph, revealing the title; links to the project. */
export function ProjectTile({
  project,
  categories,
  index = 0,
  priority = false,
  sizes = GRID_SIZES,
  className,
}: {
  project: ProjectCard;
  /** The studio's categories, for the label. */
  categories: ProjectCategory[];
  /** Its place in a first-screen grid, whose tiles arrive one after another; none below the fold. */
  index?: number;
  priority?: boolean;
  /** How wide the photograph is drawn, where a grid differs from the portfolio's. */
  sizes?: string;
  className?: string;
}) {
  // The first tile starts at once: no style restating the default delay.
  const delay = index ? { animationDelay: `${index * 120}ms` } : undefined;
  return (
    <li className={className ? `project-tile ${className}` : 'project-tile'} style={delay}>
      <a href={entityPath('projects', project)}>
        <Picture src={project.thumbnail} alt={project.title} sizes={sizes} priority={priority} />
        <span className="project-tile__caption">
          <span className="eyebrow">
            {project.project_type === 'proposal' ? 'Proposal' : categoryName(categories, project.category)}
          </span>
          <span className="project-tile__title">{project.title}</span>
          <span className="project-tile__location">{project.location}</span>
        </span>
      </a>
    </li>
  );
}
