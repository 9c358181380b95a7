import { SiteSettings, UpdateSettingsInput } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { actorOf, adminErrors, security } from '../../lib/admin-routes';
import { jsonContent } from '../../lib/openapi';
import { getSettings, updateSettings } from './settings.service';

const tags = ['Admin: settings'];

const get = createRoute({
  method: 'get',
  path: '/admin/settings',
  tags,
  security,
  summary: 'The site settings',
  responses: { 200: jsonContent(SiteSettings, 'The settings'), ...adminErrors },
});

const put = createRoute({
  method: 'put',
  path: '/admin/settings',
  tags,
  security,
  summary: 'Saves the site settings; open public pages receive them on /api/events',
  request: { body: { content: { 'application/json': { schema: UpdateSettingsInput } }, required: true } },
  responses: { 200: jsonContent(SiteSettings, 'The saved settings'), ...adminErrors },
});

export const settingsAdminRoutes = createRouter()
  .openapi(get, (c) => c.json(getSettings(c.var.deps.db), 200))
  .openapi(put, (c) => {
    const settings = updateSettings(c.var.deps.db, actorOf(c), c.req.valid('json'));
    c.var.deps.feeds.settings.notify();
    return c.json(settings, 200);
  });
