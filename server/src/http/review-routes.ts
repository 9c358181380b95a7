import { type ReviewKind, ReviewReturnInput } from '@atelier/shared';
import { createRoute, type z } from '@hono/zod-openapi';
import type { createRouter, Deps } from '../context';
import type { Actor } from '../db/audit';
import { findPerson, staffName } from '../db/authorship';
import { type Db, writeTransaction } from '../db/client';
import { reviewersToNotify } from '../db/review';
import { siteName } from '../db/site-name';
import { notFound } from '../lib/errors';
import { reviewRequestMail } from '../mail/templates';
import { actorOf, allow } from './admin-routes';
import { adminIdErrors, errorResponse, jsonBody, jsonContent } from './openapi';

interface Reviewed {
  id: string;
  title: string;
}

interface ReviewRouteOptions<E extends Reviewed> {
  /** `/admin/projects` */
  path: string;
  tag: string;
  /** "project": used in the summaries. */
  noun: string;
  kind: ReviewKind;
  /** The admin page that edits one, the id appended: `/admin/projects/edit/`. */
  editPage: string;
  schemas: { entity: z.ZodType<E>; id: z.ZodObject };
  notFoundMessage: string;
  /** The entity's author (user id), or null. */
  authorOf: (entity: E) => string | null;
  service: {
    submit(db: Db, actor: Actor, id: string): Promise<E | undefined>;
    sendBack(db: Db, actor: Actor, id: string, note: string): Promise<E | undefined>;
  };
}

const stateConflict = { 409: errorResponse('Not a draft (submit), or not a draft in review (return)') };

/**
 * Tells those who review that a draft was submitted: an e-mail to each who asked for one (in the submit's
 * transaction, like every mail), then the `review` event once it is committed.
 */
async function announce<E extends Reviewed>(
  deps: Deps,
  options: ReviewRouteOptions<E>,
  actor: Actor,
  draft: E,
) {
  const person = await findPerson(deps.db, options.authorOf(draft) ?? actor.id);
  const review = {
    id: draft.id,
    kind: options.kind,
    title: draft.title,
    author: person ? staffName(person) : 'Someone',
  };
  const link = `${deps.env.publicUrl}${options.editPage}${encodeURIComponent(draft.id)}`;
  const site = await siteName(deps.db);
  for (const email of await reviewersToNotify(deps.db, actor.id))
    await deps.mail.enqueue(email, reviewRequestMail(site, review, link));
  return review;
}

/**
 * The review step of an entity, added to its admin router: `POST {path}/{id}/submit` (the author, or anyone
 * who publishes: the draft goes in review, those who review are told) and `POST {path}/{id}/return` (with a
 * note, back to its author). Each answers the updated entity.
 */
export function addReviewRoutes<E extends Reviewed>(
  router: ReturnType<typeof createRouter>,
  options: ReviewRouteOptions<E>,
) {
  const { path, noun, schemas, service, notFoundMessage } = options;
  const tags = [options.tag];
  return router
    .openapi(
      createRoute({
        method: 'post',
        path: `${path}/{id}/submit`,
        tags,
        ...allow('write'),
        summary: `Submits a draft ${noun} for review (its author, or an editor); those who review are told`,
        request: { params: schemas.id },
        responses: {
          200: jsonContent(schemas.entity, `The ${noun}, in review`),
          ...adminIdErrors,
          ...stateConflict,
        },
      }),
      async (c) => {
        const { deps } = c.var;
        const actor = actorOf(c);
        const { id } = c.req.valid('param') as { id: string };
        const submitted = await writeTransaction(deps.db, async () => {
          const draft = await service.submit(deps.db, actor, id);
          return draft && { draft, review: await announce(deps, options, actor, draft) };
        });
        if (!submitted) throw notFound(notFoundMessage);
        deps.feeds.reviews.publish(submitted.review);
        return c.json(submitted.draft as object, 200) as never;
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: `${path}/{id}/return`,
        tags,
        ...allow('publish'),
        summary: `Sends a ${noun} in review back to its author with a note of what to change`,
        request: { params: schemas.id, body: jsonBody(ReviewReturnInput) },
        responses: {
          200: jsonContent(schemas.entity, `The ${noun}, changes requested`),
          ...adminIdErrors,
          ...stateConflict,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param') as { id: string };
        const { note } = c.req.valid('json') as ReviewReturnInput;
        const returned = await service.sendBack(c.var.deps.db, actorOf(c), id, note);
        if (!returned) throw notFound(notFoundMessage);
        return c.json(returned as object, 200) as never;
      },
    );
}
