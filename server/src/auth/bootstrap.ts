import { and, eq, isNull } from 'drizzle-orm';
import { type Db, writeTransaction } from '../db/client';
import { oneTimeTokens, profiles } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import { issueOneTimeToken } from './one-time-tokens';
import type { PasswordHasher } from './password';
import { AccountError, createConfirmedUser, findUserByEmail, hasOwner, setRole } from './users';

/**
 * The first admin, at start-up. With ATELIER_ADMIN_EMAIL and ATELIER_ADMIN_PASSWORD, that account is created
 * (confirmed, no mail) or, if the address has one already, made an admin with its password untouched. Otherwise,
 * while no admin exists, a one-time setup link is made for the owner; its URL is returned for the console
 * (the database keeps only its hash, so each start makes a new one and retires the old).
 */
export async function bootstrapAdmin(deps: {
  db: Db;
  env: Env;
  log: Logger;
  passwords: PasswordHasher;
}): Promise<string | null> {
  const { db, env, log } = deps;
  const email = env.ATELIER_ADMIN_EMAIL;
  if (email && env.ATELIER_ADMIN_PASSWORD) {
    const existing = await findUserByEmail(db, email);
    if (!existing) {
      try {
        await createConfirmedUser(db, deps.passwords, {
          email,
          password: env.ATELIER_ADMIN_PASSWORD,
          role: (await hasOwner(db)) ? 'admin' : 'owner',
        });
      } catch (error) {
        if (error instanceof AccountError) throw new Error(`ATELIER_ADMIN_PASSWORD: ${error.message}`);
        throw error;
      }
      log.info({ email }, 'admin account created from the environment');
    } else {
      const profile = (
        await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, existing.id))
      )[0];
      if (profile?.role !== 'admin' && profile?.role !== 'owner') {
        await setRole(db, existing.id, (await hasOwner(db)) ? 'admin' : 'owner');
        log.warn(
          { email },
          'ATELIER_ADMIN_EMAIL has an account: made it an admin (its password is unchanged)',
        );
      }
    }
  }
  if (await hasOwner(db)) {
    await db
      .update(oneTimeTokens)
      .set({ used_at: new Date().toISOString() })
      .where(and(eq(oneTimeTokens.kind, 'admin_setup'), isNull(oneTimeTokens.used_at)));
    return null;
  }
  const token = await writeTransaction(
    db,
    async () => await issueOneTimeToken(db, { kind: 'admin_setup', userId: null }),
  );
  log.warn('no owner yet: open the one-time setup link printed on the console');
  return `${env.publicUrl}/admin/setup?token=${token}`;
}
