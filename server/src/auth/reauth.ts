import { AUTH_MESSAGES, ERROR_CODES, PEOPLE_MESSAGES } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { ApiError, fieldProblem, tooMany } from '../lib/errors';
import { attemptKey, clearAttempts, lockedMinutes, recordAttempt } from './lockout';
import type { PasswordHasher } from './password';
import { passwordProvenAt } from './sessions';

/** How long a password typed in a session vouches for the sensitive changes made in it. */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60_000;

/**
 * Checks a signed-in person's own password (a password change, a re-authentication, an ownership transfer,
 * an invitation accepted with an existing account). Wrong ones are counted like failed sign-ins, and a
 * locked account answers 429 right or wrong; a wrong one answers 400 at the `field`.
 */
export async function checkPassword(
  deps: { db: Db; passwords: PasswordHasher },
  user: { id: string; email: string },
  password: string,
  problem: { field: string; message: string } = {
    field: 'password',
    message: AUTH_MESSAGES.currentPasswordIncorrect,
  },
): Promise<void> {
  const { db } = deps;
  const key = attemptKey('login', user.email);
  const locked = await lockedMinutes(db, key);
  if (locked !== null) throw tooMany(AUTH_MESSAGES.tooManyLogins(locked), locked);
  const hash = (await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, user.id)))[0]
    ?.hash;
  if (!(await deps.passwords.verify(password, hash))) {
    await recordAttempt(db, key);
    throw fieldProblem(problem.field, problem.message);
  }
  await clearAttempts(db, key);
}

/**
 * Refuses a sensitive change (an administrator's role, a deletion) unless the person typed their password in
 * this session within the last ten minutes: a device left signed in is not enough.
 */
export async function requireRecentPassword(db: Db, sessionId: string, now = Date.now()): Promise<void> {
  const at = await passwordProvenAt(db, sessionId);
  if (at && now - Date.parse(at) < REAUTHENTICATION_WINDOW_MS) return;
  throw new ApiError(403, ERROR_CODES.reauthenticationRequired, PEOPLE_MESSAGES.reauthenticationRequired);
}
