// The PostgreSQL twin of ../schema/media.ts: the same tables, columns, checks and indexes (documented there).
import { STORAGE_BUCKETS } from '@atelier/shared';
import {
  type AnyPgColumn,
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bool, createdAt, id, oneOf, updatedAt } from './columns';

export const mediaFolders = pgTable(
  'media_folders',
  {
    id: id(),
    name: text().notNull(),
    parent_id: text().references((): AnyPgColumn => mediaFolders.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('media_folders_parent_name_unique').on(t.parent_id, t.name)],
);

export const mediaFiles = pgTable(
  'media_files',
  {
    id: id(),
    folder_id: text().references(() => mediaFolders.id, { onDelete: 'set null' }),
    bucket: text({ enum: STORAGE_BUCKETS }).notNull(),
    path: text().notNull(),
    original_name: text().notNull().default(''),
    content_hash: text().notNull(),
    mime_type: text().notNull(),
    size_bytes: bigint({ mode: 'number' }).notNull(),
    width: integer(),
    height: integer(),
    alt_text: text().notNull().default(''),
    focus_x: doublePrecision().notNull().default(0.5),
    focus_y: doublePrecision().notNull().default(0.5),
    source_id: text(),
    decorative: bool(false),
    uploaded_by: text().references(() => users.id, { onDelete: 'set null' }),
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

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actor_id: text().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entity_type: text().notNull(),
    entity_id: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at),
    index('audit_log_entity_idx').on(t.entity_type, t.entity_id),
    index('audit_log_actor_idx').on(t.actor_id, t.created_at),
  ],
);

export const mediaRedirects = pgTable('media_redirects', {
  from_path: text().primaryKey(),
  to_path: text().notNull(),
  created_at: createdAt(),
});
