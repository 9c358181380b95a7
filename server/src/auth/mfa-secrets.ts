import { eq } from 'drizzle-orm';
import { type Db, writeTransaction } from '../db/client';
import { mfaFactors } from '../db/schema';
import type { Secrets } from './secret-key';

/** Encrypts the TOTP secrets written before they were encrypted at rest (once, at start-up). */
export function sealTotpSecrets(db: Db, secrets: Secrets): number {
  return writeTransaction(db, () => {
    const clear = db
      .select({ id: mfaFactors.id, secret: mfaFactors.secret })
      .from(mfaFactors)
      .all()
      .filter((row) => !secrets.isSealed(row.secret));
    for (const row of clear)
      db.update(mfaFactors)
        .set({ secret: secrets.seal(row.secret) })
        .where(eq(mfaFactors.id, row.id))
        .run();
    return clear.length;
  });
}
