import {
  AUTH_MESSAGES,
  can,
  ERROR_CODES,
  isStaffRole,
  type MfaRequirement,
  mfaRequiredFor,
  type Permission,
  type UserRoleName,
} from '@atelier/shared';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client';
import { ApiError } from '../lib/errors';
import { type SessionMethod, sessionState } from './sessions';
import type { Aal, TokenService } from './tokens';

/** Who is calling, established by `requireUser` or `requireStaff` from the bearer access token. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  email: string;
  /** From the database, not the token: a demoted or deactivated person loses access on their next request. */
  role: UserRoleName;
  aal: Aal;
  /** The account has a verified second factor. */
  mfaEnabled: boolean;
  method: SessionMethod;
  sessionCreatedAt: string;
  /** Who the studio requires a second factor of (site_settings), read with the session. */
  mfaRule: MfaRequirement;
}

/** What the guards read of a request: its headers, and the tokens and sessions they check them against. */
interface GuardContext {
  req: { header(name: string): string | undefined };
  var: { deps: { db: Db; auth: { tokens: Pick<TokenService, 'verify'> } } };
}
type GuardEnv = { Variables: GuardContext['var'] & { auth?: AuthContext } };

export const unauthorized = () =>
  new ApiError(401, ERROR_CODES.unauthorized, AUTH_MESSAGES.notSignedIn, undefined, {
    'WWW-Authenticate': 'Bearer realm="atelier", error="invalid_token"',
  });
const forbidden = (message: string, code: typeof ERROR_CODES.forbidden | typeof ERROR_CODES.mfaRequired) =>
  new ApiError(403, code, message);
/** A staff member whose role does not hold what they asked for. */
export const roleForbidden = (message: string = AUTH_MESSAGES.roleForbidden) =>
  forbidden(message, ERROR_CODES.forbidden);

function bearerToken(c: Pick<GuardContext, 'req'>): string | null {
  const header = c.req.header('authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * The caller of a bearer request, or null when it carries no token. A token that is malformed, forged,
 * expired, for another audience, whose session was signed out, or whose account is deactivated answers 401.
 */
export async function authenticate(c: GuardContext): Promise<AuthContext | null> {
  const token = bearerToken(c);
  if (!token) return null;
  const { auth, db } = c.var.deps;
  let claims: Awaited<ReturnType<typeof auth.tokens.verify>>;
  try {
    claims = await auth.tokens.verify(token);
  } catch {
    throw unauthorized();
  }
  const session = await sessionState.first(db, claims.sid);
  if (!session || session.revoked_at || session.deactivated || session.user_id !== claims.sub)
    throw unauthorized();
  return {
    userId: claims.sub,
    sessionId: claims.sid,
    email: session.email,
    role: session.role,
    aal: claims.aal,
    mfaEnabled: Boolean(session.mfa),
    method: session.method,
    sessionCreatedAt: session.created_at,
    mfaRule: session.mfa_rule ?? 'none',
  };
}

/** The caller set by a guard; for handlers behind `requireUser` or `requireStaff`. */
export function currentAuth(c: { var: { auth?: AuthContext } }): AuthContext {
  const auth = c.var.auth;
  if (!auth) throw unauthorized();
  return auth;
}

async function guard(c: Context<GuardEnv>, allowPendingMfa: boolean): Promise<AuthContext> {
  const auth = await authenticate(c);
  if (!auth) throw unauthorized();
  if (auth.mfaEnabled && auth.aal !== 'aal2' && !allowPendingMfa)
    throw forbidden(AUTH_MESSAGES.mfaRequired, ERROR_CODES.mfaRequired);
  c.set('auth', auth);
  // Personal answers: never in a shared cache, nor in the public answer cache (see app.ts).
  c.header('Cache-Control', 'no-store');
  return auth;
}

/**
 * A signed-in caller. An account with a verified factor must have verified it in this session (aal2), unless
 * `allowPendingMfa` (the MFA endpoints themselves, reading the user, signing out).
 */
export const requireUser = (options: { allowPendingMfa?: boolean } = {}) =>
  createMiddleware<GuardEnv>(async (c, next) => {
    await guard(c, options.allowPendingMfa ?? false);
    await next();
  });

/** Why a signed-in caller may not use the admin area, or null when they may. */
function staffRefusal(auth: AuthContext): ApiError | null {
  if (!isStaffRole(auth.role)) return forbidden(AUTH_MESSAGES.adminOnly, ERROR_CODES.forbidden);
  if (auth.aal === 'aal2') return null;
  if (mfaRequiredFor(auth.mfaRule, auth.role))
    return forbidden(AUTH_MESSAGES.staffMfaRequired, ERROR_CODES.mfaRequired);
  return null;
}

/** Whether a caller passes the staff gate below (a staff role, its own second factor, the studio's MFA rule). */
export function passesStaffGate(auth: AuthContext): boolean {
  if (auth.mfaEnabled && auth.aal !== 'aal2') return false;
  return staffRefusal(auth) === null;
}

/** The studio's staff (owner, admin, editor, contributor): 401 without a valid token, 403 for anyone else. */
export const requireStaff = () =>
  createMiddleware<GuardEnv>(async (c, next) => {
    const auth = await guard(c, false);
    const refusal = staffRefusal(auth);
    if (refusal) throw refusal;
    await next();
  });

/**
 * One admin operation's rule: the caller's role (read from the database on this request) must hold
 * `permission`, or the operation answers 403 (with `message`, when the rule has its own words) before it
 * reads its input. Behind `requireStaff`.
 */
export const requirePermission = (permission: Permission, message?: string) =>
  createMiddleware<GuardEnv>(async (c, next) => {
    if (!can(currentAuth(c).role, permission)) throw roleForbidden(message);
    await next();
  });
