import { ERROR_CODES, AUTH_MESSAGES as M } from '@atelier/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AuthContext } from '../../auth';
import { issueSession } from '../../auth/issue-session';
import { attemptKey, clearAttempts, lockedMinutes, recordAttempt } from '../../auth/lockout';
import type { Secrets } from '../../auth/secret-key';
import { raiseSession } from '../../auth/sessions';
import {
  acceptTotp,
  hashRecoveryCode,
  legacyRecoveryCodeHash,
  newRecoveryCodes,
  newTotpSecret,
  totpUri,
} from '../../auth/totp';
import { type Db, writeTransaction } from '../../db/client';
import { mfaChallenges, mfaFactors, mfaRecoveryCodes } from '../../db/schema';
import { nowIso } from '../../db/schema/columns';
import { siteName } from '../../db/site-name';
import { ApiError, fieldProblem, notFound, tooMany } from '../../lib/errors';
import type { AuthServiceDeps } from './auth.service';

/** A challenge must be verified within five minutes. */
const CHALLENGE_TTL_MS = 5 * 60_000;

const factorOf = async (db: Db, auth: AuthContext, factorId: string) => {
  const factor = (
    await db
      .select()
      .from(mfaFactors)
      .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.user_id, auth.userId)))
  )[0];
  if (!factor) throw notFound(M.factorNotFound);
  return factor;
};

/** Second-factor attempts are limited like sign-ins, per account. */
async function checkMfaLock(db: Db, auth: AuthContext) {
  const locked = await lockedMinutes(db, attemptKey('mfa', auth.userId));
  if (locked !== null) throw tooMany(M.tooManyVerifications(locked), locked);
}

/** Starts TOTP enrolment: an unverified factor with its secret, as a QR code and an otpauth:// URI. */
export async function enrolTotp(
  { db, secrets }: { db: Db; secrets: Secrets },
  auth: AuthContext,
  friendlyName: string | undefined,
) {
  const verified = (
    await db
      .select({ id: mfaFactors.id })
      .from(mfaFactors)
      .where(and(eq(mfaFactors.user_id, auth.userId), eq(mfaFactors.status, 'verified')))
  )[0];
  if (verified) throw new ApiError(409, ERROR_CODES.conflict, M.totpAlreadyEnrolled);
  const secret = newTotpSecret();
  const id = crypto.randomUUID();
  await writeTransaction(db, async () => {
    // An abandoned enrolment is replaced, not stacked.
    await db
      .delete(mfaFactors)
      .where(and(eq(mfaFactors.user_id, auth.userId), eq(mfaFactors.status, 'unverified')));
    await db.insert(mfaFactors).values({
      id,
      user_id: auth.userId,
      factor_type: 'totp',
      friendly_name: friendlyName || null,
      secret: secrets.seal(secret),
    });
  });
  const uri = totpUri(secret, await siteName(db), auth.email);
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    id,
    type: 'totp' as const,
    friendly_name: friendlyName || null,
    totp: { qr_code: `data:image/svg+xml;utf-8,${encodeURIComponent(svg)}`, secret, uri },
  };
}

export async function createChallenge(db: Db, auth: AuthContext, factorId: string) {
  await factorOf(db, auth, factorId);
  const [challenge] = await db
    .insert(mfaChallenges)
    .values({ id: crypto.randomUUID(), factor_id: factorId })
    .returning();
  if (!challenge) throw new Error('The challenge insert returned no row');
  return {
    id: challenge.id,
    type: 'totp' as const,
    expires_at: Math.floor((Date.parse(challenge.created_at) + CHALLENGE_TTL_MS) / 1000),
  };
}

/** Stores ten new recovery codes (hashed) in place of any old ones; returns them for showing once. */
async function replaceRecoveryCodes(db: Db, secrets: Secrets, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.user_id, userId));
  for (const code of codes)
    await db.insert(mfaRecoveryCodes).values({
      id: crypto.randomUUID(),
      user_id: userId,
      code_hash: hashRecoveryCode(secrets, userId, code),
    });
  return codes;
}

const aal2Session = (auth: AuthContext) => ({
  id: auth.sessionId,
  user_id: auth.userId,
  aal: 'aal2' as const,
  method: auth.method,
  created_at: auth.sessionCreatedAt,
});

/**
 * Verifies a TOTP code against a challenge. The first verification of a factor turns it on and returns the
 * recovery codes; every verification raises the session to aal2 and answers a new access token (the refresh
 * token the client holds stays valid and now yields aal2 tokens).
 */
export async function verifyChallenge(
  deps: AuthServiceDeps,
  auth: AuthContext,
  factorId: string,
  input: { challenge_id: string; code: string },
) {
  const { db } = deps;
  await checkMfaLock(db, auth);
  const factor = await factorOf(db, auth, factorId);
  const challenge = (
    await db
      .select()
      .from(mfaChallenges)
      .where(
        and(
          eq(mfaChallenges.id, input.challenge_id),
          eq(mfaChallenges.factor_id, factor.id),
          isNull(mfaChallenges.verified_at),
        ),
      )
  )[0];
  if (!challenge || Date.parse(challenge.created_at) + CHALLENGE_TTL_MS < Date.now())
    throw fieldProblem('challenge_id', M.challengeExpired);
  const step = acceptTotp(deps.auth.secrets.open(factor.secret), input.code, {
    lastUsedStep: factor.last_used_step,
  });
  if (step === null) {
    await recordAttempt(db, attemptKey('mfa', auth.userId));
    throw fieldProblem('code', M.invalidTotp);
  }
  const recoveryCodes = await writeTransaction(db, async () => {
    await db.update(mfaChallenges).set({ verified_at: nowIso() }).where(eq(mfaChallenges.id, challenge.id));
    await db
      .update(mfaFactors)
      .set({ status: 'verified', last_used_step: step, updated_at: nowIso() })
      .where(eq(mfaFactors.id, factor.id));
    await raiseSession(db, auth.sessionId);
    await clearAttempts(db, attemptKey('mfa', auth.userId));
    return factor.status === 'unverified'
      ? await replaceRecoveryCodes(db, deps.auth.secrets, auth.userId)
      : undefined;
  });
  const { response } = await issueSession(deps, aal2Session(auth), null);
  return { ...response, ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}) };
}

/** Marks a matching unused recovery code used; false when there is none. */
async function spendRecoveryCode(db: Db, secrets: Secrets, userId: string, code: string): Promise<boolean> {
  const [spent] = await db
    .update(mfaRecoveryCodes)
    .set({ used_at: nowIso() })
    .where(
      and(
        eq(mfaRecoveryCodes.user_id, userId),
        inArray(mfaRecoveryCodes.code_hash, [
          hashRecoveryCode(secrets, userId, code),
          legacyRecoveryCodeHash(userId, code),
        ]),
        isNull(mfaRecoveryCodes.used_at),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return !!spent;
}

/** Signs in the second step with a recovery code instead of a TOTP code: each code works once. */
export async function verifyRecoveryCode(deps: AuthServiceDeps, auth: AuthContext, code: string) {
  const { db } = deps;
  await checkMfaLock(db, auth);
  const ok = await writeTransaction(db, async () => {
    if (!(await spendRecoveryCode(db, deps.auth.secrets, auth.userId, code))) return false;
    await raiseSession(db, auth.sessionId);
    await clearAttempts(db, attemptKey('mfa', auth.userId));
    return true;
  });
  if (!ok) {
    await recordAttempt(db, attemptKey('mfa', auth.userId));
    throw fieldProblem('code', M.invalidRecoveryCode);
  }
  const { response } = await issueSession(deps, aal2Session(auth), null);
  return response;
}

/** New recovery codes in place of the old ones (aal2 sessions with a verified factor). */
export async function regenerateRecoveryCodes(
  { db, secrets }: { db: Db; secrets: Secrets },
  auth: AuthContext,
): Promise<string[]> {
  if (!auth.mfaEnabled) throw notFound(M.factorNotFound);
  return await writeTransaction(db, async () => await replaceRecoveryCodes(db, secrets, auth.userId));
}

/**
 * Removes a factor. A verified one needs an aal2 session, or a current TOTP code or a recovery code with the
 * request; removing the last verified factor removes the recovery codes too.
 */
export async function unenrolFactor(
  { db, secrets }: { db: Db; secrets: Secrets },
  auth: AuthContext,
  factorId: string,
  code: string | undefined,
) {
  await checkMfaLock(db, auth);
  const factor = await factorOf(db, auth, factorId);
  let step: number | null = null;
  if (factor.status === 'verified' && auth.aal !== 'aal2') {
    if (!code) throw fieldProblem('code', M.factorCodeRequired);
    step = /^\d{6}$/.test(code)
      ? acceptTotp(secrets.open(factor.secret), code, { lastUsedStep: factor.last_used_step })
      : null;
    if (step === null && !(await spendRecoveryCode(db, secrets, auth.userId, code))) {
      await recordAttempt(db, attemptKey('mfa', auth.userId));
      throw fieldProblem('code', M.invalidTotp);
    }
  }
  await writeTransaction(db, async () => {
    await db.delete(mfaFactors).where(eq(mfaFactors.id, factor.id));
    const left = (
      await db
        .select({ id: mfaFactors.id })
        .from(mfaFactors)
        .where(and(eq(mfaFactors.user_id, auth.userId), eq(mfaFactors.status, 'verified')))
    )[0];
    if (!left) await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.user_id, auth.userId));
  });
  return { id: factor.id };
}
