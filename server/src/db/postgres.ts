import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import {
  type Connection,
  currentTransaction,
  type Db,
  registerConnection,
  runInTransaction,
  type TransactionScope,
} from './client';
import * as pgSchema from './schema-pg';

export type PgDb = NodePgDatabase<typeof pgSchema> & { $client: pg.Pool };

/** Where drizzle-kit's PostgreSQL migrations live: beside this module in the sources, beside the bundle in dist. */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations-pg', import.meta.url));

/** The advisory lock every server takes to migrate: one number of the cluster, the same in every process. */
const MIGRATION_LOCK = 4_242_024_001;
/** The advisory lock a write transaction holds until it ends: write transactions follow one another. */
const WRITE_LOCK = 4_242_024_002;
/** The channel every server hears a committed content change on. */
export const CHANGES_CHANNEL = 'atelier_changes';

const INT8 = 20;
const NUMERIC = 1700;
const JSON_OID = 114;
const JSONB = 3802;

/**
 * The queries are built with the SQLite tables (the services' one typed schema), whose columns decode JSON
 * text and count with numbers: PostgreSQL's driver hands JSON as its text and 64-bit integers and numerics as
 * numbers (every count and byte size here is far below 2^53), so both databases decode through the same columns.
 * drizzle reads the driver's parsers of the process (its own only for dates), so these are set for the process.
 */
for (const oid of [JSON_OID, JSONB]) pg.types.setTypeParser(oid, (value: string) => value);
for (const oid of [INT8, NUMERIC]) pg.types.setTypeParser(oid, (value: string) => Number(value));

/** A pool of connections to `url` (`postgres://user:password@host:port/database`), with the PostgreSQL schema. */
export function openPostgres(url: string, max = 10): PgDb {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server drops (a restart, a failover) leaves the pool; the next query opens another.
  pool.on('error', () => {});
  return drizzle({ client: pool, schema: pgSchema });
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

/** `?` placeholders as PostgreSQL's `$1`, `$2`… (the portable statements of db/client.ts). */
const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

const WRITE = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete)\b/i;

type Scope = TransactionScope & { client: pg.PoolClient; quiet: boolean };

/**
 * A pool of PostgreSQL connections behind the same `Db` as SQLite: a query runs on the pool, or, inside
 * `writeTransaction`, on the transaction's own connection (the async context says which). Every committed
 * write is told to every server on `CHANGES_CHANNEL`, which is what their caches' versions count.
 */
class PostgresConnection implements Connection {
  readonly dialect = 'postgres';
  readonly migrationsTable = 'drizzle.__drizzle_migrations';
  private readonly sqlDialect = new PgDialect();
  private readonly transactions = new WeakMap<pg.PoolClient, Db>();
  private listener: pg.Client | undefined;
  private heard = 0;
  private notifyQueued = false;
  /** This connection's name on the change channel: what it hears from itself it has counted already. */
  private readonly name = crypto.randomUUID();

  constructor(
    readonly pool: pg.Pool,
    private readonly url: string,
  ) {}

  private scope(): Scope | undefined {
    return currentTransaction(this) as Scope | undefined;
  }

  /** The client a query of this code runs on: its transaction's, else the pool. */
  client(): pg.Pool | pg.PoolClient {
    return this.scope()?.client ?? this.pool;
  }

  /** The drizzle database over one client (a transaction's). */
  databaseOf(client: pg.PoolClient): Db {
    let db = this.transactions.get(client);
    if (!db) {
      db = drizzle({ client }) as unknown as Db;
      this.transactions.set(client, db);
    }
    return db;
  }

  /** A change committed by this server: counted at once here, and told to the others. */
  changed(): void {
    this.heard += 1;
    if (this.notifyQueued) return;
    this.notifyQueued = true;
    queueMicrotask(() => {
      this.notifyQueued = false;
      this.pool.query(`NOTIFY ${CHANGES_CHANNEL}, '${this.name}'`).catch(() => {});
    });
  }

  /** The changes heard: this server's and, through LISTEN, every other server's. */
  changeCount(): number {
    return this.heard;
  }

  async listen(): Promise<void> {
    const listener = new pg.Client({ connectionString: this.url });
    listener.on('error', () => {});
    await listener.connect();
    listener.on('notification', (message) => {
      if (message.payload !== this.name) this.heard += 1;
    });
    await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
    this.listener = listener;
  }

  /** A statement run outside a transaction that changed rows: a change (as SQLite's `total_changes()`). */
  noteWrite(text: string, rowCount: number | null): void {
    if (!this.scope() && rowCount && WRITE.test(text)) this.changed();
  }

  async rows<R>(text: string, params: unknown[]): Promise<R[]> {
    const result = await this.client().query(numbered(text), params);
    this.noteWrite(text, result.rowCount);
    return result.rows as R[];
  }

  async execute(text: string, params: unknown[]): Promise<number> {
    const result = await this.client().query(numbered(text), params);
    this.noteWrite(text, result.rowCount);
    return result.rowCount ?? 0;
  }

  compile(query: SQL) {
    const { sql, params } = this.sqlDialect.sqlToQuery(query);
    // Already numbered: `?` would be read as a placeholder again.
    return { sql: sql.replace(/\$(\d+)/g, '?'), params };
  }

  async transaction<T>(fn: () => Promise<T>, quiet = false): Promise<T> {
    const outer = this.scope();
    if (outer) {
      const savepoint = `sp${++outer.depth}`;
      await outer.client.query(`SAVEPOINT ${savepoint}`);
      try {
        const result = await fn();
        await outer.client.query(`RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (error) {
        await outer.client.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
        throw error;
      } finally {
        outer.depth -= 1;
      }
    }
    const client = await this.pool.connect();
    const scope: Scope = { connection: this, open: true, depth: 0, client, quiet };
    let wrote = false;
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
      try {
        const result = await runInTransaction(scope, fn);
        await client.query('COMMIT');
        wrote = true;
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    } finally {
      scope.open = false;
      client.release();
      if (wrote && !quiet) this.changed();
    }
  }

  async exclusively<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ taken: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS taken',
        [`atelier:${name}`],
      );
      if (!rows[0]?.taken) return undefined;
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`atelier:${name}`]);
      }
    } finally {
      client.release();
    }
  }

  async migrate(): Promise<void> {
    await migratePostgres(this.pool);
  }

  async close(): Promise<void> {
    await this.listener?.end().catch(() => {});
    await this.pool.end();
  }
}

/**
 * Opens the PostgreSQL database at `url` as a `Db`: drizzle's node-postgres driver over a pool whose queries
 * pick, each, the client of the transaction they run in (a proxy reads the async context on every use).
 */
export async function openPostgresDatabase(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  const connection = new PostgresConnection(pool, url);
  const base = drizzle({ client: pool }) as unknown as Db;
  const db = new Proxy(base, {
    get(target, property, receiver) {
      const client = connection.client();
      const current = client === pool ? target : connection.databaseOf(client as pg.PoolClient);
      return Reflect.get(current, property, current === target ? receiver : current);
    },
  });
  // Writes through the pool outside a transaction are counted when they end.
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
  pool.query = (async (...args: unknown[]) => {
    const result = await query(...args);
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
    if (text) connection.noteWrite(text, result.rowCount);
    return result;
  }) as typeof pool.query;
  registerConnection(db, connection);
  await connection.listen();
  return db;
}

/** The PostgreSQL connection of a database, else undefined. */
export const postgresOf = (connection: Connection) =>
  connection instanceof PostgresConnection ? connection : undefined;
