import { AvatarUploaded, AUTH_MESSAGES as M } from '@atelier/shared';
import { createRoute, z } from '@hono/zod-openapi';
import { currentAuth, requireUser } from '../../auth/guard';
import { createRouter } from '../../context';
import { errorResponse, jsonContent } from '../../http/openapi';
import { uploadAvatar } from './profile.service';

const avatar = createRoute({
  method: 'post',
  path: '/profile/avatar',
  tags: ['Accounts'],
  summary: 'Uploads an avatar (PNG, JPEG, GIF or WebP, checked by content): stored as a 512 px square WebP',
  security: [{ bearer: [] }],
  middleware: [requireUser()] as const,
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({
            file: z
              .custom<File>((value) => value instanceof File, { error: M.noFile })
              .openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: jsonContent(AvatarUploaded, 'The new avatar URL and profile'),
    400: errorResponse('No file, or not an image'),
    401: errorResponse('Not signed in'),
    413: errorResponse('Larger than 10 MB, or too large to decode'),
    429: errorResponse('Too many uploads from this account'),
  },
});

export const profileRoutes = createRouter().openapi(avatar, async (c) => {
  const auth = currentAuth(c);
  // Each upload is decoded: limited per account, whatever address it comes from.
  if (!c.var.deps.env.BENCH) await c.var.deps.limits.uploads.hit(auth.userId);
  return c.json(await uploadAvatar(c.var.deps, auth, c.req.valid('form').file), 200);
});
