// The PostgreSQL twin of ../schema/revisions.ts: the same tables, columns, checks and indexes (documented there).
import { REVISION_KEEP, REVISION_MARKS } from '@atelier/shared';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytes, createdAt, oneOf, stringList } from './columns';

export const revisions = pgTable(
  'revisions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entity_type: text().notNull(),
    entity_id: text().notNull(),
    mark: text({ enum: REVISION_MARKS }).notNull(),
    actor_id: text().references(() => users.id, { onDelete: 'set null' }),
    changed_fields: stringList(),
    data: bytes().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('revisions_entity_idx').on(t.entity_type, t.entity_id, t.id),
    index('revisions_created_idx').on(t.created_at),
  ],
);

export const revisionRetention = pgTable(
  'revision_retention',
  {
    id: integer().primaryKey(),
    keep: text({ enum: REVISION_KEEP }).notNull().default('all'),
    count: integer().notNull().default(50),
  },
  (t) => [
    check('revision_retention_single_row', oneOf(t.id, ['1'])),
    check('revision_retention_keep', oneOf(t.keep, REVISION_KEEP)),
  ],
);
