import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema-pg';

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** Where drizzle-kit's PostgreSQL migrations live: beside this module in the sources, beside the bundle in dist. */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations-pg', import.meta.url));

/** The advisory lock every server takes to migrate: one number of the cluster, the same in every process. */
const MIGRATION_LOCK = 4_242_024_001;

/** A pool of connections to `url` (`postgres://user:password@host:port/database`), with the PostgreSQL schema. */
export function openPostgres(url: string, max = 10): PgDb {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server drops (a restart, a failover) leaves the pool; the next query opens another.
  pool.on('error', () => {});
  return drizzle({ client: pool, schema });
}

/**
 * Applies the migrations not yet applied, on one connection holding `pg_advisory_lock`: servers starting
 * together take turns, and the later ones find everything applied. Returns how many migrations the database has.
 */
export async function migratePostgres(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      return rows[0]?.n ?? 0;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function closePostgres(db: PgDb): Promise<void> {
  await db.$client.end();
}
