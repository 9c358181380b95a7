import { PREVIEW_LINK_SECONDS, PreviewLink, type ReviewKind } from '@atelier/shared';
import { createRoute, type z } from '@hono/zod-openapi';
import type { createRouter } from '../context';
import type { Actor } from '../db/audit';
import type { Db } from '../db/client';
import { notFound } from '../lib/errors';
import { actorOf, allow } from './admin-routes';
import { adminIdErrors, jsonContent } from './openapi';

/** The audience of a preview link's token: it signs nobody in, and no access token opens a preview. */
export const PREVIEW_AUDIENCE = 'preview';

/** A preview token's subject: the kind of item and its id. */
export const previewSubject = (kind: ReviewKind, id: string) => `${kind}:${id}`;

/**
 * `POST {path}/{id}/preview`, added to an entity's admin router: a link, signed and working for an hour,
 * that shows the item (a draft, a scheduled post) in the public layout at /preview/{token}. Only a staff
 * member who may read the item gets one (a contributor: their own drafts and what is published).
 */
export function addPreviewRoute(
  router: ReturnType<typeof createRouter>,
  options: {
    path: string;
    tag: string;
    noun: string;
    kind: ReviewKind;
    id: z.ZodObject;
    notFoundMessage: string;
    find(db: Db, id: string, actor: Actor): Promise<unknown>;
  },
) {
  return router.openapi(
    createRoute({
      method: 'post',
      path: `${options.path}/{id}/preview`,
      tags: [options.tag],
      ...allow('staff'),
      summary: `A signed link (an hour) to the ${options.noun} as the public site shows it, drafts included`,
      request: { params: options.id },
      responses: { 200: jsonContent(PreviewLink, 'The preview link'), ...adminIdErrors },
    }),
    async (c) => {
      const { deps } = c.var;
      const { id } = c.req.valid('param') as { id: string };
      if (!(await options.find(deps.db, id, actorOf(c)))) throw notFound(options.notFoundMessage);
      const { token, expiresAt } = await deps.auth.tokens.signLink(
        PREVIEW_AUDIENCE,
        previewSubject(options.kind, id),
        PREVIEW_LINK_SECONDS,
      );
      return c.json(
        {
          url: `${deps.env.publicUrl}/preview/${token}`,
          expires_at: new Date(expiresAt * 1000).toISOString(),
        },
        200,
      ) as never;
    },
  );
}
