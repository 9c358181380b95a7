import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import {
  type Broadcast,
  type Connection,
  currentTransaction,
  type Db,
  type HeldLock,
  type LockWait,
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
/** The channel servers tell each other the event streams' news on (db/client.ts `broadcastOf`). */
const EVENTS_CHANNEL = 'atelier_events';
/** What the connection listening on the channels is called in `pg_stat_activity`. */
export const LISTENER_APPLICATION = 'atelier-listen';
const LISTEN_RETRY_MS = 1000;
/** The channel a request waiting for a lock names it on, so that its holder, on whichever server, lets go. */
const LOCK_WANTED_CHANNEL = 'atelier_lock_wanted';
/** What the connections holding a lock are called in `pg_stat_activity` (next to `pg_locks`). */
export const LOCKS_APPLICATION = 'atelier-locks';
/** The pauses between two tries of a lock held elsewhere: short at first, then at most this. */
const LOCK_FIRST_PAUSE_MS = 10;
const LOCK_LONGEST_PAUSE_MS = 200;

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
  /** The connections that hold a lock each, apart from the queries' pool: a holder's queries never wait on them. */
  private locks: pg.Pool | undefined;
  /** Who to ask to let go of each lock this server holds. */
  private readonly holders = new Map<string, () => void>();
  private heard = 0;
  private closing = false;
  private readonly receivers = new Set<(topic: string, message: unknown) => void>();
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

  /**
   * Messages for every other server on this database (the event streams' news): NOTIFY on EVENTS_CHANNEL, each
   * one JSON under NOTIFY's 8000 bytes. A server does not hear its own.
   */
  readonly broadcast: Broadcast = {
    send: (topic, message) => {
      const payload = JSON.stringify({ from: this.name, topic, message });
      this.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]).catch(() => {});
    },
    listen: (receiver) => {
      this.receivers.add(receiver);
      return () => this.receivers.delete(receiver);
    },
  };

  private hear(message: pg.Notification) {
    if (message.channel === LOCK_WANTED_CHANNEL) return this.holders.get(message.payload ?? '')?.();
    if (message.channel === CHANGES_CHANNEL) {
      if (message.payload !== this.name) this.heard += 1;
      return;
    }
    const { from, topic, message: body } = JSON.parse(message.payload ?? '{}');
    if (from === this.name) return;
    for (const receiver of this.receivers) receiver(topic, body);
  }

  /**
   * Listens on the change, lock and event channels on a connection of its own. When that connection drops (the
   * database restarted, a network blip), it connects again every second until it can, and counts a change on
   * reconnecting: what was told meanwhile was not heard, so every cache starts afresh.
   */
  async listen(): Promise<void> {
    const listener = new pg.Client({ connectionString: this.url, application_name: LISTENER_APPLICATION });
    listener.on('error', () => {});
    listener.on('notification', (message) => this.hear(message));
    listener.once('end', () => {
      if (this.closing) return;
      this.heard += 1;
      const retry = () => {
        if (this.closing) return;
        this.listen().then(
          () => {
            this.heard += 1;
          },
          () => setTimeout(retry, LISTEN_RETRY_MS).unref(),
        );
      };
      setTimeout(retry, LISTEN_RETRY_MS).unref();
    });
    try {
      await listener.connect();
      await listener.query(
        `LISTEN ${CHANGES_CHANNEL}; LISTEN ${LOCK_WANTED_CHANNEL}; LISTEN ${EVENTS_CHANNEL}`,
      );
    } catch (error) {
      listener.removeAllListeners('end');
      await listener.end().catch(() => {});
      throw error;
    }
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
    const held = await this.lock(name, { timeoutMs: 0 });
    if (!held) return undefined;
    try {
      return await work();
    } finally {
      await held.release();
    }
  }

  /**
   * A session advisory lock per name, held on a connection of its own until released: a lock held on another
   * server is tried again after a short pause, up to the timeout, and at each try its holder is asked to let go
   * (NOTIFY). A server that dies, or whose lock connection drops, ends its session: its locks are free at once.
   */
  async lock(name: string, wait: LockWait): Promise<HeldLock | null> {
    if (!this.locks) {
      this.locks = new pg.Pool({
        connectionString: this.url,
        max: 10,
        idleTimeoutMillis: 1000,
        application_name: LOCKS_APPLICATION,
      });
      this.locks.on('error', () => {});
    }
    const key = `atelier:${name}`;
    const deadline = Date.now() + wait.timeoutMs;
    for (let pause = LOCK_FIRST_PAUSE_MS; !wait.signal?.aborted; ) {
      const client = await this.locks.connect();
      // A checked-out connection has no listener of the pool's: one that drops (and its lock with it) must not
      // throw in the server.
      const dropped = () => {};
      client.on('error', dropped);
      const giveBack = (error?: Error) => {
        client.removeListener('error', dropped);
        client.release(error);
      };
      try {
        const { rows } = await client.query<{ taken: boolean }>(
          'SELECT pg_try_advisory_lock(hashtext($1)) AS taken',
          [key],
        );
        if (rows[0]?.taken) return this.held(name, key, client, giveBack, wait.onWanted);
        await client.query('SELECT pg_notify($1, $2)', [LOCK_WANTED_CHANNEL, name]);
        giveBack();
      } catch (error) {
        giveBack(error as Error);
        throw error;
      }
      if (Date.now() + pause > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, LOCK_LONGEST_PAUSE_MS);
    }
    return null;
  }

  private held(
    name: string,
    key: string,
    client: pg.PoolClient,
    giveBack: (error?: Error) => void,
    onWanted?: () => void,
  ): HeldLock {
    if (onWanted) this.holders.set(name, onWanted);
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        if (this.holders.get(name) === onWanted) this.holders.delete(name);
        try {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
          giveBack();
        } catch (error) {
          // The connection dropped: its session, and the lock, ended with it.
          giveBack(error as Error);
        }
      },
    };
  }

  async migrate(): Promise<void> {
    await migratePostgres(this.pool);
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.listener?.end().catch(() => {});
    await this.locks?.end();
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
