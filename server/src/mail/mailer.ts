import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, isNull, lt, lte } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterCommit, changedRows, type Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { MailContent } from './templates';

/** Attempts before a message is given up (the backoff reaches its hour cap after 8; about a day in all). */
const MAX_ATTEMPTS = 30;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3600_000;
const POLL_MS = 15_000;
const BATCH = 20;

const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');
export const retryDelay = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /**
   * Stores a message for sending, awaited in the caller's transaction: the account and its mail are written
   * together or not at all. The sender is woken once the transaction has committed.
   */
  enqueue(to: string, content: MailContent): Promise<void>;
  /** Sends every message that is due; resolves when done (tests, and the timer). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function createMailer(deps: { db: Db; env: Env; log: Logger; now?: () => number }): Mailer {
  const { db, env, log } = deps;
  const now = deps.now ?? Date.now;
  const mode = env.SMTP_URL ? 'smtp' : 'outbox';
  const from = env.MAIL_FROM ?? `Atelier <no-reply@${new URL(env.publicUrl).hostname}>`;
  const transport = env.SMTP_URL
    ? nodemailer.createTransport({
        url: env.SMTP_URL,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function deliver(row: typeof mailOutbox.$inferSelect): Promise<void> {
    const info = await transport.sendMail({
      from,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      messageId: `<${row.id}@atelier>`,
    });
    if (mode === 'outbox') {
      const dir = outboxDir(env.dataDir);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${row.created_at.replace(/[:.]/g, '-')}-${row.kind}-${row.id}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      log.info(
        { to: row.to_address, subject: row.subject, file, link: row.link },
        'mail written to the outbox (no SMTP_URL)',
      );
    } else {
      log.info({ to: row.to_address, subject: row.subject, kind: row.kind }, 'mail sent');
    }
  }

  async function sendDue(): Promise<void> {
    const due = await db
      .select()
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sent_at),
          lte(mailOutbox.next_attempt_at, iso(now())),
          lt(mailOutbox.attempts, MAX_ATTEMPTS),
        ),
      )
      .orderBy(asc(mailOutbox.next_attempt_at))
      .limit(BATCH);
    for (const row of due) {
      if (stopped) return;
      try {
        await deliver(row);
        // The bodies carry sign-in links: they go once the message has left.
        await db
          .update(mailOutbox)
          .set({
            sent_at: iso(now()),
            attempts: row.attempts + 1,
            last_error: null,
            text_body: '',
            html_body: '',
            link: null,
          })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        const attempts = row.attempts + 1;
        const message = (error as Error).message?.slice(0, 500) ?? String(error);
        await db
          .update(mailOutbox)
          .set({ attempts, last_error: message, next_attempt_at: iso(now() + retryDelay(attempts)) })
          .where(eq(mailOutbox.id, row.id));
        const giveUp = attempts >= MAX_ATTEMPTS;
        log[giveUp ? 'error' : 'warn'](
          { to: row.to_address, kind: row.kind, attempts, err: message },
          giveUp ? 'mail failed for good: giving up' : 'mail failed: will retry',
        );
      }
    }
    if (due.length === BATCH) again = true;
  }

  const flush = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await sendDue();
      } while (again && !stopped);
    })()
      .catch((error) => log.error({ err: error }, 'mail outbox failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(flush, POLL_MS);
  timer.unref();
  // Whatever a previous run left behind.
  setImmediate(flush);

  return {
    mode,
    async enqueue(to, content) {
      await db.insert(mailOutbox).values({
        id: crypto.randomUUID(),
        kind: content.kind,
        to_address: to,
        subject: content.subject,
        text_body: content.text,
        html_body: content.html,
        link: content.link,
        next_attempt_at: iso(now()),
      });
      // Sent once the mail is committed: inside a transaction, the sender would not see it yet.
      afterCommit(db, () => setImmediate(flush));
    },
    flush,
    async stop() {
      // The message being sent finishes; the rest stay in the outbox for the next start.
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}

/** Sent mail older than 30 days goes (the hourly cleanup); failed mail stays for the owner to see. */
export async function deleteOldMail(db: Db, now = Date.now()): Promise<number> {
  return changedRows(
    await db.delete(mailOutbox).where(lt(mailOutbox.sent_at, iso(now - 30 * 24 * 3600_000))),
  );
}
