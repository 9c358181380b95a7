import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { bool, createdAt, oneOf } from './columns';

/**
 * The Trash: a deleted row, whole, as JSON, until it is restored or deleted forever. The row leaves its own
 * table, so every public query, count, sitemap and cache stays correct with no filter of its own.
 */
export const trashItems = sqliteTable(
  'trash_items',
  {
    /** The deleted row's id (ids are random UUIDs, unique across the content tables). */
    id: text().primaryKey(),
    /** The audit log's entity type: project, blog_post, service, team_member, video, media. */
    entity_type: text().notNull(),
    /** Its title or name when it was deleted. */
    label: text().notNull().default(''),
    /** The row as it was. */
    data: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** A trashed media file's stored path (`bucket/name`): its bytes stay, /media answers 404 for it. */
    media_path: text(),
    /** Deleted forever, it leaves the files it shows in the library (a project deleted "keeping its photographs"). */
    keep_files: bool(false),
    deleted_by: text().references(() => users.id, { onDelete: 'set null' }),
    deleted_at: createdAt(),
  },
  (t) => [index('trash_items_deleted_idx').on(t.deleted_at), index('trash_items_media_idx').on(t.media_path)],
);

/** How long the trash keeps an item before the server deletes it forever: one row (id 1). */
export const trashSettings = sqliteTable(
  'trash_settings',
  {
    id: integer().primaryKey(),
    keep_days: integer().notNull().default(30),
  },
  (t) => [check('trash_settings_single_row', oneOf(t.id, ['1']))],
);
