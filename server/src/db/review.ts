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

/** A table with a review step, as its feature declares it: the table, its authorship, its audit entries. */
export interface ReviewedTable<T extends Reviewed> {
  table: T;
  rules: Authorship;
  audit: ReviewAudit;
}

/**
 * One step of a draft's review, an audited write. `submit` (its author, or anyone who publishes):
 * review_status `in_review`, the note of an earlier return cleared; 403 for a contributor's submit of
 * someone else's draft, 409 for a row that is not a draft. `return` (the route lets only those who publish):
 * back to its author with `note`, review_status `changes_requested`; 409 unless it is a draft in review.
 * Undefined when there is no such row.
 */
export async function reviewDraft<T extends Reviewed>(
  db: Db,
  reviewed: ReviewedTable<T>,
  actor: Actor,
  id: string,
  step: { action: 'submit' } | { action: 'return'; note: string },
): Promise<T['$inferSelect'] | undefined> {
  const submit = step.action === 'submit';
  const values = submit
    ? { review_status: 'in_review' as const, review_note: null }
    : { review_status: 'changes_requested' as const, review_note: step.note };
  return (
    await updateAudited(db, reviewed.table as typeof projects, id, values, actor, {
      ...reviewed.audit,
      action: step.action,
      check: (before) => {
        const row = before as Row;
        if (submit) {
          checkAuthor(actor, reviewed.rules, row);
          if (row.status !== 'draft') throw conflict(M.submitDraftOnly);
        } else if (row.status !== 'draft' || row.review_status !== 'in_review') {
          throw conflict(M.returnInReviewOnly);
        }
      },
    })
  )?.after;
}

/** Publishing ends a review: the status and its note are cleared when `status` is `published`. */
export const endReviewOnPublish = <V extends { status: string }>(values: V) =>
  values.status === 'published' ? { ...values, review_status: null, review_note: null } : values;

/** The e-mail addresses of active staff who review and asked to hear of submissions, but `except`'s. */
export async function reviewersToNotify(db: Db, except: string | null): Promise<string[]> {
  return (
    await db
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
  ).map((row) => row.email);
}
