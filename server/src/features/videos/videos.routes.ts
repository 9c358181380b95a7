import { VideoList } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { jsonContent } from '../../http/openapi';
import { listActiveVideos } from './videos.service';

const list = createRoute({
  method: 'get',
  path: '/videos',
  tags: ['Videos'],
  summary: 'Active hero videos, newest first',
  responses: { 200: jsonContent(VideoList, 'The videos') },
});

export const videoRoutes = createRouter().openapi(list, async (c) =>
  c.json({ items: await listActiveVideos(c.var.deps.db) }, 200),
);
