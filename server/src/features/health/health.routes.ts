import fs from 'node:fs';
import { Health, LARGEST_IMAGE_EDGE } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { appliedMigrations } from '../../db/client';
import type { Env } from '../../env';
import { jsonContent } from '../../http/openapi';

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Health'],
  summary: 'Liveness, version, database status and the free space of the data folder',
  responses: { 200: jsonContent(Health, 'Serving'), 503: jsonContent(Health, 'The database cannot be read') },
});

/** The space left to an unprivileged writer on DATA_DIR's disk (what a full disk refuses), or undefined. */
function disk(env: Env): Health['disk'] {
  try {
    const { bavail, blocks, bsize } = fs.statfsSync(env.dataDir);
    const free_bytes = bavail * bsize;
    const warning_bytes = env.DISK_WARNING_BYTES;
    return {
      status: free_bytes < warning_bytes ? 'low' : 'ok',
      free_bytes,
      total_bytes: blocks * bsize,
      warning_bytes,
    };
  } catch {
    return undefined;
  }
}

export const healthRoutes = createRouter().openapi(health, async (c) => {
  const { db, env, version, startedAt } = c.var.deps;
  const uptime_seconds = Math.round((Date.now() - startedAt) / 1000);
  try {
    const n = await appliedMigrations(db);
    return c.json(
      {
        status: 'ok' as const,
        version,
        uptime_seconds,
        database: { status: 'ok' as const, migrations: n },
        disk: disk(env),
        media: { largest_edge: LARGEST_IMAGE_EDGE },
      },
      200,
    );
  } catch {
    return c.json(
      {
        status: 'degraded' as const,
        version,
        uptime_seconds,
        database: { status: 'error' as const },
        disk: disk(env),
      },
      503,
    );
  }
});
