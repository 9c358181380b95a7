import {
  type AuthUser,
  changePasswordProblem,
  ERROR_CODES,
  AUTH_MESSAGES as M,
  type PasswordGrantInput,
  resetPasswordProblem,
  type SessionInfo,
  type SignUpInput,
  type UpdateUserInput,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import type { AuthContext, AuthDeps } from '../../auth';
import { issueDeviceToken, readDeviceToken } from '../../auth/devices';
import { type Client, type IssuedSession, invalidGrant, issueSession } from '../../auth/issue-session';
import { attemptKey, clearAttempts, lockedMinutes, recordAttempt } from '../../auth/lockout';
import { consumeOneTimeToken, isOneTimeTokenValid, issueOneTimeToken } from '../../auth/one-time-tokens';
import { passwordPolicyProblem } from '../../auth/password';
import { checkPassword } from '../../auth/reauth';
import {
  createSession,
  listSessions,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  settleSession,
} from '../../auth/sessions';
import {
  AccountError,
  findUserByEmail,
  hasOwner,
  insertConfirmedUser,
  isDeactivated,
  loadAuthUser,
  setPasswordHash,
} from '../../auth/users';
import { type Db, writeTransaction } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { nowIso } from '../../db/schema/columns';
import { siteName } from '../../db/site-name';
import type { Env } from '../../env';
import { ApiError, fieldProblem, tooMany } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../mail/mailer';
import { confirmSignupMail, existingAccountMail, recoveryMail } from '../../mail/templates';

/** What the account services use; `Deps` provides all of it. */
export interface AuthServiceDeps {
  db: Db;
  env: Env;
  log: Logger;
  auth: AuthDeps;
  mail: Mailer;
}

/** A recovery session may set a new password without the current one for this long after the link. */
const RECOVERY_WINDOW_MS = 3600_000;

const invalidCredentials = () => new ApiError(400, ERROR_CODES.invalidCredentials, M.invalidCredentials);
/** A deactivated account's sign-in, told only to someone who knows its password. */
const deactivated = () => new ApiError(403, ERROR_CODES.deactivated, M.deactivated);

const verifyLink = (env: Env, type: 'signup' | 'recovery', token: string) => {
  const redirect = type === 'signup' ? '/auth' : '/reset-password';
  return `${env.publicUrl}/auth/v1/verify?type=${type}&token=${token}&redirect_to=${encodeURIComponent(redirect)}`;
};

/**
 * Sign-up. The answer is the same whether the address is new, waiting for confirmation or already an account
 * (which gets a "you already have an account" mail instead). The password is set on the account only when the
 * mailed link is followed, so nobody can pre-register someone else's address with a password they know.
 */
export async function signUp(deps: AuthServiceDeps, input: SignUpInput): Promise<{ message: string }> {
  const { db, log, mail, env } = deps;
  const { password } = input;
  const common = passwordPolicyProblem(password);
  if (common) throw fieldProblem('password', common);
  // Hashed whatever the branch, so the answer takes as long for a known address as for a new one.
  const passwordHash = await deps.auth.passwords.hash(password);
  const key = attemptKey('signup', input.email);
  if ((await lockedMinutes(db, key)) !== null) {
    log.warn({ email: input.email }, 'sign-up mail limit reached: no mail sent');
    return { message: M.signUpSent };
  }
  const site = await siteName(db);
  await writeTransaction(db, async () => {
    await recordAttempt(db, key);
    const existing = await findUserByEmail(db, input.email);
    if (existing?.email_confirmed_at) {
      await mail.enqueue(input.email, existingAccountMail(site, `${env.publicUrl}/auth`));
      return;
    }
    let userId = existing?.id;
    if (!userId) {
      userId = crypto.randomUUID();
      await db.insert(users).values({ id: userId, email: input.email });
      await db
        .insert(profiles)
        .values({ id: userId, first_name: input.data?.first_name, last_name: input.data?.last_name });
    }
    const token = await issueOneTimeToken(db, { kind: 'confirm_signup', userId, passwordHash });
    await mail.enqueue(input.email, confirmSignupMail(site, verifyLink(env, 'signup', token)));
  });
  return { message: M.signUpSent };
}

/**
 * Password sign-in, failed attempts counted per account until it locks (auth/lockout.ts). Unknown, unconfirmed
 * and wrong-password attempts answer alike, and take as long (a missing hash still costs a full scrypt). A device that signed in to this account before
 * (a genuine device token, itself not locked) is counted on its own key instead of the account's, so strangers
 * locking the account out do not lock its owner out (OWASP device cookies).
 */
export async function signInWithPassword(
  deps: AuthServiceDeps,
  input: PasswordGrantInput,
  client: Client,
  deviceToken?: string,
): Promise<IssuedSession> {
  const { db, auth } = deps;
  const device = readDeviceToken(auth.secrets, input.email, deviceToken);
  const deviceKey = device && attemptKey('device', device.nonce);
  const key =
    deviceKey && (await lockedMinutes(db, deviceKey)) === null ? deviceKey : attemptKey('login', input.email);
  const lockedBefore = await lockedMinutes(db, key);
  if (lockedBefore !== null) throw tooMany(M.tooManyLogins(lockedBefore), lockedBefore);
  const user = await findUserByEmail(db, input.email);
  const ok = await auth.passwords.verify(
    input.password,
    user?.email_confirmed_at ? user.password_hash : null,
  );
  // Locked by concurrent attempts while this one was hashing: refuse right or wrong, so it tells nothing.
  const lockedNow = await lockedMinutes(db, key);
  if (lockedNow !== null) throw tooMany(M.tooManyLogins(lockedNow), lockedNow);
  if (!ok || !user) {
    if (await recordAttempt(db, key))
      deps.log.warn(
        { email: input.email, device: key === deviceKey },
        'sign-in locked after repeated failures',
      );
    throw invalidCredentials();
  }
  await clearAttempts(db, key);
  if (user.deactivated_at) throw deactivated();
  if (user.password_hash && auth.passwords.needsRehash(user.password_hash))
    await setPasswordHash(db, user.id, await auth.passwords.hash(input.password));
  const { session, refreshToken } = await writeTransaction(db, async () => {
    await db.update(users).set({ last_sign_in_at: nowIso() }).where(eq(users.id, user.id));
    return await createSession(db, { userId: user.id, ...client, method: 'password', passwordProven: true });
  });
  const issued = await issueSession(deps, session, refreshToken);
  return { ...issued, deviceToken: device ? deviceToken : issueDeviceToken(auth.secrets, input.email) };
}

export async function refreshSession(deps: AuthServiceDeps, token: string): Promise<IssuedSession> {
  const { secrets } = deps.auth;
  const result = await rotateRefreshToken(deps.db, token, (parent) =>
    secrets.mac('refresh-successor', parent),
  );
  if (!result.ok) {
    if (result.reason === 'reused')
      deps.log.warn({ sessionId: result.sessionId }, 'refresh token reused: session revoked');
    const reasons = {
      not_found: 'Refresh Token Not Found',
      revoked: 'Session Revoked',
      expired: 'Refresh Token Expired',
      reused: 'Already Used',
    } as const;
    throw invalidGrant(reasons[result.reason]);
  }
  // Deactivation revokes every session; this holds the line for one that slipped past (a refresh racing it).
  if (await isDeactivated(deps.db, result.session.user_id)) {
    await revokeSession(deps.db, result.session.id);
    throw new ApiError(400, ERROR_CODES.invalidGrant, M.deactivated);
  }
  return issueSession(deps, result.session, result.refreshToken);
}

export async function signOut(
  db: Db,
  userId: string,
  sessionId: string,
  scope: 'local' | 'global' | 'others',
) {
  if (scope === 'local') await revokeSession(db, sessionId);
  else await revokeUserSessions(db, userId, scope === 'others' ? sessionId : undefined);
}

/** Password-reset request: counted per e-mail address (auth/lockout.ts) and answered alike for any address. */
export async function requestRecovery(deps: AuthServiceDeps, email: string): Promise<{ message: string }> {
  const { db, mail, env } = deps;
  const key = attemptKey('reset', email);
  const locked = await lockedMinutes(db, key);
  if (locked !== null) throw tooMany(M.tooManyResets(locked), locked);
  const site = await siteName(db);
  await writeTransaction(db, async () => {
    if (await recordAttempt(db, key))
      deps.log.warn({ email }, 'password-reset requests locked after repeated requests');
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = await issueOneTimeToken(db, { kind: 'recovery', userId: user.id });
    await mail.enqueue(email, recoveryMail(site, verifyLink(env, 'recovery', token)));
  });
  return { message: M.resetSent };
}

/**
 * Follows a mailed link: confirms the sign-up (setting the password chosen then) or opens a recovery session.
 * Either way the link proves the address, and the answer is a signed-in session. Null for a bad link.
 */
export async function verifyEmailLink(
  deps: AuthServiceDeps,
  type: 'signup' | 'recovery',
  token: string,
  client: Client,
): Promise<IssuedSession | null> {
  const { db } = deps;
  const started = await writeTransaction(db, async () => {
    const row = await consumeOneTimeToken(db, type === 'signup' ? 'confirm_signup' : 'recovery', token);
    if (!row?.user_id) return null;
    const user = (await db.select().from(users).where(eq(users.id, row.user_id)))[0];
    if (!user) return null;
    // Thrown inside the transaction: the link stays unused.
    if (user.deactivated_at) throw deactivated();
    await db
      .update(users)
      .set({
        email_confirmed_at: user.email_confirmed_at ?? nowIso(),
        password_hash: type === 'signup' && row.password_hash ? row.password_hash : user.password_hash,
        last_sign_in_at: nowIso(),
        updated_at: nowIso(),
      })
      .where(eq(users.id, user.id));
    return await createSession(db, { userId: user.id, ...client, method: type });
  });
  if (!started) return null;
  return issueSession(deps, started.session, started.refreshToken);
}

export async function getUser(db: Db, userId: string): Promise<AuthUser> {
  const user = await loadAuthUser(db, userId);
  if (!user) throw new ApiError(401, ERROR_CODES.unauthorized, M.notSignedIn);
  return user;
}

/**
 * Profile fields and the password. A password change needs the current password (the old app's defect), except
 * in a fresh recovery session; it signs every other session out.
 */
export async function updateUser(
  deps: AuthServiceDeps,
  auth: AuthContext,
  input: UpdateUserInput,
): Promise<{ user: AuthUser; removedAvatar: string | null }> {
  // removedAvatar: the avatar's URL, released (deps.media.release) once the change is committed.
  const { db } = deps;
  const changesPassword =
    input.password !== undefined ||
    input.password_confirmation !== undefined ||
    input.current_password !== undefined;
  let newHash: string | null = null;
  if (changesPassword) {
    const recovering =
      auth.method === 'recovery' && Date.now() - Date.parse(auth.sessionCreatedAt) < RECOVERY_WINDOW_MS;
    const problem = recovering ? resetPasswordProblem(input) : changePasswordProblem(input);
    if (problem) throw fieldProblem(problem.field, problem.message);
    const common = passwordPolicyProblem(input.password!);
    if (common) throw fieldProblem('password', common);
    if (!recovering)
      await checkPassword(
        { db, passwords: deps.auth.passwords },
        { id: auth.userId, email: auth.email },
        input.current_password!,
        { field: 'current_password', message: M.currentPasswordIncorrect },
      );
    newHash = await deps.auth.passwords.hash(input.password!);
  }
  const removedAvatar = await writeTransaction(db, async () => {
    const profile: Partial<typeof profiles.$inferInsert> = {};
    if (input.first_name !== undefined) profile.first_name = input.first_name;
    if (input.last_name !== undefined) profile.last_name = input.last_name;
    if (input.notify_reviews !== undefined) profile.notify_reviews = input.notify_reviews;
    if (input.notify_inquiries !== undefined) profile.notify_inquiries = input.notify_inquiries;
    let removed: string | null = null;
    if (input.avatar_url === null) {
      const url = (
        await db.select({ url: profiles.avatar_url }).from(profiles).where(eq(profiles.id, auth.userId))
      )[0]?.url;
      profile.avatar_url = null;
      removed = url ?? null;
    }
    if (Object.keys(profile).length > 0)
      await db
        .update(profiles)
        .set({ ...profile, updated_at: nowIso() })
        .where(eq(profiles.id, auth.userId));
    if (newHash) {
      await setPasswordHash(db, auth.userId, newHash);
      await settleSession(db, auth.sessionId);
      await revokeUserSessions(db, auth.userId, auth.sessionId);
      await clearAttempts(db, attemptKey('login', auth.email), attemptKey('reset', auth.email));
    }
    return removed;
  });
  return { user: await getUser(db, auth.userId), removedAvatar };
}

export async function userSessions(db: Db, auth: AuthContext): Promise<SessionInfo[]> {
  return (await listSessions(db, auth.userId)).map((session) => ({
    ...session,
    current: session.id === auth.sessionId,
  }));
}

/** Signs one of the user's own sessions out; false when it is not theirs or already out. */
export async function revokeOwnSession(db: Db, auth: AuthContext, sessionId: string): Promise<boolean> {
  const owned = (await listSessions(db, auth.userId)).some((session) => session.id === sessionId);
  return owned && (await revokeSession(db, sessionId));
}

/** The first admin, from the one-time setup link printed at start-up. */
export async function setUpFirstAdmin(
  deps: AuthServiceDeps,
  input: { token: string; email: string; password: string },
  client: Client,
): Promise<IssuedSession> {
  const { db } = deps;
  const common = passwordPolicyProblem(input.password);
  if (common) throw fieldProblem('password', common);
  if (!(await isOneTimeTokenValid(db, 'admin_setup', input.token)))
    throw fieldProblem('token', M.invalidSetupLink);
  if (await hasOwner(db)) throw new ApiError(409, ERROR_CODES.conflict, M.adminExists);
  const passwordHash = await deps.auth.passwords.hash(input.password);
  // One transaction: the link is spent only if the admin and the session are made (a throw rolls back).
  const { session, refreshToken } = await writeTransaction(db, async () => {
    if (!(await consumeOneTimeToken(db, 'admin_setup', input.token)))
      throw fieldProblem('token', M.invalidSetupLink);
    if (await hasOwner(db)) throw new ApiError(409, ERROR_CODES.conflict, M.adminExists);
    let created: { id: string };
    try {
      created = await insertConfirmedUser(db, { email: input.email, passwordHash, role: 'owner' });
    } catch (error) {
      if (error instanceof AccountError) throw new ApiError(409, ERROR_CODES.conflict, error.message);
      throw error;
    }
    return await createSession(db, {
      userId: created.id,
      ...client,
      aal: 'aal1',
      method: 'admin_setup',
      passwordProven: true,
    });
  });
  return issueSession(deps, session, refreshToken);
}
