import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/**
 * What an import from another system (a WordPress export) already made: the source (its site address), the
 * item's key there (a post's id, an image's URL) and what it became here (a post's id, a library URL). An
 * import run again skips what is listed, so it creates nothing twice.
 */
export const importedItems = sqliteTable(
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
