import { CATEGORY_LABELS, type Project } from '@atelier/shared';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

export function ProjectTile({
  project,
  index,
  eager = false,
}: {
  project: Project;
  index: number;
  eager?: boolean;
}) {
  return (
    <li className="project-tile" style={{ animationDelay: `${index * 120}ms` }}>
      <a href={`/projects/${project.id}`}>
        <img
          src={project.thumbnail ?? PLACEHOLDER_IMAGE}
          alt={project.title}
          width={1600}
          height={1067}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <span className="project-tile__caption">
          <span className="eyebrow">
            {project.project_type === 'proposal' ? 'Proposal' : CATEGORY_LABELS[project.category]}
          </span>
          <span className="project-tile__title">{project.title}</span>
          <span className="project-tile__location">{project.location}</span>
        </span>
      </a>
    </li>
  );
}
