import type { MfaRequirement, UserRoleName } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { attemptKey, clearAttempts } from '../auth/lockout';
import { type PasswordHasher, passwordPolicyProblem } from '../auth/password';
import { revokeUserSessions } from '../auth/sessions';
import { AccountError, createConfirmedUser, findUserByEmail } from '../auth/users';
import { type Db, writeTransaction } from '../db/client';
import { siteSettings, users } from '../db/schema';
import { nowIso } from '../db/schema/columns';

/** `user:create`: a confirmed account (no mail), a visitor or one of the staff roles. */
export async function createUserCommand(
  db: Db,
  hasher: PasswordHasher,
  input: { email: string; password: string; role: UserRoleName; firstName?: string; lastName?: string },
): Promise<string> {
  const { email } = await createConfirmedUser(db, hasher, input);
  return `Created ${input.role} ${email}.`;
}

/**
 * `user:reset-password`: sets a password (policy checked), confirms the address, signs every session out and
 * lifts a login lockout. For an owner locked out of their own site.
 */
export async function resetPasswordCommand(
  db: Db,
  hasher: PasswordHasher,
  input: { email: string; password: string },
): Promise<string> {
  const user = findUserByEmail(db, input.email);
  if (!user) throw new AccountError(`No account has the e-mail ${input.email.trim().toLowerCase()}`);
  const problem = passwordPolicyProblem(input.password);
  if (problem) throw new AccountError(problem);
  const hash = await hasher.hash(input.password);
  const signedOut = writeTransaction(db, () => {
    db.update(users)
      .set({
        password_hash: hash,
        email_confirmed_at: user.email_confirmed_at ?? nowIso(),
        updated_at: nowIso(),
      })
      .where(eq(users.id, user.id))
      .run();
    clearAttempts(db, attemptKey('login', user.email), attemptKey('reset', user.email));
    return revokeUserSessions(db, user.id);
  });
  return `Set a new password for ${user.email}${signedOut ? ` and signed out ${signedOut} session(s)` : ''}.`;
}

/** `settings:mfa`: who needs a verified second factor in the admin area (site_settings.require_mfa_for). */
export function setMfaRequirement(db: Db, requirement: MfaRequirement): void {
  db.update(siteSettings)
    .set({ require_mfa_for: requirement, updated_at: nowIso() })
    .where(eq(siteSettings.id, 'default'))
    .run();
}
