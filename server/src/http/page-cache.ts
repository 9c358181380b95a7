import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { acceptedCodings, bytesOf, type EncodedBody, sendEncoded } from './encoded-body';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface RenderedPage {
  html: string;
  status: number;
  /** Headers the same for every visitor (Content-Type, Cache-Control, X-Robots-Tag...). */
  headers: Record<string, string>;
}

interface Entry extends EncodedBody {
  version: string;
  /** Brotli comes with the page's second request (see `withBrotli`). */
  brotli?: Promise<void>;
  bytes: number;
}

/**
 * Public pages rendered once per URL and per database state, kept with their gzip and Brotli bodies
 * (compressed once, off the event loop) and answered with a strong ETag and 304. Brotli's best levels
 * cost ten times gzip's, so a page gets its Brotli body on its second request (which waits for it):
 * a URL asked for once (a crawler's odd query, a probe for a missing page) never pays for it. Nothing
 * per visitor may go in: the key is the path and query, the headers are the same for everyone, and
 * what is personal (a view's cookie) is set on the context by the caller, outside the entry.
 *
 * `version` is the database's change counter (db/content-version.ts): an entry from another version is
 * rendered again. Concurrent misses of one URL share one render. Bounded by count and by bytes, the
 * least recently used entry out first.
 */
export function pageCache(version: () => string, limits = { entries: 300, bytes: 24 * 1024 * 1024 }) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry>>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  /** Drops the least recently used entries until `incoming` more bytes fit. */
  const makeRoom = (incoming: number) => {
    while (entries.size > 0 && (entries.size >= limits.entries || bytes + incoming > limits.bytes)) {
      remove(entries.keys().next().value as string);
    }
  };

  async function store(key: string, now: string, page: RenderedPage): Promise<Entry> {
    const raw = Buffer.from(page.html);
    const tag = createHash('sha1').update(raw).digest('base64url');
    const previous = entries.get(key);
    const same = previous?.tag === tag && previous.status === page.status;
    if (previous && same && JSON.stringify(previous.headers) === JSON.stringify(page.headers)) {
      // A write that changed nothing on this page (an e-mail sent, a session refreshed): the same bytes, so
      // the codings already made (the Brotli body too) stay, under the new version.
      previous.version = now;
      entries.delete(key);
      entries.set(key, previous);
      return previous;
    }
    const gz = await gzip(raw, { level: 9 });
    const entry: Entry = {
      version: now,
      status: page.status,
      headers: page.headers,
      tag,
      bodies: { identity: bytesOf(raw), gzip: bytesOf(gz) },
      bytes: raw.length + gz.length,
    };
    remove(key);
    if (entry.bytes > limits.bytes / 4) return entry; // never kept: it would push too much else out
    makeRoom(entry.bytes);
    entries.set(key, entry);
    bytes += entry.bytes;
    return entry;
  }

  /** The entry with its Brotli body, made once however many requests wait for it. */
  async function withBrotli(key: string, entry: Entry): Promise<Entry> {
    entry.brotli ??= brotli(entry.bodies.identity, {
      params: {
        // On the home page: quality 10 is 3 % larger than 11 in a quarter of the time (44 ms against
        // 166), and 10 % smaller than 9.
        [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.bodies.identity.length,
      },
    }).then((br) => {
      entry.bodies.br = bytesOf(br);
      entry.bytes += br.length;
      if (entries.get(key) !== entry) return;
      entries.delete(key);
      makeRoom(br.length);
      entries.set(key, entry);
      bytes += br.length;
    });
    await entry.brotli;
    return entry;
  }

  return {
    /**
     * Answers `c` with the page at `key`: from the cache while the database is unchanged (and `variant`,
     * what else the page shows that moves without a content write, is the same), otherwise from `render`
     * (called once however many requests wait for it).
     */
    async serve(
      c: Context,
      key: string,
      render: () => Promise<RenderedPage>,
      variant = '',
    ): Promise<Response> {
      const now = variant ? `${version()}|${variant}` : version();
      const hit = entries.get(key);
      let entry: Entry;
      if (hit?.version === now) {
        // Least recently used goes first: a hit moves to the end.
        entries.delete(key);
        entries.set(key, hit);
        entry = hit;
      } else {
        const waiting = `${now} ${key}`;
        let rendering = pending.get(waiting);
        if (!rendering) {
          // Rendered with the version read before it: a write meanwhile leaves the entry already stale.
          rendering = render()
            .then((page) => store(key, now, page))
            .finally(() => pending.delete(waiting));
          pending.set(waiting, rendering);
        }
        entry = await rendering;
      }
      // Asked for again (a hit, or a render that gave the bytes already kept): worth its Brotli body.
      const again = entry === hit;
      const wantsBrotli =
        again && !entry.bodies.br && acceptedCodings(c.req.header('accept-encoding')).has('br');
      return sendEncoded(c, wantsBrotli ? await withBrotli(key, entry) : entry);
    },
    /** What the cache holds (for tests and the log). */
    stats: () => ({ entries: entries.size, bytes }),
  };
}
