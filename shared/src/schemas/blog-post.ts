import { z } from 'zod';
import { tagLabels } from '../lib/text';
import { ADMIN_MESSAGES as M, MESSAGES } from '../messages';
import {
  adminListQuery,
  optionalImage,
  optionalText,
  PageParam,
  paginated,
  plainText,
  requiredText,
  SlugInput,
  sampleField,
  Timestamp,
} from './common';
import { PublicationStatus } from './project';
import { ReviewStatus, reviewFields } from './review';

export const BlogPost = z
  .object({
    id: z.uuid(),
    title: z.string(),
    /** Its address: /blog/<slug> (null only for a row written outside the API: its id is used). */
    slug: z.string().nullable(),
    excerpt: z.string().nullable(),
    content: z.string(),
    featured_image: z.string().nullable(),
    status: PublicationStatus,
    author_id: z.string().nullable(),
    publish_date: Timestamp.nullable(),
    seo_keywords: z.array(z.string()),
    views: z.number().int(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'BlogPost' });
export type BlogPost = z.infer<typeof BlogPost>;

/** A published post's byline: its author's name and picture; null without an author or a name. */
export const PostAuthor = z
  .object({ name: z.string(), avatar_url: z.string().nullable() })
  .meta({ id: 'PostAuthor' });
export type PostAuthor = z.infer<typeof PostAuthor>;

/** A published post as the public API and its page show it: the post and its byline. */
export const PublicBlogPost = BlogPost.extend({ author: PostAuthor.nullable() }).meta({
  id: 'PublicBlogPost',
});
export type PublicBlogPost = z.infer<typeof PublicBlogPost>;

export const KeywordCount = z.object({ name: z.string(), count: z.number().int() });
export type KeywordCount = z.infer<typeof KeywordCount>;

export const BlogPostListQuery = z.object({
  page: PageParam,
  category: z.string().trim().max(60).optional(),
  tag: z.string().trim().max(60).optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});
export type BlogPostListQuery = z.infer<typeof BlogPostListQuery>;

/** A page of published posts plus the sidebar's categories (first keyword) and tags (every keyword). */
export const BlogPostList = paginated(BlogPost)
  .extend({ categories: z.array(KeywordCount), tags: z.array(KeywordCount) })
  .meta({ id: 'BlogPostList' });
export type BlogPostList = z.infer<typeof BlogPostList>;

export const BlogPostViews = z
  .object({ id: z.uuid(), views: z.number().int() })
  .meta({ id: 'BlogPostViews' });
export type BlogPostViews = z.infer<typeof BlogPostViews>;

/** A blog post id: non-blank and a UUID. */
export const BlogPostId = z
  .string()
  .trim()
  .min(1, MESSAGES.invalidBlogPostId)
  .pipe(z.uuid(MESSAGES.invalidBlogPostIdFormat));

/**
 * The blog form. `publish_date` only schedules a post (a date in the future while published); otherwise the
 * server's rule applies: publishing on create sets now, an edit keeps an existing date, a draft clears it.
 */
export const BlogPostInput = z
  .object({
    title: requiredText(M.blogRequired, 200),
    slug: SlugInput,
    content: requiredText(M.blogRequired, 100_000, true),
    excerpt: optionalText(500, true),
    featured_image: optionalImage('Please choose a valid image'),
    status: PublicationStatus.default('draft'),
    seo_keywords: z
      .array(plainText().min(1).max(60, 'Keywords must be at most 60 characters'))
      .max(30, 'At most 30 keywords')
      .default([])
      .transform(tagLabels),
    /** Left out: the server's rule above; null: no schedule (publish now); a future date: schedule. */
    publish_date: z
      .string({ error: M.invalidDateTime })
      .trim()
      .nullish()
      .refine((v) => !v || !Number.isNaN(Date.parse(v)), M.invalidDateTime)
      .transform((v) => (v === undefined ? undefined : v ? new Date(v).toISOString() : null)),
  })
  .meta({ id: 'BlogPostInput' });
export type BlogPostInput = z.output<typeof BlogPostInput>;
export type BlogPostInputValues = z.input<typeof BlogPostInput>;
export const CreateBlogPostInput = BlogPostInput;
export type CreateBlogPostInput = BlogPostInput;
export const UpdateBlogPostInput = BlogPostInput;
export type UpdateBlogPostInput = BlogPostInput;

/** published: public now; scheduled: published with a publish date still to come. */
export const BLOG_POST_FILTERS = ['published', 'draft', 'scheduled'] as const;
export const BLOG_POST_SORT_KEYS = ['created_at', 'publish_date', 'title', 'status', 'views'] as const;
export const AdminBlogPostListQuery = adminListQuery(BLOG_POST_SORT_KEYS, {
  status: z.enum(BLOG_POST_FILTERS, { error: 'status must be published, draft or scheduled' }).optional(),
  review: ReviewStatus.optional(),
});
export type AdminBlogPostListQuery = z.output<typeof AdminBlogPostListQuery>;

/** A post as the admin reads it: with its review step (null: none) and the note of a draft sent back. */
export const AdminBlogPost = BlogPost.extend({ ...reviewFields, ...sampleField }).meta({
  id: 'AdminBlogPost',
});
export type AdminBlogPost = z.infer<typeof AdminBlogPost>;

/** A row of the admin blog list: what it shows, not the article. */
export const AdminBlogPostRow = AdminBlogPost.pick({
  id: true,
  title: true,
  status: true,
  publish_date: true,
  views: true,
  author_id: true,
  review_status: true,
  sample: true,
  created_at: true,
}).meta({ id: 'AdminBlogPostRow' });
export type AdminBlogPostRow = z.infer<typeof AdminBlogPostRow>;

export const AdminBlogPostList = paginated(AdminBlogPostRow).meta({ id: 'AdminBlogPostList' });
export type AdminBlogPostList = z.infer<typeof AdminBlogPostList>;
