import { Health } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { jsonContent } from '../../http/openapi';

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Health'],
  summary: 'Liveness, version and database status',
  responses: { 200: jsonContent(Health, 'Serving'), 503: jsonContent(Health, 'The database cannot be read') },
});

export const healthRoutes = createRouter().openapi(health, (c) => {
  const { db, version, startedAt } = c.var.deps;
  const uptime_seconds = Math.round((Date.now() - startedAt) / 1000);
  try {
    const { n } = db.$client.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
    return c.json(
      { status: 'ok' as const, version, uptime_seconds, database: { status: 'ok' as const, migrations: n } },
      200,
    );
  } catch {
    return c.json(
      { status: 'degraded' as const, version, uptime_seconds, database: { status: 'error' as const } },
      503,
    );
  }
});
