import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { urlImports } from '../features/media/url-import';
import { mediaUses } from '../features/media/where-used';
import { createLogger } from '../lib/logger';
import type { ImageColumns } from '../ports';
import { openStorage } from '../storage/open';
import { variantQueue } from '../storage/variant-queue';

/**
 * `media:import-urls`: every outside image URL already saved in the content's image columns is fetched into
 * the media library (the same guarded fetch and pipeline as a save) and the row points at the library's copy.
 * A URL that cannot be fetched is reported and left as it is; the others are still imported.
 */
export async function importUrlsCommand(db: Db, env: Env, declared: readonly ImageColumns[]) {
  const log = createLogger('silent');
  const storage = await openStorage(env);
  const variants = variantQueue(storage, log);
  const media = mediaUses({ db, storage }, declared);
  const imports = urlImports({ db, storage, variants, media, env });
  let rows = 0;
  const failures: string[] = [];
  for (const images of declared) {
    for (const row of (await db.select().from(images.table)) as Record<string, unknown>[]) {
      const id = row.id as string;
      try {
        const local = await imports.localize(row, images, { id: null });
        const changed = Object.fromEntries(
          Object.entries(local).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(row[key])),
        );
        if (Object.keys(changed).length === 0) continue;
        await db.update(images.table).set(changed).where(eq(images.table.id, id));
        rows += 1;
      } catch (error) {
        failures.push(`${images.entity_type} ${id}: ${(error as Error).message}`);
      }
    }
  }
  await variants.idle();
  return { rows, failures };
}
