// Types only: the account screens call this without loading zod.
import type { AuthUser, TokenResponse } from '../schemas/auth';

/** How the person proves the second step: a code from their authenticator app, or one of their recovery codes. */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/**
 * The second step of signing in (docs/auth.md, MFA), the same for every client: an authenticator code is
 * checked against the account's verified authenticator (a challenge, then its verification); a recovery code
 * — or any code when the account has no authenticator left — goes to the recovery endpoint. `post` is the
 * caller's own authenticated JSON POST (it throws a RequestFailure when refused). Resolves to the server's
 * token answer for the raised session.
 */
export async function verifySecondFactor(
  post: <T>(path: string, body: object) => Promise<T>,
  user: AuthUser,
  method: SecondFactorMethod,
  code: string,
): Promise<TokenResponse> {
  const factor = user.factors.find((item) => item.status === 'verified' && item.factor_type === 'totp');
  if (method === 'recovery' || !factor) {
    return post<TokenResponse>('/auth/v1/factors/recovery', { code: code.trim() });
  }
  const base = `/auth/v1/factors/${encodeURIComponent(factor.id)}`;
  const challenge = await post<{ id: string }>(`${base}/challenge`, {});
  return post<TokenResponse>(`${base}/verify`, { challenge_id: challenge.id, code: code.trim() });
}
