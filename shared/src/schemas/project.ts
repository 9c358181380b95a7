import { z } from 'zod';
import { PROJECT_TYPES, PUBLICATION_STATUSES } from '../constants';
import { ADMIN_MESSAGES as M } from '../messages';
import {
  adminListQuery,
  BooleanParam,
  PageParam,
  paginated,
  plainText,
  requiredText,
  SlugInput,
  sampleField,
  Timestamp,
} from './common';
import { FocalPoint } from './focal';
import { CategorySlug } from './project-category';
import { ReviewStatus, reviewFields } from './review';

export const ProjectType = z.enum(PROJECT_TYPES);
export const PublicationStatus = z.enum(PUBLICATION_STATUSES);

export const Project = z
  .object({
    id: z.string(),
    title: z.string(),
    /** Its address: /projects/<slug> (null only for a row written outside the API: its id is used). */
    slug: z.string().nullable(),
    description: z.string(),
    /** The slug of one of the studio's categories (`/api/project-categories`). */
    category: z.string(),
    location: z.string(),
    client: z.string(),
    status: PublicationStatus,
    project_type: ProjectType,
    thumbnail: z.string().nullable(),
    images: z.array(z.string()),
    /** Alternative text of each image, by URL (absent: the project title is used). */
    image_alts: z.record(z.string(), z.string()),
    /** A focal point per image URL where the project frames it otherwise than the library's point. */
    image_focus: z.record(z.string(), FocalPoint),
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
  'id' | 'slug' | 'title' | 'category' | 'location' | 'project_type' | 'thumbnail'
>;

export const ProjectListQuery = z.object({
  /** A category's slug; absent: every category. */
  category: CategorySlug.optional(),
  page: PageParam,
});
export type ProjectListQuery = z.infer<typeof ProjectListQuery>;

export const ProjectList = paginated(Project).meta({ id: 'ProjectList' });
export type ProjectList = z.infer<typeof ProjectList>;

const IMAGE_EXTENSION = /\.(?:jpe?g|png|gif|webp|svg)(?:[?#].*)?$/i;
const IMAGE_HOSTS =
  /(?:^|\.)(?:unsplash\.com|imgur\.com|cloudinary\.com|pexels\.com|pixabay\.com|googleusercontent\.com|imagekit\.io|imgix\.net|flickr\.com|staticflickr\.com|ibb\.co|postimg\.cc|ytimg\.com)$/i;

/**
 * The image URL rule: http(s) and an image extension or an image-hosting service's host. Files of
 * this server's media store (`/media/...`) are accepted as they are.
 */
export function imageUrlProblem(value: string): string | null {
  const url = value.trim();
  if (!url) return M.imageUrlRequired;
  if (/^\/media\/[\w./-]+$/.test(url) && !url.includes('..')) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return M.invalidImageUrl;
  }
  if (!/^https?:$/.test(parsed.protocol)) return M.invalidImageUrl;
  return IMAGE_EXTENSION.test(parsed.pathname) || IMAGE_HOSTS.test(parsed.hostname)
    ? null
    : M.invalidImageUrl;
}

export const ImageUrl = z
  .string({ error: M.imageUrlRequired })
  .trim()
  .max(2000, M.invalidImageUrl)
  .superRefine((value, ctx) => {
    const problem = imageUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const required = (max: number) => requiredText(M.projectRequired, max);

/** The project form (create and update send the whole project; `user_id` is set by the server). */
export const ProjectInput = z
  .object({
    title: required(200),
    slug: SlugInput,
    description: requiredText(M.projectRequired, 20_000, true),
    category: z.string({ error: M.projectRequired }).trim().min(1, M.projectRequired).pipe(CategorySlug),
    location: plainText()
      .max(200, 'Must be at most 200 characters')
      .nullish()
      .transform((v) => v ?? ''),
    client: plainText()
      .max(200, 'Must be at most 200 characters')
      .nullish()
      .transform((v) => v ?? ''),
    completion_date: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null)
      .refine(
        (v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
        M.invalidDate,
      ),
    status: PublicationStatus.default('draft'),
    project_type: ProjectType.default('project'),
    images: z.array(ImageUrl).max(50, 'At most 50 images').default([]),
    image_alts: z
      .record(z.string(), plainText().max(300, 'Alt text must be at most 300 characters'))
      .default({}),
    image_focus: z.record(z.string(), FocalPoint).default({}),
    thumbnail: plainText()
      .nullish()
      .transform((v) => v || null),
    /** Starred on the home page; absent: unchanged (a new project: not featured). Editors and up only. */
    featured: z.boolean({ error: M.featuredRequired }).optional(),
  })
  .transform((input) => ({
    ...input,
    images: [...new Set(input.images)],
    // Alt texts of images no longer in the list are dropped; empty ones are not kept.
    image_alts: Object.fromEntries(
      Object.entries(input.image_alts).filter(([url, alt]) => alt && input.images.includes(url)),
    ),
    image_focus: Object.fromEntries(
      Object.entries(input.image_focus).filter(([url]) => input.images.includes(url)),
    ),
  }))
  .superRefine((input, ctx) => {
    if (input.thumbnail && !input.images.includes(input.thumbnail))
      ctx.addIssue({ code: 'custom', path: ['thumbnail'], message: M.thumbnailNotAnImage });
  })
  .meta({ id: 'ProjectInput' });
export type ProjectInput = z.output<typeof ProjectInput>;
/** What a project form holds before validation. */
export type ProjectInputValues = z.input<typeof ProjectInput>;
export const CreateProjectInput = ProjectInput;
export type CreateProjectInput = ProjectInput;
export const UpdateProjectInput = ProjectInput;
export type UpdateProjectInput = ProjectInput;

export const ProjectFeaturedInput = z
  .object({ featured: z.boolean({ error: M.featuredRequired }) })
  .meta({ id: 'ProjectFeaturedInput' });
export type ProjectFeaturedInput = z.infer<typeof ProjectFeaturedInput>;

export const PROJECT_SORT_KEYS = [
  'created_at',
  'title',
  'category',
  'status',
  'completion_date',
  'featured',
] as const;
export const AdminProjectListQuery = adminListQuery(PROJECT_SORT_KEYS, {
  status: PublicationStatus.optional(),
  category: CategorySlug.optional(),
  featured: BooleanParam,
  review: ReviewStatus.optional(),
});
export type AdminProjectListQuery = z.output<typeof AdminProjectListQuery>;

/** A project as the admin reads it: with its review step (null: none) and the note of a draft sent back. */
export const AdminProject = Project.extend({ ...reviewFields, ...sampleField }).meta({ id: 'AdminProject' });
export type AdminProject = z.infer<typeof AdminProject>;

/** A row of the admin projects list (and the dashboard's recent projects): what it shows, no description or gallery. */
export const AdminProjectRow = AdminProject.pick({
  id: true,
  title: true,
  category: true,
  status: true,
  thumbnail: true,
  featured: true,
  user_id: true,
  review_status: true,
  sample: true,
  created_at: true,
}).meta({ id: 'AdminProjectRow' });
export type AdminProjectRow = z.infer<typeof AdminProjectRow>;

export const AdminProjectList = paginated(AdminProjectRow).meta({ id: 'AdminProjectList' });
export type AdminProjectList = z.infer<typeof AdminProjectList>;

/** A project's delete: its photographs that nothing else shows are deleted with it, or kept in the library. */
export const ProjectDeleteQuery = z.object({
  photos: z.enum(['delete', 'keep'], { error: 'photos must be delete or keep' }).default('delete'),
});
export type ProjectDeleteQuery = z.output<typeof ProjectDeleteQuery>;

/** How many of a project's photographs nothing else shows (they go with it unless kept). */
export const ProjectPhotos = z.object({ only_here: z.number().int() }).meta({ id: 'ProjectPhotos' });
export type ProjectPhotos = z.infer<typeof ProjectPhotos>;
