import { STORAGE_BUCKETS } from '@atelier/shared';
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { bool, createdAt, id, oneOf, updatedAt } from './columns';

export const mediaFolders = sqliteTable(
  'media_folders',
  {
    id: id(),
    name: text().notNull(),
    parent_id: text().references((): AnySQLiteColumn => mediaFolders.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('media_folders_parent_name_unique').on(t.parent_id, t.name)],
);

export const mediaFiles = sqliteTable(
  'media_files',
  {
    id: id(),
    folder_id: text().references(() => mediaFolders.id, { onDelete: 'set null' }),
    bucket: text({ enum: STORAGE_BUCKETS }).notNull(),
    path: text().notNull(),
    /** The name the file had on the uploader's computer (shown and searched in the library). */
    original_name: text().notNull().default(''),
    content_hash: text().notNull(),
    mime_type: text().notNull(),
    size_bytes: integer().notNull(),
    width: integer(),
    height: integer(),
    alt_text: text().notNull().default(''),
    /** The point every cover frame keeps in view, as fractions of the width and height (0..1; the centre by default). */
    focus_x: real().notNull().default(0.5),
    focus_y: real().notNull().default(0.5),
    /**
     * The item this one was cropped from (a crop is a new item; its source is never changed). No foreign key:
     * the source may be deleted while its crops stay.
     */
    source_id: text(),
    /** Shown for its look only (a texture, a divider): it needs no alt text, and is given an empty one. */
    decorative: bool(false),
    uploaded_by: text().references(() => users.id, { onDelete: 'set null' }),
    /** Written by the seed: the sample studio's, removed by "Remove sample content". */
    sample: bool(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('media_files_bucket_check', oneOf(t.bucket, STORAGE_BUCKETS)),
    uniqueIndex('media_files_bucket_path_unique').on(t.bucket, t.path),
    index('media_files_folder_created_idx').on(t.folder_id, t.created_at),
    index('media_files_bucket_created_idx').on(t.bucket, t.created_at),
    index('media_files_hash_idx').on(t.content_hash),
  ],
);

/** Who changed what, for the studio's own records. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: id(),
    actor_id: text().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entity_type: text().notNull(),
    entity_id: text(),
    details: text({ mode: 'json' }).$type<Record<string, unknown>>(),
    ip: text(),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at),
    index('audit_log_entity_idx').on(t.entity_type, t.entity_id),
    index('audit_log_actor_idx').on(t.actor_id, t.created_at),
  ],
);

/**
 * A replaced file's old address and the file that took its place: `/media/<from_path>` (and its sizes) answers
 * a permanent redirect to `/media/<to_path>`, so pages and e-mails sent before the replace keep working.
 */
export const mediaRedirects = sqliteTable('media_redirects', {
  from_path: text().primaryKey(),
  to_path: text().notNull(),
  created_at: createdAt(),
});
