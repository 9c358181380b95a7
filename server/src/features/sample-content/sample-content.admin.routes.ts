import { SampleContent } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { actorOf, allow } from '../../http/admin-routes';
import { adminErrors, jsonContent } from '../../http/openapi';
import { previewSampleContent, removeSampleContent } from './sample-content.service';

const tags = ['Admin: sample content'];

const preview = createRoute({
  method: 'get',
  path: '/admin/sample-content',
  tags,
  ...allow('settings'),
  summary: 'What "Remove sample content" would remove now, counted (all zero once it is gone)',
  responses: { 200: jsonContent(SampleContent, 'The counts'), ...adminErrors },
});

const remove = createRoute({
  method: 'delete',
  path: '/admin/sample-content',
  tags,
  ...allow('settings'),
  summary:
    "Removes the seed's sample projects, posts, services, team members, videos, their unused media and the unchanged sample social links, in one transaction with one audit entry",
  responses: { 200: jsonContent(SampleContent, 'What was removed, counted'), ...adminErrors },
});

export const sampleContentAdminRoutes = createRouter()
  .openapi(preview, async (c) => c.json(await previewSampleContent(c.var.deps), 200))
  .openapi(remove, async (c) => {
    const removed = await removeSampleContent(c.var.deps, actorOf(c));
    if (removed.social_links > 0) c.var.deps.feeds.settings.notify();
    return c.json(removed, 200);
  });
