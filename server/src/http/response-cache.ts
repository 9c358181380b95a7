import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

interface Entry {
  version: string;
  /** Bytes, not text: a hit is written out as it is, with no encoding per request. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  contentType: string;
}

const digest = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('base64url');

/**
 * Caches successful GET answers per URL (or per `limits.key`: the URL and who may share its answer) until
 * `version` changes, with a weak ETag, and answers If-None-Match with 304. Bounded by count and by size
 * (bytes of JSON): the oldest entries go first, and an answer over a quarter of the size is never kept.
 * Whatever may see an entry is decided before this runs (public answers only, or behind the admin gate).
 */
export function responseCache(
  version: () => string,
  limits: { entries: number; bytes: number; key?: (c: Context) => string } = {
    entries: 500,
    bytes: 16 * 1024 * 1024,
  },
): MiddlewareHandler {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const remove = (key: string) => {
    bytes -= entries.get(key)?.body.byteLength ?? 0;
    entries.delete(key);
  };
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const key = limits.key?.(c) ?? c.req.url;
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
