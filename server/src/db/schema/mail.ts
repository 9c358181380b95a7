import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns';

/**
 * Mail waiting to leave, and mail that left. A message is stored before the request that caused it answers,
 * so an SMTP failure never loses it: it is retried with backoff. Bodies are cleared once sent (they carry
 * sign-in links).
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: id(),
    kind: text().notNull(),
    to_address: text().notNull(),
    subject: text().notNull(),
    text_body: text().notNull(),
    html_body: text().notNull(),
    /** The message's link, printed to the log when no SMTP server is configured. */
    link: text(),
    attempts: integer().notNull().default(0),
    next_attempt_at: text().notNull(),
    last_error: text(),
    sent_at: text(),
    created_at: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.sent_at, t.next_attempt_at)],
);
