import fs from 'node:fs/promises';
import type { ImageFormat } from '@atelier/shared';
import { serveStatic } from '@hono/node-server/serve-static';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context';
import { trashItems } from '../../db/schema';
import { IMMUTABLE } from '../../http/cache-control';
import { badRequest, notFound } from '../../lib/errors';
import { ogImages } from '../../storage/focal-crops';
import { uploadsDir } from '../../storage/local';
import { imageVariants, MAX_INPUT_PIXELS, parseVariant, VARIANT_TYPES } from '../../storage/variants';
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
  const variant = imageVariants(deps.env.dataDir);
  const ogImage = ogImages(deps.env.dataDir, MAX_INPUT_PIXELS);
  const files = serveStatic<AppEnv>({
    root: uploadsDir(deps.env.dataDir),
    rewriteRequestPath: (p) => p.replace(/^\/media/, ''),
    onFound: (path, c) => {
      c.header('Cache-Control', IMMUTABLE);
      if (!IMAGE.test(path)) c.header('Content-Disposition', 'attachment');
    },
  });
  const trashed = deps.db
    .select({ id: trashItems.id })
    .from(trashItems)
    .where(eq(trashItems.media_path, sql.placeholder('path')))
    .prepare();
  return new Hono<AppEnv>().get('/media/*', async (c, next) => {
    const relative = c.req.path.replace(/^\/media\//, '');
    // A replaced file's address (and each of its sizes) leads to the file that took its place (the replaced
    // file itself is in the Trash); any other file in the Trash is not served.
    const moved = redirectOf(deps.db, relative);
    if (moved) {
      const query = new URL(c.req.url).search;
      c.header('Cache-Control', 'public, max-age=3600');
      return c.redirect(`/media/${moved}${query}`, 308);
    }
    if (trashed.get({ path: relative })) return next();
    const { w, f, c: crop, og, focus: point } = c.req.query();
    if (og !== undefined) {
      // The Open Graph image (1200 × 630) cut around a focal point the studio set (`?og=<x>-<y>`, thousandths).
      const focus = IMAGE.test(relative) ? knownFocus(deps.db, relative, og) : undefined;
      const file = focus && (await ogImage(relative, focus));
      if (!file) throw notFound('No such image or focal point');
      return c.body(await fs.readFile(file), 200, {
        'Content-Type': 'image/jpeg',
        'Cache-Control': IMMUTABLE,
      });
    }
    if (w === undefined && f === undefined && crop === undefined) return files(c, next);
    if (!IMAGE.test(c.req.path)) throw badRequest('Only images have other sizes and formats');
    const negotiated = f === undefined;
    const wanted = parseVariant(w, negotiated ? negotiateFormat(c.req.header('accept')) : f, crop);
    if (!wanted || (point !== undefined && !wanted.crop)) throw badRequest('Unknown image size or format');
    // A portrait cut around a focal point: only a point the studio set, as for the Open Graph image.
    const focus = point === undefined ? undefined : knownFocus(deps.db, relative, point);
    if (point !== undefined && !focus) throw notFound('No such image or focal point');
    const file = await variant(relative, wanted.width, wanted.format, wanted.crop, focus);
    if (!file) return files(c, next);
    return c.body(await fs.readFile(file), 200, {
      'Content-Type': VARIANT_TYPES[wanted.format],
      'Cache-Control': IMMUTABLE,
      ...(negotiated ? { Vary: 'Accept' } : {}),
    });
  });
}
