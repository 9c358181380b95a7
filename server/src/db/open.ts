import type { Env } from '../env';
import { type Db, databaseFile, openDatabase } from './client';
import { openPostgresDatabase } from './postgres';

/**
 * The database the environment names, for the server and the CLI alike: PostgreSQL at DATABASE_URL, else the
 * SQLite file in DATA_DIR (`synchronous`: SQLite's commit mode).
 */
export async function openConfiguredDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'dataDir'>,
  synchronous: 'FULL' | 'NORMAL' = 'FULL',
): Promise<Db> {
  return env.DATABASE_URL
    ? await openPostgresDatabase(env.DATABASE_URL)
    : openDatabase(databaseFile(env.dataDir), synchronous);
}
