// The PostgreSQL twin of ../schema/content.ts: the same tables, columns, checks and indexes (documented there).
import {
  DEFAULT_TEXTS,
  type FocalPoint,
  INQUIRY_STATUSES,
  MFA_REQUIREMENTS,
  PROJECT_TYPES,
  PUBLICATION_STATUSES,
  REVIEW_STATUSES,
  type SiteTexts,
} from '@atelier/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bool, createdAt, id, oneOf, stringList, updatedAt } from './columns';

export const projectCategories = pgTable(
  'project_categories',
  {
    id: id(),
    slug: text().notNull(),
    name: text().notNull(),
    position: integer().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('project_categories_slug_idx').on(t.slug)],
);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    title: text().notNull(),
    slug: text(),
    description: text().notNull(),
    category: text().notNull(),
    location: text().notNull().default(''),
    client: text().notNull().default(''),
    status: text({ enum: PUBLICATION_STATUSES }).notNull().default('draft'),
    project_type: text({ enum: PROJECT_TYPES }).notNull().default('project'),
    thumbnail: text(),
    images: stringList(),
    image_alts: jsonb().$type<Record<string, string>>().notNull().default(sql`'{}'`),
    image_focus: jsonb().$type<Record<string, FocalPoint>>().notNull().default(sql`'{}'`),
    completion_date: text(),
    featured: bool(false),
    user_id: text().references(() => users.id, { onDelete: 'set null' }),
    review_status: text({ enum: REVIEW_STATUSES }),
    sample: bool(false),
    review_note: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('projects_status_check', oneOf(t.status, PUBLICATION_STATUSES)),
    check('projects_type_check', oneOf(t.project_type, PROJECT_TYPES)),
    index('projects_status_category_created_idx').on(t.status, t.category, t.created_at),
    index('projects_status_featured_created_idx').on(t.status, t.featured, t.created_at),
    index('projects_created_idx').on(t.created_at),
    uniqueIndex('projects_slug_unique').on(t.slug),
  ],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: id(),
    title: text().notNull(),
    slug: text(),
    excerpt: text(),
    content: text().notNull(),
    featured_image: text(),
    status: text({ enum: PUBLICATION_STATUSES }).notNull().default('draft'),
    author_id: text().references(() => users.id, { onDelete: 'set null' }),
    review_status: text({ enum: REVIEW_STATUSES }),
    review_note: text(),
    publish_date: text(),
    seo_keywords: stringList(),
    sample: bool(false),
    views: integer().notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('blog_posts_status_check', oneOf(t.status, PUBLICATION_STATUSES)),
    check('blog_posts_views_check', sql`${t.views} >= 0`),
    index('blog_posts_status_publish_idx').on(t.status, t.publish_date),
    index('blog_posts_created_idx').on(t.created_at),
    uniqueIndex('blog_posts_slug_unique').on(t.slug),
  ],
);

export const services = pgTable(
  'services',
  {
    id: id(),
    name: text().notNull(),
    slug: text(),
    description: text().notNull(),
    icon: text(),
    image: text(),
    price_range: text(),
    is_active: bool(true),
    sample: bool(false),
    author_id: text().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('services_active_name_idx').on(t.is_active, t.name),
    index('services_name_idx').on(t.name),
    uniqueIndex('services_slug_unique').on(t.slug),
  ],
);

export const slugHistory = pgTable(
  'slug_history',
  {
    entity_type: text({ enum: ['project', 'blog_post', 'service'] }).notNull(),
    slug: text().notNull(),
    entity_id: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.entity_type, t.slug] }), index('slug_history_entity_idx').on(t.entity_id)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: id(),
    name: text().notNull(),
    role: text().notNull(),
    image: text(),
    quote: text(),
    facebook_url: text(),
    instagram_url: text(),
    sample: bool(false),
    linkedin_url: text(),
    author_id: text().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('team_members_created_idx').on(t.created_at)],
);

export const inquiries = pgTable(
  'inquiries',
  {
    id: id(),
    client_name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    subject: text().notNull(),
    project_type: text().notNull(),
    budget: text(),
    message: text().notNull(),
    status: text({ enum: INQUIRY_STATUSES }).notNull().default('new'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('inquiries_status_check', oneOf(t.status, INQUIRY_STATUSES)),
    index('inquiries_status_created_idx').on(t.status, t.created_at),
    index('inquiries_created_idx').on(t.created_at),
  ],
);

export const inquiryStatusChanges = pgTable(
  'inquiry_status_changes',
  {
    id: id(),
    inquiry_id: text()
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    from_status: text({ enum: INQUIRY_STATUSES }).notNull(),
    to_status: text({ enum: INQUIRY_STATUSES }).notNull(),
    actor_id: text().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('inquiry_status_changes_inquiry_idx').on(t.inquiry_id, t.created_at)],
);

export const inquiryNotes = pgTable(
  'inquiry_notes',
  {
    id: id(),
    inquiry_id: text()
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    author_id: text().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [index('inquiry_notes_inquiry_idx').on(t.inquiry_id, t.created_at)],
);

export const youtubeVideos = pgTable(
  'youtube_videos',
  {
    id: id(),
    title: text().notNull(),
    url: text().notNull(),
    description: text(),
    project_type: text({ enum: PROJECT_TYPES }).notNull().default('project'),
    sample: bool(false),
    is_active: bool(true),
    author_id: text().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('youtube_videos_type_check', oneOf(t.project_type, PROJECT_TYPES)),
    index('youtube_videos_active_created_idx').on(t.is_active, t.created_at),
    index('youtube_videos_created_idx').on(t.created_at),
  ],
);

export const siteSettings = pgTable(
  'site_settings',
  {
    id: text().primaryKey().default('default'),
    site_name: text().notNull(),
    site_description: text().notNull(),
    contact_email: text().notNull(),
    contact_phone: text().notNull(),
    office_address: text().notNull(),
    footer_text: text().notNull(),
    show_social_links: bool(true),
    facebook_url: text().notNull(),
    twitter_url: text().notNull(),
    instagram_url: text().notNull(),
    linkedin_url: text().notNull(),
    founded_year: integer().notNull(),
    opening_hours: text().notNull(),
    price_range: text().notNull(),
    theme_color: text().notNull(),
    logo_light_url: text(),
    logo_dark_url: text(),
    favicon_url: text(),
    texts: jsonb()
      .$type<SiteTexts>()
      .notNull()
      .default(sql.raw(`'${JSON.stringify(DEFAULT_TEXTS).replace(/'/g, "''")}'`)),
    require_mfa_for: text({ enum: MFA_REQUIREMENTS }).notNull().default('none'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 'default'`)],
);
