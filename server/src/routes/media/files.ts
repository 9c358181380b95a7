import fs from 'node:fs/promises';
import { ERROR_CODES } from '@atelier/shared';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context';
import { uploadsDir } from '../../storage/local';
import { imageVariants, parseVariant, VARIANT_TYPES } from '../../storage/variants';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /media/<bucket>/<name>: the stored files, and `?w=&f=` their resized variants, all with long-lived
 * immutable caching (a stored name never gets other bytes: every upload gets a new random name).
 */
export function mediaFileRoutes(deps: Deps) {
  const variant = imageVariants(deps.env.dataDir);
  const files = serveStatic<AppEnv>({
    root: uploadsDir(deps.env.dataDir),
    rewriteRequestPath: (p) => p.replace(/^\/media/, ''),
    onFound: (_path, c) => {
      c.header('Cache-Control', IMMUTABLE);
    },
  });
  return new Hono<AppEnv>().get('/media/*', async (c, next) => {
    const { w, f } = c.req.query();
    if (w === undefined && f === undefined) return files(c, next);
    const wanted = parseVariant(w, f);
    if (!wanted)
      return c.json(
        { error: { code: ERROR_CODES.badRequest, message: 'Unknown image size or format' } },
        400,
      );
    const file = await variant(c.req.path.replace(/^\/media\//, ''), wanted.width, wanted.format);
    if (!file) return files(c, next);
    return c.body(await fs.readFile(file), 200, {
      'Content-Type': VARIANT_TYPES[wanted.format],
      'Cache-Control': IMMUTABLE,
    });
  });
}
