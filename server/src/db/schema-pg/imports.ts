// The PostgreSQL twin of ../schema/imports.ts: the same tables, columns, checks and indexes (documented there).
import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const importedItems = pgTable(
  'imported_items',
  {
    source: text().notNull(),
    kind: text({ enum: ['post', 'image'] }).notNull(),
    source_key: text().notNull(),
    target: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.source, t.kind, t.source_key] })],
);
