import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import { startCleanup } from './cleanup';
import { createPasswordHasher, type PasswordHasher } from './password';
import { createTokenService, loadSigningKey, type TokenService } from './tokens';

export { type AuthContext, currentAuth, requireAdmin, requireUser } from './guard';

/** The auth machinery a handler may use (in Deps). */
export interface AuthDeps {
  tokens: TokenService;
  passwords: PasswordHasher;
  /** Stops the hourly cleanup. */
  stop(): void;
}

export async function createAuth(deps: { db: Db; env: Env; log: Logger }): Promise<AuthDeps> {
  const tokens = await createTokenService(await loadSigningKey(deps.env.dataDir), deps.env.publicUrl);
  const passwords = createPasswordHasher(deps.env.PASSWORD_HASH);
  const stop = startCleanup(deps.db, deps.log);
  return { tokens, passwords, stop };
}
