import { ActivityList, ActivityListQuery, AdminMe, Dashboard, type StaffRole } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { currentAuth } from '../../auth/guard';
import { loadAuthUser } from '../../auth/users';
import { createRouter } from '../../context';
import { actorOf, allow } from '../../http/admin-routes';
import { adminErrors, errorResponse, jsonContent } from '../../http/openapi';
import { listActivity } from './activity.service';
import { loadDashboard } from './dashboard.service';

// Every /api/admin/* route is behind `requireStaff()`, applied once in app.ts, and its own `allow(…)`.
const me = createRoute({
  method: 'get',
  path: '/admin/me',
  tags: ['Admin'],
  summary:
    'The signed-in staff member and their role (401 without a valid token, 403 for anyone who is not staff)',
  ...allow('staff'),
  responses: {
    200: jsonContent(AdminMe, 'The staff member'),
    401: errorResponse('Not signed in'),
    403: errorResponse("Not staff, or the studio's two-step verification rule is not met"),
  },
});

const dashboard = createRoute({
  method: 'get',
  path: '/admin/dashboard',
  tags: ['Admin'],
  summary:
    'The dashboard: totals, recent inquiries and projects, inquiries per week, projects per category, drafts waiting for review (each only as the role may see it)',
  ...allow('staff'),
  responses: { 200: jsonContent(Dashboard, 'The figures'), ...adminErrors },
});

const activity = createRoute({
  method: 'get',
  path: '/admin/activity',
  tags: ['Admin'],
  summary: 'The audit log of admin writes, newest first, 10 a page',
  ...allow('activity'),
  request: { query: ActivityListQuery },
  responses: { 200: jsonContent(ActivityList, 'A page of entries'), ...adminErrors },
});

export const adminRoutes = createRouter()
  .openapi(me, async (c) => {
    const auth = currentAuth(c);
    const user = (await loadAuthUser(c.var.deps.db, auth.userId))!;
    return c.json(
      {
        id: user.id,
        email: user.email,
        role: auth.role as StaffRole,
        aal: auth.aal,
        first_name: user.profile.first_name,
        last_name: user.profile.last_name,
        avatar_url: user.profile.avatar_url,
      },
      200,
    );
  })
  .openapi(dashboard, async (c) => c.json(await loadDashboard(c.var.deps.db, actorOf(c)), 200))
  .openapi(activity, async (c) => c.json(await listActivity(c.var.deps.db, c.req.valid('query')), 200));
