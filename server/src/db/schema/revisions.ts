import { REVISION_KEEP, REVISION_MARKS } from '@atelier/shared';
import { blob, check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { createdAt, oneOf, stringList } from './columns';

/**
 * Every saved version of a content row and of the site settings: the whole row as saved, Brotli-compressed
 * JSON (`data`), who saved it, when, which fields changed, and how it came to be (`mark`). Written in the
 * transaction of the write it records (db/revisions.ts).
 */
export const revisions = sqliteTable(
  'revisions',
  {
    /** Increasing: the order of the saves, newest last. */
    id: integer().primaryKey({ autoIncrement: true }),
    /** The audit log's entity type: `project`, `blog_post`, … `settings`. */
    entity_type: text().notNull(),
    entity_id: text().notNull(),
    mark: text({ enum: REVISION_MARKS }).notNull(),
    actor_id: text().references(() => users.id, { onDelete: 'set null' }),
    changed_fields: stringList(),
    data: blob({ mode: 'buffer' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('revisions_entity_idx').on(t.entity_type, t.entity_id, t.id),
    index('revisions_created_idx').on(t.created_at),
  ],
);

/** How long revisions are kept (one row, id 1; none: every revision, for good). */
export const revisionRetention = sqliteTable(
  'revision_retention',
  {
    id: integer().primaryKey(),
    keep: text({ enum: REVISION_KEEP }).notNull().default('all'),
    /** The last `count` revisions of each item, or the revisions of the last `count` days. */
    count: integer().notNull().default(50),
  },
  (t) => [
    check('revision_retention_single_row', oneOf(t.id, ['1'])),
    check('revision_retention_keep', oneOf(t.keep, REVISION_KEEP)),
  ],
);
