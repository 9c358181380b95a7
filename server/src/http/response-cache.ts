import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { type Db, preparedStatement } from '../db/client';

interface Entry {
  version: string;
  /** Bytes, not text: a hit is written out as it is, with no encoding per request. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  contentType: string;
}

const totalChanges = preparedStatement((db: Db) => db.$client.prepare('SELECT total_changes()').pluck());
/** Changes made through `writeOutsideVersion`, per database: left out of its content version. */
const ignoredChanges = new WeakMap<Db, { count: number }>();

/**
 * Runs a write that must not empty the answer cache (a view count): every visitor's first view of a post
 * would otherwise throw away every cached answer of the API. Its changes are left out of `contentVersion`.
 */
export function writeOutsideVersion<T>(db: Db, write: () => T): T {
  const before = totalChanges(db).get() as number;
  try {
    return write();
  } finally {
    let ignored = ignoredChanges.get(db);
    if (!ignored) {
      ignored = { count: 0 };
      ignoredChanges.set(db, ignored);
    }
    ignored.count += (totalChanges(db).get() as number) - before;
  }
}

/**
 * The database's change counter: `data_version` moves when another connection commits (the CLI, a
 * restore), `total_changes()` when this one does (less the writes made through `writeOutsideVersion`). Any
 * content write therefore invalidates every cached answer, with nothing for a write path to remember.
 */
export function contentVersion(db: Db): () => string {
  const dataVersion = db.$client.prepare('PRAGMA data_version').pluck();
  // A scheduled post goes public when its date comes, with no write: that moment changes the version too.
  const nextScheduled = db.$client
    .prepare(
      `SELECT min(publish_date) FROM blog_posts WHERE status = 'published' AND publish_date > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    .pluck();
  let base = '';
  let due = Number.POSITIVE_INFINITY;
  let epoch = 0;
  return () => {
    const now = `${dataVersion.get()}.${(totalChanges(db).get() as number) - (ignoredChanges.get(db)?.count ?? 0)}`;
    if (now !== base || Date.now() >= due) {
      if (now === base) epoch += 1;
      base = now;
      const next = nextScheduled.get() as string | null;
      due = next ? Date.parse(next) : Number.POSITIVE_INFINITY;
    }
    return `${now}.${epoch}`;
  };
}

const DAY_MS = 86_400_000;

/**
 * The version of the admin answers: the content version, plus the view counts it leaves out (the admin blog
 * list sorts by them, the dashboard adds them up) and the UTC day (the dashboard's weeks end on it).
 */
export function adminVersion(db: Db): () => string {
  const content = contentVersion(db);
  return () => `${content()}.${ignoredChanges.get(db)?.count ?? 0}.${Math.floor(Date.now() / DAY_MS)}`;
}

const digest = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('base64url');

/**
 * Caches successful GET answers per URL until `version` changes, with a weak ETag, and answers
 * If-None-Match with 304. Bounded by count and by size (bytes of JSON): the oldest entries go first,
 * and an answer over a quarter of the size is never kept. Whatever may see an entry is decided before this
 * runs (public answers only, or behind the admin gate).
 */
export function responseCache(
  version: () => string,
  limits = { entries: 500, bytes: 16 * 1024 * 1024 },
): MiddlewareHandler<AppEnv> {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const remove = (key: string) => {
    bytes -= entries.get(key)?.body.byteLength ?? 0;
    entries.delete(key);
  };
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const key = c.req.url;
    const now = version();
    const hit = entries.get(key);
    if (hit && hit.version === now) {
      if (c.req.header('if-none-match') === hit.etag) return c.body(null, 304, { ETag: hit.etag });
      return c.body(hit.body, 200, { 'Content-Type': hit.contentType, ETag: hit.etag });
    }
    await next();
    const contentType = c.res.headers.get('content-type') ?? '';
    if (c.res.status !== 200 || !contentType.startsWith('application/json')) return;
    const body = new Uint8Array(await c.res.clone().arrayBuffer());
    // The version read before the handler ran: a write during it leaves this entry already stale.
    const entry = { version: now, body, etag: `W/"${digest(body)}"`, contentType };
    remove(key);
    if (body.byteLength <= limits.bytes / 4) {
      while (entries.size > 0 && (entries.size >= limits.entries || bytes + body.byteLength > limits.bytes))
        remove(entries.keys().next().value as string);
      entries.set(key, entry);
      bytes += body.byteLength;
    }
    c.header('ETag', entry.etag);
    if (c.req.header('if-none-match') === entry.etag) c.res = c.body(null, 304, { ETag: entry.etag });
  };
}
