import type { MfaRequirement, UserRoleName } from '@atelier/shared';
import { and, desc, eq, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { changedRows, type Db, type RawBoolean, statement, writeTransaction } from '../db/client';
import { mfaChallenges, refreshTokens, type SESSION_METHODS, sessions } from '../db/schema';
import { type Aal, hashToken, randomToken } from './tokens';

/** A refresh token lives 30 days from its issue; each use issues the next one (sliding). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;
/**
 * A rotated token presented again within this many milliseconds is taken for two tabs refreshing at once and
 * answered with the successor it already got (the same token, so the session never forks into two chains), as
 * long as that successor is unused; later, or once the successor was used, it is taken for theft and revokes
 * the session.
 */
export const REUSE_GRACE_MS = 10_000;

export type SessionMethod = (typeof SESSION_METHODS)[number];
export interface SessionRow {
  id: string;
  user_id: string;
  aal: Aal;
  method: SessionMethod;
  created_at: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

// The refresh path runs on every page load and every 15 minutes per tab: its statements are prepared once.
const insertTokenStatement = statement<[string, string, string, string | null]>(
  'INSERT INTO refresh_tokens (id, session_id, token_hash, parent_id) VALUES (?, ?, ?, ?)',
);

async function insertRefreshToken(
  db: Db,
  sessionId: string,
  parentId: string | null,
  token = randomToken(),
): Promise<string> {
  await insertTokenStatement.run(db, crypto.randomUUID(), sessionId, hashToken(token), parentId);
  return token;
}

/**
 * The successor of a refresh token is derived from it with a server key (a keyed hash): a replay within the grace
 * period can be answered with the very same successor without its plain value ever being stored.
 */
type SuccessorOf = (token: string) => string;

const successorState = statement<[string, string], { rotated_at: string | null; revoked_at: string | null }>(
  'SELECT rotated_at, revoked_at FROM refresh_tokens WHERE token_hash = ? AND parent_id = ?',
);

interface TokenRow {
  id: string;
  created_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  session_id: string;
  user_id: string;
  aal: Aal;
  method: SessionMethod;
  session_created_at: string;
  session_revoked_at: string | null;
}
const tokenByHash = statement<[string], TokenRow>(
  `SELECT rt.id, rt.created_at, rt.rotated_at, rt.revoked_at, s.id AS session_id, s.user_id, s.aal, s.method,
       s.created_at AS session_created_at, s.revoked_at AS session_revoked_at
     FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id WHERE rt.token_hash = ?`,
);
const markRotated = statement<[string, string]>('UPDATE refresh_tokens SET rotated_at = ? WHERE id = ?');
const markRefreshed = statement<[string, string]>('UPDATE sessions SET refreshed_at = ? WHERE id = ?');

/** Starts a session with its first refresh token (the plain token is returned once, never stored). */
export async function createSession(
  db: Db,
  input: {
    userId: string;
    userAgent?: string | null;
    ip?: string | null;
    aal?: Aal;
    method: SessionMethod;
    /** The person typed their password to start it (see `passwordProvenAt`). */
    passwordProven?: boolean;
  },
): Promise<{ session: SessionRow; refreshToken: string }> {
  return await writeTransaction(db, async () => {
    const id = crypto.randomUUID();
    const [session] = await db
      .insert(sessions)
      .values({
        id,
        user_id: input.userId,
        user_agent: input.userAgent?.slice(0, 400) ?? null,
        ip: input.ip ?? null,
        aal: input.aal ?? 'aal1',
        method: input.method,
        password_at: input.passwordProven ? iso(Date.now()) : null,
      })
      .returning({
        id: sessions.id,
        user_id: sessions.user_id,
        aal: sessions.aal,
        method: sessions.method,
        created_at: sessions.created_at,
      });
    if (!session) throw new Error('The session insert returned no row');
    return { session, refreshToken: await insertRefreshToken(db, id, null) };
  });
}

type RotateResult =
  | { ok: true; session: SessionRow; refreshToken: string }
  | { ok: false; reason: 'not_found' | 'revoked' | 'expired' | 'reused'; sessionId?: string };

/** Exchanges a refresh token for the next one, detecting reuse of a rotated token (see REUSE_GRACE_MS). */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  successorOf: SuccessorOf,
  now = Date.now(),
): Promise<RotateResult> {
  return await writeTransaction(db, async (): Promise<RotateResult> => {
    const row = await tokenByHash.first(db, hashToken(token));
    if (!row) return { ok: false, reason: 'not_found' };
    const session: SessionRow = {
      id: row.session_id,
      user_id: row.user_id,
      aal: row.aal,
      method: row.method,
      created_at: row.session_created_at,
    };
    if (row.revoked_at || row.session_revoked_at)
      return { ok: false, reason: 'revoked', sessionId: session.id };
    if (Date.parse(row.created_at) + REFRESH_TOKEN_TTL_MS <= now)
      return { ok: false, reason: 'expired', sessionId: session.id };
    const successor = successorOf(token);
    if (row.rotated_at) {
      const issued = await successorState.first(db, hashToken(successor), row.id);
      const inGrace = now - Date.parse(row.rotated_at) <= REUSE_GRACE_MS;
      if (!inGrace || !issued || issued.rotated_at || issued.revoked_at) {
        await revokeSessions(db, eq(sessions.id, session.id), now);
        return { ok: false, reason: 'reused', sessionId: session.id };
      }
      return { ok: true, session, refreshToken: successor };
    }
    await markRotated.run(db, iso(now), row.id);
    await markRefreshed.run(db, iso(now), session.id);
    return { ok: true, session, refreshToken: await insertRefreshToken(db, session.id, row.id, successor) };
  });
}

/** The live session a refresh token belongs to (rotated or not), for sign-out by cookie. */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<SessionRow | null> {
  const row = (
    await db
      .select({
        id: sessions.id,
        user_id: sessions.user_id,
        aal: sessions.aal,
        method: sessions.method,
        created_at: sessions.created_at,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.session_id))
      .where(
        and(
          eq(refreshTokens.token_hash, hashToken(token)),
          isNull(refreshTokens.revoked_at),
          isNull(sessions.revoked_at),
        ),
      )
  )[0];
  return row ?? null;
}

async function revokeSessions(db: Db, where: SQL | undefined, now: number): Promise<number> {
  const stamp = iso(now);
  const revoked = await db
    .update(sessions)
    .set({ revoked_at: stamp })
    .where(and(where, isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  for (const { id } of revoked)
    await db
      .update(refreshTokens)
      .set({ revoked_at: stamp })
      .where(and(eq(refreshTokens.session_id, id), isNull(refreshTokens.revoked_at)));
  return revoked.length;
}

/** Signs one session out: its refresh tokens stop at once, and the guard refuses its access tokens. */
export async function revokeSession(db: Db, sessionId: string, now = Date.now()): Promise<boolean> {
  return await writeTransaction(
    db,
    async () => (await revokeSessions(db, eq(sessions.id, sessionId), now)) > 0,
  );
}

/** Signs a user out everywhere, or everywhere but `except`. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  except?: string,
  now = Date.now(),
): Promise<number> {
  return await writeTransaction(
    db,
    async () =>
      await revokeSessions(
        db,
        except ? and(eq(sessions.user_id, userId), ne(sessions.id, except)) : eq(sessions.user_id, userId),
        now,
      ),
  );
}

/** Raises a session to aal2 once its second factor is verified; later refreshes then carry aal2. */
export async function raiseSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ aal: 'aal2' }).where(eq(sessions.id, sessionId));
}

/** The person proved their password again in this session (asked before a sensitive change). */
export async function markPasswordProven(db: Db, sessionId: string, now = Date.now()): Promise<void> {
  await db
    .update(sessions)
    .set({ password_at: iso(now) })
    .where(eq(sessions.id, sessionId));
}

/** When the person last typed their password in this session (sign-in or asked again), or null. */
export async function passwordProvenAt(db: Db, sessionId: string): Promise<string | null> {
  return (
    (await db.select({ at: sessions.password_at }).from(sessions).where(eq(sessions.id, sessionId)))[0]?.at ??
    null
  );
}

/** A recovery session may set a password without the current one only once. */
export async function settleSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ method: 'password' }).where(eq(sessions.id, sessionId));
}

/** The user's signed-in devices: not revoked, with a refresh token still usable. */
export async function listSessions(db: Db, userId: string, now = Date.now()) {
  const live = sql`EXISTS (SELECT 1 FROM ${refreshTokens} WHERE ${refreshTokens.session_id} = ${sessions.id}
    AND ${refreshTokens.revoked_at} IS NULL AND ${refreshTokens.rotated_at} IS NULL
    AND ${refreshTokens.created_at} > ${iso(now - REFRESH_TOKEN_TTL_MS)})`;
  return await db
    .select({
      id: sessions.id,
      created_at: sessions.created_at,
      refreshed_at: sessions.refreshed_at,
      user_agent: sessions.user_agent,
      ip: sessions.ip,
      aal: sessions.aal,
    })
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), live))
    .orderBy(desc(sessions.created_at));
}

/** What the guard needs about a session, in one indexed read per authenticated request. */
export interface SessionState {
  user_id: string;
  revoked_at: string | null;
  method: SessionMethod;
  created_at: string;
  email: string;
  role: UserRoleName;
  mfa: RawBoolean;
  deactivated: RawBoolean;
  /** The studio's rule of who needs a second factor in the admin (site_settings), read in the same query. */
  mfa_rule: MfaRequirement | null;
}
export const sessionState = statement<[string], SessionState>(
  `SELECT s.user_id, s.revoked_at, s.method, s.created_at, u.email, coalesce(p.role, 'user') AS role,
       EXISTS (SELECT 1 FROM mfa_factors f WHERE f.user_id = s.user_id AND f.status = 'verified') AS mfa,
       u.deactivated_at IS NOT NULL AS deactivated,
       (SELECT require_mfa_for FROM site_settings WHERE id = 'default') AS mfa_rule
     FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN profiles p ON p.id = s.user_id
     WHERE s.id = ?`,
);

/**
 * The hourly cleanup: revoked and expired refresh tokens, dead sessions, stale MFA challenges. Rotated tokens
 * stay until they expire, so a stolen one presented weeks later is still recognised as reuse.
 */
export async function deleteStaleSessions(
  db: Db,
  now = Date.now(),
): Promise<{ tokens: number; sessions: number }> {
  return await writeTransaction(db, async () => {
    const dayAgo = iso(now - 24 * 3600_000);
    const tokens = changedRows(
      await db
        .delete(refreshTokens)
        .where(
          or(
            lt(refreshTokens.revoked_at, dayAgo),
            lt(refreshTokens.created_at, iso(now - REFRESH_TOKEN_TTL_MS)),
          ),
        ),
    );
    const dead = changedRows(
      await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.revoked_at, iso(now - REFRESH_TOKEN_TTL_MS)),
            sql`NOT EXISTS (SELECT 1 FROM ${refreshTokens} WHERE ${refreshTokens.session_id} = ${sessions.id})`,
          ),
        ),
    );
    await db.delete(mfaChallenges).where(lt(mfaChallenges.created_at, dayAgo));
    return { tokens, sessions: dead };
  });
}
