// The PostgreSQL twin of ../schema/limits.ts: the same tables, columns and keys (documented there).
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable(
  'rate_limits',
  {
    name: text().notNull(),
    key: text().notNull(),
    count: integer().notNull(),
    reset_at: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.key] })],
);

export const postViewsSeen = pgTable(
  'post_views_seen',
  {
    day: text().notNull(),
    post_id: text().notNull(),
    visitor: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.post_id, t.visitor] })],
);
