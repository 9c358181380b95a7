import { TeamMemberList } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../context';
import { jsonContent } from '../../http/openapi';
import { listTeamMembers } from './team-members.service';

const list = createRoute({
  method: 'get',
  path: '/team-members',
  tags: ['Team'],
  summary: 'Team members, earliest first',
  responses: { 200: jsonContent(TeamMemberList, 'The team') },
});

export const teamMemberRoutes = createRouter().openapi(list, async (c) =>
  c.json({ items: await listTeamMembers(c.var.deps.db) }, 200),
);
