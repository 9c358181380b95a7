import { eq } from 'drizzle-orm';
import { type Db, writeTransaction } from '../db/client';
import { mfaFactors } from '../db/schema';
import type { Secrets } from './secret-key';

/** Encrypts the TOTP secrets written before they were encrypted at rest (once, at start-up). */
export async function sealTotpSecrets(db: Db, secrets: Secrets): Promise<number> {
  return await writeTransaction(db, async () => {
    const clear = (await db.select({ id: mfaFactors.id, secret: mfaFactors.secret }).from(mfaFactors)).filter(
      (row) => !secrets.isSealed(row.secret),
    );
    for (const row of clear)
      await db
        .update(mfaFactors)
        .set({ secret: secrets.seal(row.secret) })
        .where(eq(mfaFactors.id, row.id));
    return clear.length;
  });
}
