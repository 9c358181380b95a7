import { z } from 'zod';
import { PageParam, paginated, Timestamp } from './common';
import { PublicationStatus } from './project';

export const BlogPost = z
  .object({
    id: z.uuid(),
    title: z.string(),
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
