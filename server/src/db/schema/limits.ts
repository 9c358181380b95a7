import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * What several servers behind one balancer must count together (on PostgreSQL; one SQLite server counts in
 * its memory): each limiter's fixed window per key, and who has been counted as viewing which post each day.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    /** The limiter: `inquiries`, `auth`, `avatars` (a profile picture sent). */
    name: text().notNull(),
    /** What it counts by: a client address, an account. */
    key: text().notNull(),
    count: integer().notNull(),
    /** When the window ends (ISO-8601). */
    reset_at: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.key] })],
);

export const postViewsSeen = sqliteTable(
  'post_views_seen',
  {
    /** The UTC day (YYYY-MM-DD). */
    day: text().notNull(),
    post_id: text().notNull(),
    visitor: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.post_id, t.visitor] })],
);
