import { type CreateInquiryInput, HONEYPOT_FIELD, MESSAGES } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import { type Db, preparedStatement } from '../../db/client';
import { inquiries } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { Logger } from '../../lib/logger';

// The id too: a prepared statement would otherwise bake in the one id generated when it was prepared.
const FIELDS = [
  'id',
  'client_name',
  'email',
  'phone',
  'subject',
  'project_type',
  'budget',
  'message',
] as const;

const insertInquiry = preparedStatement((db) =>
  db
    .insert(inquiries)
    .values({
      ...Object.fromEntries(FIELDS.map((field) => [field, sql.placeholder(field)])),
      status: 'new',
    } as typeof inquiries.$inferInsert)
    .returning({ id: inquiries.id })
    .prepare(),
);

/** Stores a contact inquiry with status `new`; subject, project type and budget each in their own column. */
export function createInquiry(db: Db, input: CreateInquiryInput): { id: string } {
  // all(), not get(): better-sqlite3 leaves a RETURNING statement read by get() un-reset, and its open
  // read snapshot stops the WAL from ever restarting (docs/decisions.md, src/db/wal.test.ts).
  const values = { ...input, id: crypto.randomUUID() };
  const [row] = insertInquiry(db).all(Object.fromEntries(FIELDS.map((field) => [field, values[field]])));
  if (!row) throw new Error('The inquiry insert returned no row');
  return row;
}

/**
 * Takes an inquiry from the site, sent by the script (`POST /api/inquiries`) or by the form without it
 * (`POST /contact`): a filled honeypot is refused with the spec's message, anything else is stored.
 */
export function receiveInquiry(deps: { db: Db; log: Logger }, input: CreateInquiryInput, requestId: string) {
  if (input[HONEYPOT_FIELD]) {
    deps.log.warn({ requestId }, 'inquiry rejected by the honeypot');
    throw badRequest(MESSAGES.inquiryRejected);
  }
  const created = createInquiry(deps.db, input);
  deps.log.info({ requestId, inquiryId: created.id }, 'inquiry received');
  return created;
}
