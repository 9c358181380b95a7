import { SiteSettings, UpdateSettingsInput } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { actorOf, allow, ifMatchHeader, refuseStaleEdit, staleEditError } from '../../http/admin-routes';
import { adminErrors, jsonBody, jsonContent } from '../../http/openapi';
import type { Revisioned } from '../../ports';
import { getSettings, settingsImages, updateSettings } from './settings.service';

const tags = ['Admin: settings'];

const get = createRoute({
  method: 'get',
  path: '/admin/settings',
  tags,
  ...allow('settings'),
  summary: 'The site settings',
  responses: { 200: jsonContent(SiteSettings, 'The settings'), ...adminErrors },
});

const put = createRoute({
  method: 'put',
  path: '/admin/settings',
  tags,
  ...allow('settings'),
  summary:
    'Saves the site settings (with If-Match: "<updated_at>", only if nobody saved since); open public pages receive them on /api/events',
  request: {
    headers: ifMatchHeader,
    body: jsonBody(UpdateSettingsInput),
  },
  responses: { 200: jsonContent(SiteSettings, 'The saved settings'), ...adminErrors, ...staleEditError },
});

export const settingsAdminRoutes = createRouter()
  .openapi(get, async (c) => c.json(await getSettings(c.var.deps.db), 200))
  .openapi(put, async (c) => {
    const { db, media } = c.var.deps;
    // Checked and written with no await in between, like the entities' PUT (admin-routes.ts).
    refuseStaleEdit(c, await getSettings(db));
    const settings = await updateSettings({ db, media }, actorOf(c), c.req.valid('json'));
    c.var.deps.feeds.settings.notify();
    return c.json(settings, 200);
  });

/** The settings' history: admins', the PUT's body and update (open pages hear of a restore too). */
export const settingsRevisions: Revisioned = {
  path: 'settings',
  permission: 'settings',
  single: 'default',
  notFoundMessage: 'The settings are missing',
  find: getSettings,
  input: UpdateSettingsInput,
  save: async (deps, actor, _id, input) => {
    const settings = await updateSettings(deps, actor, input);
    deps.feeds.settings.notify();
    return settings;
  },
  images: settingsImages,
};
