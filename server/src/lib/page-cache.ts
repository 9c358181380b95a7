import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The codings a page is stored in, best first; `identity` is the HTML as rendered. */
const CODINGS = ['br', 'gzip', 'identity'] as const;
type Coding = (typeof CODINGS)[number];
/** Suffixes keep each coding's strong ETag distinct, as a strong validator must be per representation. */
const SUFFIX: Record<Coding, string> = { br: '-br', gzip: '-gz', identity: '' };

export interface RenderedPage {
  html: string;
  status: number;
  /** Headers the same for every visitor (Content-Type, Cache-Control, X-Robots-Tag...). */
  headers: Record<string, string>;
}

interface Entry {
  version: string;
  status: number;
  headers: Record<string, string>;
  /** The ETag of the HTML without its quotes and suffix. */
  tag: string;
  bodies: Record<Coding, Uint8Array<ArrayBuffer>>;
  bytes: number;
}

/** A Buffer as the plain byte view a Response body takes. */
const bytesOf = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

/** The coding to send for an Accept-Encoding header: Brotli, else gzip, else the HTML as it is. */
export function pickCoding(header: string | undefined): Coding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || (q.get('x-gzip') ?? 0) > 0) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names this page in any coding (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === '*' || CODINGS.some((coding) => value === `"${tag}${SUFFIX[coding]}"`);
  });
}

/**
 * Public pages rendered once per URL and per database state, kept with their Brotli and gzip bodies
 * (compressed once, off the event loop, when stored) and answered with a strong ETag and 304. Nothing
 * per visitor may go in: the key is the path and query, the headers are the same for everyone, and
 * what is personal (a view's cookie) is set on the context by the caller, outside the entry.
 *
 * `version` is the database's change counter (lib/response-cache.ts): an entry from another version is
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

  async function store(key: string, now: string, page: RenderedPage): Promise<Entry> {
    const raw = Buffer.from(page.html);
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          // On the home page: quality 10 is 3 % larger than 11 in a quarter of the time (44 ms against
          // 166), and 10 % smaller than 9.
          [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip(raw, { level: 9 }),
    ]);
    const entry: Entry = {
      version: now,
      status: page.status,
      headers: page.headers,
      tag: createHash('sha1').update(raw).digest('base64url'),
      bodies: { br: bytesOf(br), gzip: bytesOf(gz), identity: bytesOf(raw) },
      bytes: raw.length + br.length + gz.length,
    };
    remove(key);
    if (entry.bytes > limits.bytes) return entry; // never kept: it would push everything else out
    while (entries.size >= limits.entries || bytes + entry.bytes > limits.bytes) {
      remove(entries.keys().next().value as string);
    }
    entries.set(key, entry);
    bytes += entry.bytes;
    return entry;
  }

  function send(c: Context, entry: Entry): Response {
    const coding = pickCoding(c.req.header('accept-encoding'));
    const etag = `"${entry.tag}${SUFFIX[coding]}"`;
    const headers: Record<string, string> = { ...entry.headers, ETag: etag, Vary: 'Accept-Encoding' };
    if (entry.status === 200 && matches(c.req.header('if-none-match'), entry.tag)) {
      return c.body(null, 304, headers);
    }
    if (coding !== 'identity') headers['Content-Encoding'] = coding;
    return c.body(entry.bodies[coding], entry.status as 200, headers);
  }

  return {
    /**
     * Answers `c` with the page at `key`: from the cache while the database is unchanged, otherwise
     * from `render` (called once however many requests wait for it).
     */
    async serve(c: Context, key: string, render: () => RenderedPage): Promise<Response> {
      const now = version();
      const hit = entries.get(key);
      if (hit?.version === now) {
        // Least recently used goes first: a hit moves to the end.
        entries.delete(key);
        entries.set(key, hit);
        return send(c, hit);
      }
      const waiting = `${now} ${key}`;
      let entry = pending.get(waiting);
      if (!entry) {
        // Rendered with the version read before it: a write meanwhile leaves the entry already stale.
        entry = store(key, now, render()).finally(() => pending.delete(waiting));
        pending.set(waiting, entry);
      }
      return send(c, await entry);
    },
    /** What the cache holds (for tests and the log). */
    stats: () => ({ entries: entries.size, bytes }),
  };
}
