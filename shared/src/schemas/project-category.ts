import { z } from 'zod';
import { slugify } from '../lib/text';
import { requiredText, Timestamp } from './common';

/** What the project categories' screens and API say, the same wherever they show. */
export const CATEGORY_MESSAGES = {
  nameRequired: 'Please enter the category name',
  nameTaken: 'A category with this name already exists',
  notFound: 'Category not found',
  unknown: 'Choose one of the studio’s categories',
  orderIncomplete: 'The order must list every category once',
  /** "All" is the portfolio's tab of every category, so no category may take its address. */
  nameReserved: 'This name is kept for the All tab',
  /** A category still holding projects is not deleted: they would have none. */
  inUse: (count: number) =>
    `This category holds ${count} ${count === 1 ? 'project' : 'projects'}: move ${count === 1 ? 'it' : 'them'} to another category first.`,
} as const;

/**
 * A category's key in addresses and in each project's `category`: lowercase letters, digits and single
 * hyphens (`residential`, `public-buildings`). Made from the name when the category is created; a rename
 * keeps it, so links and the projects in it stay.
 */
export const CategorySlug = z
  .string({ error: CATEGORY_MESSAGES.unknown })
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, CATEGORY_MESSAGES.unknown)
  .max(60, CATEGORY_MESSAGES.unknown);

/** The /projects tab of every category (`/projects?category=all`); no category may have this slug. */
export const ALL_CATEGORIES = 'all';

/** The slug of a category name: "Public Buildings" → public-buildings, "Écoles" → ecoles (at most 60 characters). */
export const categorySlug = (name: string) => slugify(name).slice(0, 60).replace(/-+$/, '');

/** A category as the public pages and API show it, in the studio's order. */
export const ProjectCategory = z
  .object({ slug: z.string(), name: z.string(), position: z.number().int() })
  .meta({ id: 'ProjectCategory' });
export type ProjectCategory = z.infer<typeof ProjectCategory>;

/** A category as the admin reads it: with its id and how many projects (drafts included) it holds. */
export const AdminProjectCategory = ProjectCategory.extend({
  id: z.string(),
  project_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
}).meta({ id: 'AdminProjectCategory' });
export type AdminProjectCategory = z.infer<typeof AdminProjectCategory>;

/** Create and rename: the name (the slug is made from it on creation and kept after). */
export const ProjectCategoryInput = z
  .object({ name: requiredText(CATEGORY_MESSAGES.nameRequired, 60) })
  .superRefine((input, ctx) => {
    if (input.name && !categorySlug(input.name))
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'Use at least one letter or digit' });
  })
  .meta({ id: 'ProjectCategoryInput' });
export type ProjectCategoryInput = z.infer<typeof ProjectCategoryInput>;

/** The new order: every category's id once, first to last. */
export const ProjectCategoryOrder = z
  .object({
    ids: z
      .array(z.string(), { error: CATEGORY_MESSAGES.orderIncomplete })
      .max(200)
      .refine((ids) => new Set(ids).size === ids.length, CATEGORY_MESSAGES.orderIncomplete),
  })
  .meta({ id: 'ProjectCategoryOrder' });
export type ProjectCategoryOrder = z.infer<typeof ProjectCategoryOrder>;
