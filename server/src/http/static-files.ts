import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { bytesOf, type EncodedBody, sendEncoded } from './encoded-body';

/** The precompressed copies a build writes beside a file, by the coding they are sent with. */
const COPIES = { br: '.br', gzip: '.gz' } as const;

export interface StaticLimits {
  /** A larger file is left to the disk path (all its copies counted). */
  fileBytes: number;
  /** What all the files kept take at most; the files that do not fit are left to the disk path. */
  bytes: number;
}

/**
 * The files of a built website read once into memory, each with the Brotli and gzip copies its build
 * wrote beside it (`name.br`, `name.gz`), and answered like a cached page: the best coding the request
 * accepts, a strong ETag per coding, `Vary: Accept-Encoding`, 304 on If-None-Match. `cacheControl` picks
 * the files served (by their URL path, `/assets/x.css`) and the Cache-Control each is sent with;
 * undefined leaves a file out. A file over the limits is read from the disk at each request (its copies
 * sent as they are too); a request for anything else goes on to the next handler.
 */
export function staticFiles(
  root: string,
  cacheControl: (urlPath: string) => string | undefined,
  limits: StaticLimits = { fileBytes: 1024 * 1024, bytes: 32 * 1024 * 1024 },
) {
  const files = new Map<string, EncodedBody>();
  /** The files over the limits, with their Cache-Control. */
  const onDisk = new Map<string, string>();
  let bytes = 0;
  const names = fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, encoding: 'utf8' }) : [];
  for (const name of names.sort()) {
    const file = path.join(root, name);
    const urlPath = `/${name.split(path.sep).join('/')}`;
    const control = cacheControl(urlPath);
    if (!control || Object.values(COPIES).some((suffix) => name.endsWith(suffix))) continue;
    const stat = fs.statSync(file);
    if (!stat.isFile()) continue;
    const copies = Object.entries(COPIES).filter(([, suffix]) => fs.existsSync(file + suffix));
    const size = stat.size + copies.reduce((sum, [, suffix]) => sum + fs.statSync(file + suffix).size, 0);
    if (size > limits.fileBytes || bytes + size > limits.bytes) {
      onDisk.set(urlPath, control);
      continue;
    }
    const identity = fs.readFileSync(file);
    files.set(urlPath, {
      status: 200,
      headers: {
        'Content-Type': getMimeType(name) ?? 'application/octet-stream',
        'Cache-Control': control,
      },
      tag: createHash('sha1').update(identity).digest('base64url'),
      bodies: {
        identity: bytesOf(identity),
        ...Object.fromEntries(
          copies.map(([coding, suffix]) => [coding, bytesOf(fs.readFileSync(file + suffix))]),
        ),
      },
    });
    bytes += size;
  }

  const fromDisk = serveStatic({ root, precompressed: true });
  const handler: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const entry = files.get(c.req.path);
    if (entry) return sendEncoded(c, entry);
    const control = onDisk.get(c.req.path);
    if (!control) return next();
    const res = await fromDisk(c, next);
    res?.headers.set('Cache-Control', control);
    return res;
  };
  return { handler, stats: () => ({ files: files.size, bytes, onDisk: onDisk.size }) };
}
