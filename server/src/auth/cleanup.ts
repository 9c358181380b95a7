import { type Db, exclusively } from '../db/client';
import type { Logger } from '../lib/logger';
import { deleteOldMail } from '../mail/mailer';
import { deleteExpiredAttempts } from './lockout';
import { deleteSpentOneTimeTokens } from './one-time-tokens';
import { deleteStaleSessions } from './sessions';

const CLEANUP_INTERVAL_MS = 3600_000;

/** Deletes expired attempt counters, links, refresh tokens, sessions and old sent mail. */
export async function cleanUp(db: Db, now = Date.now()) {
  const attempts = await deleteExpiredAttempts(db, now);
  const links = await deleteSpentOneTimeTokens(db, now);
  const { tokens, sessions } = await deleteStaleSessions(db, now);
  const mail = await deleteOldMail(db, now);
  return { attempts, links, tokens, sessions, mail };
}

/** Runs the cleanup at start and hourly; the returned function stops it (on shutdown). */
export async function startCleanup(db: Db, log: Logger): Promise<() => void> {
  const run = async () => {
    try {
      const removed = await exclusively(db, 'auth-cleanup', () => cleanUp(db));
      if (removed) log.debug(removed, 'auth cleanup');
    } catch (error) {
      log.error({ err: error }, 'auth cleanup failed');
    }
  };
  await run();
  const timer = setInterval(() => void run(), CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
