import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebStream } from 'node:stream/web';
import { SiteImportStatus, SiteImportSummary, WordPressImportSummary } from '@atelier/shared';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type AppEnv, createRouter } from '../../context';
import { actorOf, allow } from '../../http/admin-routes';
import { adminErrors, errorResponse, errorResponses, jsonContent } from '../../http/openapi';
import { badRequest } from '../../lib/errors';
import { exportSite } from './site-export';
import { importSite, ownContent } from './site-import';
import { importWordPress } from './wordpress';

const tags = ['Admin: export and import'];
const check = z.object({
  check: z.enum(['true', 'false']).optional().openapi({ description: 'true: check only, write nothing' }),
});
const binary = (type: 'application/zip' | 'application/xml') => ({
  content: { [type]: { schema: { type: 'string' as const, format: 'binary' } } },
});

const download = createRoute({
  method: 'get',
  path: '/admin/site-export',
  tags,
  ...allow('settings'),
  summary: 'The whole site as a portable export (docs/export-format.md), streamed as a zip',
  request: {
    query: z.object({
      revisions: z
        .enum(['true', 'false'])
        .optional()
        .openapi({ description: 'true: every saved version of the content and settings too' }),
    }),
  },
  responses: { 200: { ...binary('application/zip'), description: 'The export' }, ...adminErrors },
});

const importStatus = createRoute({
  method: 'get',
  path: '/admin/site-import',
  tags,
  ...allow('settings'),
  summary: 'Whether an export may be imported here: only into a site with nothing but the sample',
  responses: { 200: jsonContent(SiteImportStatus, 'Empty or not, and what the site has'), ...adminErrors },
});

const siteImport = createRoute({
  method: 'post',
  path: '/admin/site-import',
  tags,
  ...allow('settings'),
  summary:
    'Imports an export into a site with nothing but the sample; checked whole before anything is written',
  request: { query: check, body: { ...binary('application/zip'), required: true } },
  responses: {
    200: jsonContent(SiteImportSummary, 'What was (or, checked only, would be) imported'),
    ...adminErrors,
    ...errorResponses(400),
    409: errorResponse('The site has content of its own'),
    413: errorResponse('The archive is too large'),
  },
});

const wordpressImport = createRoute({
  method: 'post',
  path: '/admin/wordpress-import',
  tags,
  ...allow('settings'),
  summary: "A WordPress export's (WXR) blog posts and their images: previewed, or imported (never twice)",
  request: { query: check, body: { ...binary('application/xml'), required: true } },
  responses: {
    200: jsonContent(WordPressImportSummary, 'What was (or, previewed, would be) imported'),
    ...adminErrors,
    ...errorResponses(400),
    413: errorResponse('The file is too large'),
  },
});

/** The request's body in a file of the data folder, removed after `work`. */
async function withBody<T>(c: Context<AppEnv>, work: (file: string) => Promise<T>): Promise<T> {
  const body = c.req.raw.body;
  if (!body) throw badRequest('Send the file as the request body.');
  const file = path.join(c.var.deps.env.dataDir, `.import-upload-${randomBytes(6).toString('hex')}`);
  try {
    await pipeline(Readable.fromWeb(body as WebStream), fs.createWriteStream(file, { mode: 0o600 }));
    return await work(file);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

export const portabilityAdminRoutes = createRouter()
  .openapi(download, async (c) => {
    const { archive, manifest } = await exportSite(c.var.deps, {
      revisions: c.req.valid('query').revisions === 'true',
    });
    const day = manifest.created_at.slice(0, 10);
    return c.body(Readable.toWeb(archive) as ReadableStream, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="atelier-export-${day}.zip"`,
      'Cache-Control': 'no-store',
    });
  })
  .openapi(importStatus, async (c) => {
    const own = await ownContent(c.var.deps.db);
    return c.json({ empty: own === '', own }, 200);
  })
  .openapi(siteImport, async (c) => {
    const checkOnly = c.req.valid('query').check === 'true';
    const summary = await withBody(c, (file) => importSite(c.var.deps, file, { check: checkOnly }));
    return c.json(summary, 200);
  })
  .openapi(wordpressImport, async (c) => {
    const checkOnly = c.req.valid('query').check === 'true';
    const xml = await c.req.text();
    const summary = await importWordPress(c.var.deps, actorOf(c), xml, { check: checkOnly });
    return c.json(summary, 200);
  });
