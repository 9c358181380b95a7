// The PostgreSQL twin of ../schema/mail.ts: the same tables, columns, checks and indexes (documented there).
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    kind: text().notNull(),
    to_address: text().notNull(),
    subject: text().notNull(),
    text_body: text().notNull(),
    html_body: text().notNull(),
    link: text(),
    attempts: integer().notNull().default(0),
    next_attempt_at: text().notNull(),
    last_error: text(),
    sent_at: text(),
    created_at: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.sent_at, t.next_attempt_at)],
);
