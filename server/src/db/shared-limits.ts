import { tooManyRequests } from '../lib/rate-limit';
import { type Db, statement } from './client';

/** A limit on requests per key: the memory one of a single server (lib/rate-limit.ts) or this shared one. */
export interface Limiter {
  /** Counts one request for `key`; throws a 429 with Retry-After when over the limit. */
  hit(key: string): Promise<void>;
  /** Stops its timers (on shutdown). */
  dispose?(): void;
}

/** Who has been counted as viewing which post today (lib/view-ledger.ts, or this shared one). */
export interface Ledger {
  firstToday(postId: string, visitor: string, now?: number): Promise<boolean>;
}

// One statement counts the request and opens a new window where the last one ended: atomic on every server.
const count = statement<
  [string, string, string, string, string, string],
  { count: number; reset_at: string }
>(
  `INSERT INTO rate_limits (name, key, count, reset_at) VALUES (?, ?, 1, ?)
   ON CONFLICT (name, key) DO UPDATE SET
     count = CASE WHEN rate_limits.reset_at <= ? THEN 1 ELSE rate_limits.count + 1 END,
     reset_at = CASE WHEN rate_limits.reset_at <= ? THEN ? ELSE rate_limits.reset_at END
   RETURNING count, reset_at`,
);
const sweepWindows = statement<[string]>('DELETE FROM rate_limits WHERE reset_at <= ?');

/** A fixed-window limit counted in the database, so every server behind a balancer counts the same requests. */
export function sharedLimiter(
  db: Db,
  name: string,
  limit: number,
  windowMs: number,
  now = Date.now,
): Limiter {
  let swept = 0;
  return {
    async hit(key) {
      const at = now();
      const iso = new Date(at).toISOString();
      const next = new Date(at + windowMs).toISOString();
      const [row] = await count.rows(db, name, key, next, iso, iso, next);
      if (at - swept > windowMs) {
        swept = at;
        await sweepWindows.run(db, iso);
      }
      if (row && row.count > limit) throw tooManyRequests(Date.parse(row.reset_at), at);
    },
  };
}

const seen = statement<[string, string, string], { day: string }>(
  'INSERT INTO post_views_seen (day, post_id, visitor) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING day',
);
const forgetBefore = statement<[string]>('DELETE FROM post_views_seen WHERE day < ?');

/** The one-view-per-visitor-a-day ledger in the database, shared by every server; earlier days forgotten. */
export function sharedLedger(db: Db): Ledger {
  let today = '';
  return {
    async firstToday(postId, visitor, now = Date.now()) {
      const day = new Date(now).toISOString().slice(0, 10);
      if (day !== today) {
        today = day;
        await forgetBefore.run(db, day);
      }
      return (await seen.rows(db, day, postId, visitor)).length > 0;
    },
  };
}
