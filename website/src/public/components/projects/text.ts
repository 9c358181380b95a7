import type { Project, ProjectCategory } from '@atelier/shared';

/** A category's name as the studio wrote it (its slug, capitalised, if the category is gone). */
export const categoryName = (categories: ProjectCategory[], slug: string) =>
  categories.find((category) => category.slug === slug)?.name ?? slug.charAt(0).toUpperCase() + slug.slice(1);

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
