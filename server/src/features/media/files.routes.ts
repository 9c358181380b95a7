import { Readable } from 'node:stream';
import type { ImageFormat } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { AppEnv, Deps } from '../../context';
import { trashItems } from '../../db/schema';
import { IMMUTABLE } from '../../http/cache-control';
import { badRequest, notFound } from '../../lib/errors';
import { ogImages } from '../../storage/focal-crops';
import {
  type ByteRange,
  type ObjectInfo,
  parseStoredUrl,
  type Storage,
  type StorageArea,
  storedUrl,
} from '../../storage/local';
import { imageVariants, MAX_INPUT_PIXELS, parseVariant } from '../../storage/variants';
import { knownFocus } from './focal';
import { redirectOf } from './replace';

/**
 * The best format the client says it takes: AVIF, else WebP, else JPEG (which every client takes).
 * Browsers name the modern formats in the `Accept` of an image request; a bare `*` does not count, as
 * a client that sends only that may not decode AVIF.
 */
function negotiateFormat(accept: string | undefined): ImageFormat {
  const types = (accept ?? '')
    .split(',')
    .filter((part) => !/;\s*q=0(?:\.0*)?\s*$/.test(part))
    .map((part) => part.split(';')[0]!.trim().toLowerCase());
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return 'jpeg';
}

/** The stored files that are images: only they have variants, and only they are shown inline. */
const IMAGE = /\.(?:png|jpe?g|gif|webp)$/i;

/** One `bytes=` range of an object `size` long (`a-b`, `a-`, `-n`); undefined when unsatisfiable. */
export function byteRange(header: string, size: number): ByteRange | undefined {
  const [, from = '', to = ''] = /^bytes=(\d*)-(\d*)$/.exec(header.trim()) ?? [];
  if (!from && !to) return undefined;
  const start = from ? Number(from) : Math.max(0, size - Number(to));
  const end = from && to ? Math.min(Number(to), size - 1) : size - 1;
  return start <= end && start < size ? { start, end } : undefined;
}

/**
 * Answers an object of the store with `headers` (its caching): Content-Type, Content-Length, a strong ETag
 * (If-None-Match → 304), Last-Modified, and for originals (`ranges`) a single `Range` asked of the store
 * itself (206, or 416 outside the object), so a large file is never read whole. Null when there is none.
 */
async function serveObject(
  c: Context<AppEnv>,
  storage: Storage,
  area: StorageArea,
  name: string,
  headers: Record<string, string>,
  ranges = false,
): Promise<Response | null> {
  // A Range of another syntax is ignored (the whole file is answered), as HTTP says.
  const asked = ranges ? /^bytes=\d*-\d*$/.exec(c.req.header('range')?.trim() ?? '')?.[0] : undefined;
  const known = c.req.header('if-none-match');
  const head = c.req.method === 'HEAD';
  // A conditional, ranged or HEAD request asks the store what it holds first, without reading the bytes.
  const info = asked || known || head ? await storage.stat(area, name) : null;
  if ((asked || known || head) && !info) return null;
  const about = (object: ObjectInfo): Record<string, string> => ({
    ...headers,
    'Content-Type': object.type,
    ETag: object.etag,
    'Last-Modified': object.modified.toUTCString(),
    ...(ranges ? { 'Accept-Ranges': 'bytes' } : {}),
  });
  if (info && known === info.etag) return c.body(null, 304, about(info));
  if (info && head) return c.body(null, 200, { ...about(info), 'Content-Length': String(info.size) });
  const range = info && asked ? byteRange(asked, info.size) : undefined;
  if (info && asked && !range)
    return c.body(null, 416, { ...about(info), 'Content-Range': `bytes */${info.size}` });
  const object = await storage.get(area, name, range);
  if (!object) return null;
  const common = about(object);
  const body = Readable.toWeb(object.body) as ReadableStream;
  if (!object.range) return c.body(body, 200, { ...common, 'Content-Length': String(object.size) });
  const { start, end } = object.range;
  return c.body(body, 206, {
    ...common,
    'Content-Length': String(end - start + 1),
    'Content-Range': `bytes ${start}-${end}/${info?.size ?? object.size}`,
  });
}

/**
 * GET /media/<bucket>/<name>: the stored files, and `?w=&f=` (`&c=portrait`, `&focus=<x>-<y>`) their resized
 * variants, all with long-lived immutable caching (a stored name never gets other bytes: every upload gets a
 * new random name).
 * `?w=` alone picks the format from `Accept` (Vary: Accept), so a page names each size once and the same
 * HTML serves every browser (the page cache keeps one copy of it). Any other file (a PDF) is sent as a download
 * (`Content-Disposition: attachment`), never shown on the site's origin where a script in it would run; with
 * `X-Content-Type-Options: nosniff` (app.ts) no browser guesses another type either. A file in the Trash
 * answers 404, its sizes too, until it is restored.
 */
export function mediaFileRoutes(deps: Deps) {
  const { storage } = deps;
  const variant = imageVariants(storage);
  const ogImage = ogImages(storage, MAX_INPUT_PIXELS);
  const immutable = { 'Cache-Control': IMMUTABLE };
  const trashed = async (path: string) =>
    (
      await deps.db
        .select({ id: trashItems.id })
        .from(trashItems)
        .where(eq(trashItems.media_path, path))
        .limit(1)
    ).length > 0;
  return new Hono<AppEnv>().get('/media/*', async (c, next) => {
    const relative = c.req.path.replace(/^\/media\//, '');
    // A replaced file's address (and each of its sizes) leads to the file that took its place (the replaced
    // file itself is in the Trash); any other file in the Trash is not served.
    const moved = await redirectOf(deps.db, relative);
    if (moved) {
      const query = new URL(c.req.url).search;
      c.header('Cache-Control', 'public, max-age=3600');
      return c.redirect(`/media/${moved}${query}`, 308);
    }
    if (await trashed(relative)) return next();
    const { w, f, c: crop, og, focus: point } = c.req.query();
    if (og !== undefined) {
      // The Open Graph image (1200 × 630) cut around a focal point the studio set (`?og=<x>-<y>`, thousandths).
      const focus = IMAGE.test(relative) ? await knownFocus(deps.db, relative, og) : undefined;
      const name = focus && (await ogImage(relative, focus));
      const answer = name && (await serveObject(c, storage, 'focal', name, immutable));
      if (!answer) throw notFound('No such image or focal point');
      return answer;
    }
    if (w === undefined && f === undefined && crop === undefined) {
      const stored = parseStoredUrl(storedUrl(relative));
      if (!stored) return next();
      const headers: Record<string, string> = IMAGE.test(relative)
        ? immutable
        : { ...immutable, 'Content-Disposition': 'attachment' };
      const answer = await serveObject(c, storage, stored.bucket, stored.name, headers, true);
      return answer ?? next();
    }
    if (!IMAGE.test(c.req.path)) throw badRequest('Only images have other sizes and formats');
    const negotiated = f === undefined;
    const wanted = parseVariant(w, negotiated ? negotiateFormat(c.req.header('accept')) : f, crop);
    if (!wanted || (point !== undefined && !wanted.crop)) throw badRequest('Unknown image size or format');
    // A portrait cut around a focal point: only a point the studio set, as for the Open Graph image.
    const focus = point === undefined ? undefined : await knownFocus(deps.db, relative, point);
    if (point !== undefined && !focus) throw notFound('No such image or focal point');
    const name = await variant(relative, wanted.width, wanted.format, wanted.crop, focus);
    const headers = { ...immutable, ...(negotiated ? { Vary: 'Accept' } : {}) };
    return (name && (await serveObject(c, storage, 'variants', name, headers))) || next();
  });
}
