import { ERROR_CODES, AUTH_MESSAGES as M, type TokenResponse } from '@atelier/shared';
import type { Db } from '../db/client';
import { ApiError } from '../lib/errors';
import type { SessionRow } from './sessions';
import type { TokenService } from './tokens';
import { loadAuthUser } from './users';

/** Who is signing in: their browser or app and their address, kept with the session. */
export interface Client {
  userAgent: string | null;
  ip: string | null;
}

/** A signed-in answer: the token response and the refresh token (put in the body or in the cookie). */
export interface IssuedSession {
  response: Omit<TokenResponse, 'refresh_token' | 'device_token'>;
  refreshToken: string | null;
  /** After a password sign-in: the device token (cookie or `device_token`) for the next sign-ins. */
  deviceToken?: string;
}

export const invalidGrant = (reason: string) =>
  new ApiError(400, ERROR_CODES.invalidGrant, `${M.invalidRefreshToken}: ${reason}`);

/** The token answer for a session: a fresh access token carrying the session's assurance level. */
export async function issueSession(
  deps: { db: Db; auth: { tokens: Pick<TokenService, 'issue'> } },
  session: SessionRow,
  refreshToken: string | null,
): Promise<IssuedSession> {
  const user = await loadAuthUser(deps.db, session.user_id);
  if (!user) throw invalidGrant('User Not Found');
  const { token, expiresAt, expiresIn } = await deps.auth.tokens.issue({
    sub: user.id,
    sid: session.id,
    role: user.role,
    aal: session.aal,
    email: user.email,
  });
  const mfaEnabled = user.factors.some((factor) => factor.status === 'verified');
  return {
    response: {
      access_token: token,
      token_type: 'bearer',
      expires_in: expiresIn,
      expires_at: expiresAt,
      aal: session.aal,
      mfa_required: mfaEnabled && session.aal !== 'aal2',
      user,
    },
    refreshToken,
  };
}
