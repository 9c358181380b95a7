import { z } from 'zod';
import { REVIEW_STATUSES } from '../constants';
import { REVIEW_MESSAGES as M } from '../messages';
import { Timestamp } from './common';

/** A draft's review: null (none), submitted by its author, or sent back with a note. */
export const ReviewStatus = z.enum(REVIEW_STATUSES, {
  error: `review must be one of ${REVIEW_STATUSES.join(', ')}`,
});
export type ReviewStatus = z.infer<typeof ReviewStatus>;

export const REVIEW_LABELS: Record<ReviewStatus, string> = {
  in_review: 'In review',
  changes_requested: 'Changes requested',
};

/** What the admin reads of a draft's review besides the public fields: its step (null: none) and the note. */
export const reviewFields = {
  review_status: ReviewStatus.nullable(),
  review_note: z.string().nullable(),
};

/** The two kinds of content that go through review. */
export const REVIEW_KINDS = ['project', 'post'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** `POST …/{id}/return`: what the author should change. */
export const ReviewReturnInput = z
  .object({
    note: z.string({ error: M.noteRequired }).trim().min(1, M.noteRequired).max(2000, M.noteTooLong),
  })
  .meta({ id: 'ReviewReturnInput' });
export type ReviewReturnInput = z.infer<typeof ReviewReturnInput>;

/** A draft waiting for review, on the dashboard of those who review. */
export const WaitingForReview = z
  .object({
    kind: z.enum(REVIEW_KINDS),
    id: z.string(),
    title: z.string(),
    /** The author's name (or e-mail); null when the author's account was removed. */
    author: z.string().nullable(),
    submitted_at: Timestamp,
  })
  .meta({ id: 'WaitingForReview' });
export type WaitingForReview = z.infer<typeof WaitingForReview>;
