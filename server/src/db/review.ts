import { ERROR_CODES, REVIEW_MESSAGES as M, PERMISSIONS } from '@atelier/shared';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { ApiError } from '../lib/errors';
import type { Actor } from './audit';
import { type Authorship, checkAuthor } from './authorship';
import type { Db } from './client';
import { updateAudited } from './entity-writes';
import { type blogPosts, profiles, type projects, users } from './schema';

/** The tables with a review step: a draft is submitted by its author and sent back with a note. */
type Reviewed = typeof projects | typeof blogPosts;
type Row = { status: string; review_status: string | null };
interface ReviewAudit {
  entityType: string;
  label: (row: { title: string }) => string;
}

const conflict = (message: string) => new ApiError(409, ERROR_CODES.conflict, message);

/**
 * Submits a draft for review (its author, or anyone who publishes): review_status `in_review`, the note of
 * an earlier return cleared. Undefined when there is no such row; 403 for someone else's draft (a
 * contributor); 409 for a row that is not a draft.
 */
export function submitDraft<T extends Reviewed>(
  db: Db,
  table: T,
  rules: Authorship,
  actor: Actor,
  id: string,
  audit: ReviewAudit,
): T['$inferSelect'] | undefined {
  return updateAudited(
    db,
    table as typeof projects,
    id,
    { review_status: 'in_review', review_note: null },
    actor,
    {
      ...audit,
      action: 'submit',
      check: (before) => {
        checkAuthor(actor, rules, before);
        if ((before as Row).status !== 'draft') throw conflict(M.submitDraftOnly);
      },
    },
  )?.after;
}

/** Sends a draft in review back to its author with `note` (review_status `changes_requested`); 409 otherwise. */
export function returnDraft<T extends Reviewed>(
  db: Db,
  table: T,
  actor: Actor,
  id: string,
  note: string,
  audit: ReviewAudit,
): T['$inferSelect'] | undefined {
  return updateAudited(
    db,
    table as typeof projects,
    id,
    { review_status: 'changes_requested', review_note: note },
    actor,
    {
      ...audit,
      action: 'return',
      check: (before) => {
        const row = before as Row;
        if (row.status !== 'draft' || row.review_status !== 'in_review') throw conflict(M.returnInReviewOnly);
      },
    },
  )?.after;
}

/** Publishing ends a review: the status and its note are cleared when `status` is `published`. */
export const endReviewOnPublish = <V extends { status: string }>(values: V) =>
  values.status === 'published' ? { ...values, review_status: null, review_note: null } : values;

/** The e-mail addresses of active staff who review and asked to hear of submissions, but `except`'s. */
export function reviewersToNotify(db: Db, except: string | null): string[] {
  return db
    .select({ email: users.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        inArray(profiles.role, [...PERMISSIONS.publish]),
        eq(profiles.notify_reviews, true),
        isNull(users.deactivated_at),
        except ? ne(users.id, except) : undefined,
      ),
    )
    .all()
    .map((row) => row.email);
}
