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
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { bool, createdAt, id, oneOf, stringList, updatedAt } from './columns';

/**
 * The studio's project categories, in its order: the spec's five on a fresh install, then its own. A project
 * names its category by slug; a rename keeps the slug, so the projects stay in it.
 */
export const projectCategories = sqliteTable(
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

export const projects = sqliteTable(
  'projects',
  {
    id: id(),
    title: text().notNull(),
    /** Its address on the site (/projects/<slug>); null only for a row written around the services. */
    slug: text(),
    description: text().notNull(),
    /** A slug of `project_categories` (checked by the projects service: a category in use is not deleted). */
    category: text().notNull(),
    location: text().notNull().default(''),
    client: text().notNull().default(''),
    status: text({ enum: PUBLICATION_STATUSES }).notNull().default('draft'),
    project_type: text({ enum: PROJECT_TYPES }).notNull().default('project'),
    thumbnail: text(),
    images: stringList(),
    /** Alternative text per image URL (the admin form's alt text fields). */
    image_alts: text({ mode: 'json' }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    /** A focal point per image URL where this project frames a photograph otherwise than the library's point. */
    image_focus: text({ mode: 'json' }).$type<Record<string, FocalPoint>>().notNull().default(sql`'{}'`),
    completion_date: text(),
    featured: bool(false),
    /** The author: who created it (a contributor may edit only their own drafts). */
    user_id: text().references(() => users.id, { onDelete: 'set null' }),
    /** The review step: a draft submitted by its author, or sent back with a note. */
    review_status: text({ enum: REVIEW_STATUSES }),
    /** Written by the seed: the sample studio's, removed by "Remove sample content" (edits keep it sample). */
    sample: bool(false),
    review_note: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('projects_status_check', oneOf(t.status, PUBLICATION_STATUSES)),
    check('projects_type_check', oneOf(t.project_type, PROJECT_TYPES)),
    // public portfolio: published, by category, newest first
    index('projects_status_category_created_idx').on(t.status, t.category, t.created_at),
    // featured grid: published and featured, newest first
    index('projects_status_featured_created_idx').on(t.status, t.featured, t.created_at),
    // admin list: everything, newest first
    index('projects_created_idx').on(t.created_at),
    uniqueIndex('projects_slug_unique').on(t.slug),
  ],
);

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: id(),
    title: text().notNull(),
    /** Its address on the site (/blog/<slug>); null only for a row written around the services. */
    slug: text(),
    excerpt: text(),
    content: text().notNull(),
    featured_image: text(),
    status: text({ enum: PUBLICATION_STATUSES }).notNull().default('draft'),
    author_id: text().references(() => users.id, { onDelete: 'set null' }),
    /** The review step: a draft submitted by its author, or sent back with a note. */
    review_status: text({ enum: REVIEW_STATUSES }),
    review_note: text(),
    publish_date: text(),
    seo_keywords: stringList(),
    /** Written by the seed: the sample studio's, removed by "Remove sample content" (edits keep it sample). */
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

export const services = sqliteTable(
  'services',
  {
    id: id(),
    name: text().notNull(),
    /** Its address on the site (/services/<slug>); null only for a row written around the services. */
    slug: text(),
    description: text().notNull(),
    icon: text(),
    image: text(),
    price_range: text(),
    is_active: bool(true),
    /** Who created it (a contributor may edit only their own inactive ones). */
    /** Written by the seed: the sample studio's, removed by "Remove sample content" (edits keep it sample). */
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

/**
 * The addresses a project, post or service had before its slug changed: each answers a permanent redirect
 * to the current one. Kept by triggers (migration 0009), so no write path can forget one.
 */
export const slugHistory = sqliteTable(
  'slug_history',
  {
    entity_type: text({ enum: ['project', 'blog_post', 'service'] }).notNull(),
    slug: text().notNull(),
    entity_id: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.entity_type, t.slug] }), index('slug_history_entity_idx').on(t.entity_id)],
);

export const teamMembers = sqliteTable(
  'team_members',
  {
    id: id(),
    name: text().notNull(),
    role: text().notNull(),
    image: text(),
    quote: text(),
    facebook_url: text(),
    instagram_url: text(),
    /** Written by the seed: the sample studio's, removed by "Remove sample content" (edits keep it sample). */
    sample: bool(false),
    linkedin_url: text(),
    /** Who created it (a contributor may edit only their own inactive ones). */
    author_id: text().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('team_members_created_idx').on(t.created_at)],
);

export const inquiries = sqliteTable(
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

/** Each change of an inquiry's status: from, to, who, when. */
export const inquiryStatusChanges = sqliteTable(
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

/** The staff's internal notes on an inquiry (never shown to the client). */
export const inquiryNotes = sqliteTable(
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

export const youtubeVideos = sqliteTable(
  'youtube_videos',
  {
    id: id(),
    title: text().notNull(),
    url: text().notNull(),
    description: text(),
    project_type: text({ enum: PROJECT_TYPES }).notNull().default('project'),
    /** Written by the seed: the sample studio's, removed by "Remove sample content" (edits keep it sample). */
    sample: bool(false),
    is_active: bool(true),
    /** Who created it (a contributor may edit only their own inactive ones). */
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

/** One row, id 'default'. Defaults are the specification's (see DEFAULT_SETTINGS in @atelier/shared). */
export const siteSettings = sqliteTable(
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
    /** The header's logos over a photograph (light) and on white (dark), and the favicon: media-library URLs. */
    logo_light_url: text(),
    logo_dark_url: text(),
    favicon_url: text(),
    /** The studio's texts on the public pages (SiteTexts), checked on every write. */
    texts: text({ mode: 'json' })
      .$type<SiteTexts>()
      .notNull()
      .default(sql.raw(`'${JSON.stringify(DEFAULT_TEXTS).replace(/'/g, "''")}'`)),
    /** Who must have a second factor to use the admin: nobody, owner and admins, or all staff. */
    require_mfa_for: text({ enum: MFA_REQUIREMENTS }).notNull().default('none'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 'default'`)],
);
