import { SiteSettings } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { jsonContent } from '../../http/openapi';
import { getSettings } from './settings.service';

const get = createRoute({
  method: 'get',
  path: '/settings',
  tags: ['Settings'],
  summary: 'The site settings',
  responses: { 200: jsonContent(SiteSettings, 'The settings') },
});

export const settingsRoutes = createRouter().openapi(get, async (c) =>
  c.json(await getSettings(c.var.deps.db), 200),
);
