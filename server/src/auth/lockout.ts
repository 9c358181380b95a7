import { AUTH_LIMITS } from '@atelier/shared';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { changedRows, type Db, writeTransaction } from '../db/client';
import { loginAttempts } from '../db/schema';

/**
 * Attempt counters kept in the database (they must survive a restart), per e-mail or per user: `login:` failed
 * sign-ins, `device:` failed sign-ins from a device that signed in before (auth/devices.ts), `reset:` password-reset requests, `signup:` sign-up mails, `mfa:` failed second-factor codes. Each
 * allows AUTH_LIMITS.maxLoginAttempts within the window; the last allowed one locks the key for the window.
 */
type AttemptKind = 'login' | 'reset' | 'signup' | 'mfa' | 'device';
export const attemptKey = (kind: AttemptKind, id: string) => `${kind}:${id}`;

const WINDOW_MS = AUTH_LIMITS.lockoutMinutes * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Whole minutes (rounded up) until `key` unlocks, or null when it is not locked. */
export async function lockedMinutes(db: Db, key: string, now = Date.now()): Promise<number | null> {
  const row = (
    await db
      .select({ locked_until: loginAttempts.locked_until })
      .from(loginAttempts)
      .where(eq(loginAttempts.key, key))
  )[0];
  if (!row?.locked_until) return null;
  const left = Date.parse(row.locked_until) - now;
  return left > 0 ? Math.ceil(left / 60_000) : null;
}

/** Counts one attempt; returns true when this one used up the allowance and locked the key. */
export async function recordAttempt(db: Db, key: string, now = Date.now()): Promise<boolean> {
  return await writeTransaction(db, async () => {
    const row = (await db.select().from(loginAttempts).where(eq(loginAttempts.key, key)))[0];
    const stale =
      !row ||
      Date.parse(row.first_attempt_at) <= now - WINDOW_MS ||
      (row.locked_until !== null && Date.parse(row.locked_until) <= now);
    const attempts = stale ? 1 : row.attempts + 1;
    const locked = attempts >= AUTH_LIMITS.maxLoginAttempts;
    const values = {
      attempts,
      first_attempt_at: stale ? iso(now) : row.first_attempt_at,
      locked_until: locked ? iso(now + WINDOW_MS) : null,
      updated_at: iso(now),
    };
    await db
      .insert(loginAttempts)
      .values({ key, ...values })
      .onConflictDoUpdate({ target: loginAttempts.key, set: values });
    return locked;
  });
}

export async function clearAttempts(db: Db, ...keys: string[]): Promise<void> {
  for (const key of keys) await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

/** Deletes counters whose window and lock are both over (the hourly cleanup). */
export async function deleteExpiredAttempts(db: Db, now = Date.now()): Promise<number> {
  const cutoff = iso(now - WINDOW_MS);
  return changedRows(
    await db
      .delete(loginAttempts)
      .where(
        and(
          lt(loginAttempts.first_attempt_at, cutoff),
          or(isNull(loginAttempts.locked_until), lt(loginAttempts.locked_until, iso(now))),
        ),
      ),
  );
}
