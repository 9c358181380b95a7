import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import { startCleanup } from './cleanup';
import { sealTotpSecrets } from './mfa-secrets';
import { createPasswordHasher, type PasswordHasher } from './password';
import { createSecrets, loadSecretKey, type Secrets } from './secret-key';
import { createTokenService, loadSigningKey, type TokenService } from './tokens';

export { type AuthContext, currentAuth, requireStaff, requireUser } from './guard';

/** The auth machinery a handler may use (in Deps). */
export interface AuthDeps {
  tokens: TokenService;
  passwords: PasswordHasher;
  /** Encryption at rest and keyed hashes (TOTP secrets, recovery codes, device cookies, refresh successors). */
  secrets: Secrets;
  /** Stops the hourly cleanup. */
  stop(): void;
}

export async function createAuth(deps: { db: Db; env: Env; log: Logger }): Promise<AuthDeps> {
  const tokens = await createTokenService(await loadSigningKey(deps.env.dataDir), deps.env.publicUrl);
  const passwords = createPasswordHasher(deps.env.PASSWORD_HASH);
  const secrets = createSecrets(loadSecretKey(deps.env.dataDir));
  const sealed = await sealTotpSecrets(deps.db, secrets);
  if (sealed > 0) deps.log.info({ sealed }, 'encrypted TOTP secrets stored in clear');
  const stop = await startCleanup(deps.db, deps.log);
  return { tokens, passwords, secrets, stop };
}
