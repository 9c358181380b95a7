import { AdminMe, ApiError as ApiErrorSchema } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { currentAuth } from '../../auth/guard';
import { loadAuthUser } from '../../auth/users';
import { createRouter } from '../../context';
import { jsonContent } from '../../lib/openapi';

// Every /api/admin/* route is behind `requireAdmin()`, applied once in app.ts.
const me = createRoute({
  method: 'get',
  path: '/admin/me',
  tags: ['Admin'],
  summary: 'The signed-in admin (401 without a valid token, 403 for anyone who is not an admin)',
  security: [{ bearer: [] }],
  responses: {
    200: jsonContent(AdminMe, 'The admin'),
    401: jsonContent(ApiErrorSchema, 'Not signed in'),
    403: jsonContent(ApiErrorSchema, 'Not an admin, or the admin MFA requirement is not met'),
  },
});

export const adminRoutes = createRouter().openapi(me, (c) => {
  const auth = currentAuth(c);
  const user = loadAuthUser(c.var.deps.db, auth.userId)!;
  return c.json(
    {
      id: user.id,
      email: user.email,
      role: 'admin' as const,
      aal: auth.aal,
      first_name: user.profile.first_name,
      last_name: user.profile.last_name,
      avatar_url: user.profile.avatar_url,
    },
    200,
  );
});
