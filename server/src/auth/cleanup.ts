import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { deleteOldMail } from '../mail/mailer';
import { deleteExpiredAttempts } from './lockout';
import { deleteSpentOneTimeTokens } from './one-time-tokens';
import { deleteStaleSessions } from './sessions';

const CLEANUP_INTERVAL_MS = 3600_000;

/** Deletes expired attempt counters, links, refresh tokens, sessions and old sent mail. */
export function cleanUp(db: Db, now = Date.now()) {
  const attempts = deleteExpiredAttempts(db, now);
  const links = deleteSpentOneTimeTokens(db, now);
  const { tokens, sessions } = deleteStaleSessions(db, now);
  const mail = deleteOldMail(db, now);
  return { attempts, links, tokens, sessions, mail };
}

/** Runs the cleanup at start and hourly; the returned function stops it (on shutdown). */
export function startCleanup(db: Db, log: Logger): () => void {
  const run = () => {
    try {
      const removed = cleanUp(db);
      log.debug(removed, 'auth cleanup');
    } catch (error) {
      log.error({ err: error }, 'auth cleanup failed');
    }
  };
  run();
  const timer = setInterval(run, CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
