// The PostgreSQL twin of ../schema/trash.ts: the same tables, columns, checks and indexes (documented there).
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bool, createdAt, oneOf } from './columns';

export const trashItems = pgTable(
  'trash_items',
  {
    id: text().primaryKey(),
    entity_type: text().notNull(),
    label: text().notNull().default(''),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    media_path: text(),
    keep_files: bool(false),
    deleted_by: text().references(() => users.id, { onDelete: 'set null' }),
    deleted_at: createdAt(),
  },
  (t) => [index('trash_items_deleted_idx').on(t.deleted_at), index('trash_items_media_idx').on(t.media_path)],
);

export const trashSettings = pgTable(
  'trash_settings',
  {
    id: integer().primaryKey(),
    keep_days: integer().notNull().default(30),
  },
  (t) => [check('trash_settings_single_row', oneOf(t.id, ['1']))],
);
