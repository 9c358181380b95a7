import { z } from 'zod';
import { PROJECT_CATEGORIES, PROJECT_TYPES, PUBLICATION_STATUSES } from '../constants';
import { PageParam, paginated, Timestamp } from './common';

export const ProjectCategory = z.enum(PROJECT_CATEGORIES);
export const ProjectType = z.enum(PROJECT_TYPES);
export const PublicationStatus = z.enum(PUBLICATION_STATUSES);

export const Project = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    category: ProjectCategory,
    location: z.string(),
    client: z.string(),
    status: PublicationStatus,
    project_type: ProjectType,
    thumbnail: z.string().nullable(),
    images: z.array(z.string()),
    completion_date: z.string().nullable(),
    featured: z.boolean(),
    user_id: z.string().nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

/** What a link to a project shows (tiles, related projects, previous and next). */
export type ProjectCard = Pick<
  Project,
  'id' | 'title' | 'category' | 'location' | 'project_type' | 'thumbnail'
>;

export const ProjectListQuery = z.object({
  category: ProjectCategory.optional(),
  page: PageParam,
});
export type ProjectListQuery = z.infer<typeof ProjectListQuery>;

export const ProjectList = paginated(Project).meta({ id: 'ProjectList' });
export type ProjectList = z.infer<typeof ProjectList>;
