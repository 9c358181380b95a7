import type { Project } from '@atelier/shared';

/** The category as the spec writes it: the stored value, capitalised (urban → Urban). */
export const categoryName = (category: Project['category']) =>
  category.charAt(0).toUpperCase() + category.slice(1);

export const projectTypeLabel = (project: Pick<Project, 'project_type'>) =>
  project.project_type === 'proposal' ? 'Proposal' : 'Project';

/** The alternative text of a project's photograph: there are no captions, so say whose and which. */
export const imageAlt = (project: Pick<Project, 'title' | 'location'>, index: number, total: number) =>
  `${project.title}${project.location ? `, ${project.location}` : ''}: photograph ${index + 1} of ${total}`;

/** The accessible name of a link that opens a photograph in the fullscreen viewer. */
export const viewerLinkName = (index: number, total: number) =>
  `View photograph ${index + 1} of ${total} fullscreen`;

/** Two-digit counter text (07) for the large numerals of the hero and gallery. */
export const pad = (n: number) => String(n).padStart(2, '0');
