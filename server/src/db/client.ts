import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleSync } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { drizzle, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import { contextScope } from '../lib/context-scope';
import * as schema from './schema';

/**
 * The database every service reads and writes through: drizzle's query builder over SQLite (the default) or
 * PostgreSQL (`DATABASE_URL`), typed with the SQLite tables. Every query is awaited; a result is read by
 * awaiting the builder (rows), never with SQLite-only `.get()`, `.all()` or `.run()`: `firstRow` takes the first.
 */
export type Db = SqliteRemoteDatabase<typeof schema>;
export type Dialect = 'sqlite' | 'postgres';

/** Where drizzle-kit's migrations live: beside this module in the sources, copied beside the bundle in dist. */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

type Params = unknown[];

/**
 * What runs a database's statements: SQL text with `?` placeholders in, rows as objects out. A transaction's
 * queries run in its async context (see `writeTransaction`), so code inside one keeps using the same `db`.
 */
export interface Connection {
  readonly dialect: Dialect;
  /** The table where the migrator records the migrations it applied. */
  readonly migrationsTable: string;
  /** Runs `fn` as one write transaction; a transaction begun inside another is a savepoint of it. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  rows<R>(text: string, params: Params): Promise<R[]>;
  /** Runs a statement; the number of rows it changed. */
  execute(text: string, params: Params): Promise<number>;
  /** SQL text and parameters of a drizzle `sql` fragment, in this database's dialect. */
  compile(query: SQL): { sql: string; params: Params };
  /**
   * Runs timed work (a purge, a cleanup) on one server at a time: undefined, without running it, while another
   * server runs it. A server that dies mid-way lets go (its session ends), so the next tick anywhere takes over.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T | undefined>;
  /**
   * Waits for the lock `name` every server on this database shares (see `lockAcrossServers`); absent on SQLite,
   * whose one server keeps its locks in memory.
   */
  lock?(name: string, wait: LockWait): Promise<HeldLock | null>;
  /** Messages to the other servers on this database; absent on SQLite, which one server holds. */
  readonly broadcast?: Broadcast;
  /** Applies the migrations not yet applied. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const connections = new WeakMap<Db, Connection>();

export function connectionOf(db: Db): Connection {
  const connection = connections.get(db);
  if (!connection) throw new Error('Not a database opened by db/client');
  return connection;
}

export const dialectOf = (db: Db): Dialect => connectionOf(db).dialect;

/** Registers a database handle and its connection (the PostgreSQL one is built by `db/postgres.ts`). */
export function registerConnection(db: Db, connection: Connection): Db {
  connections.set(db, connection);
  return db;
}

/** The transaction whose async context a query runs in: its connection, and whether it is still open. */
export interface TransactionScope {
  connection: Connection;
  open: boolean;
  depth: number;
  /** What `afterCommit` left to run once the transaction has committed. */
  committed?: (() => void)[];
}
const transactionScope = contextScope<TransactionScope>();

/** The open transaction of `connection` this code runs inside, if any. */
export function currentTransaction(connection: Connection): TransactionScope | undefined {
  const scope = transactionScope.get();
  return scope?.open && scope.connection === connection ? scope : undefined;
}

export const runInTransaction = <T>(scope: TransactionScope, fn: () => Promise<T>) =>
  transactionScope.run(scope, fn);

/**
 * Runs `fn` in one write transaction: every query `fn` awaits, on this `db`, is part of it; it commits when
 * `fn` resolves and rolls back when it throws. On SQLite, `BEGIN IMMEDIATE` with the other queries of this
 * process waiting until it ends (one connection: nothing else may slip into it); on PostgreSQL with a lock all
 * servers share, so write transactions follow one another as on SQLite. Only database work is awaited inside.
 */
export async function writeTransaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const connection = connectionOf(db);
  if (currentTransaction(connection)) return await connection.transaction(fn);
  const committed: (() => void)[] = [];
  const result = await connection.transaction(async () => {
    currentTransaction(connection)!.committed = committed;
    return await fn();
  });
  for (const run of committed) run();
  return result;
}

/**
 * Runs `run` once the write transaction this code is in has committed (at once outside one): work that reads
 * what the transaction wrote from elsewhere, such as the mail sender. PostgreSQL's other connections see
 * nothing of it before; SQLite's happen to wait for the commit.
 */
export function afterCommit(db: Db, run: () => void): void {
  const scope = currentTransaction(connectionOf(db));
  if (scope?.committed) scope.committed.push(run);
  else run();
}

/**
 * Checks the foreign keys of the transaction this runs in at its commit rather than at each statement: for
 * writing rows that name each other (an import) in any order.
 */
export async function deferForeignKeys(db: Db): Promise<void> {
  const connection = connectionOf(db);
  await connection.execute(
    connection.dialect === 'sqlite' ? 'PRAGMA defer_foreign_keys = ON' : 'SET CONSTRAINTS ALL DEFERRED',
    [],
  );
}

/** How many rows an awaited insert, update or delete without `returning()` changed, on either database. */
export function changedRows(result: unknown): number {
  const { changes, rowCount } = result as { changes?: number; rowCount?: number | null };
  return changes ?? rowCount ?? 0;
}

/** Runs timed work on one server at a time (see `Connection.exclusively`). */
export const exclusively = <T>(db: Db, name: string, work: () => Promise<T>) =>
  connectionOf(db).exclusively(name, work);

/** How long and for whom a lock is waited for. */
export interface LockWait {
  /** Gives up after this long (0: one try). */
  timeoutMs: number;
  /** Gives up when this aborts. */
  signal?: AbortSignal;
  /** Called, while the lock is held, each time a request on any server waits for it: the holder should let go. */
  onWanted?: () => void;
}

export interface HeldLock {
  release(): Promise<void>;
}

/**
 * The lock `name` shared by every server on a PostgreSQL database: waits for it (null when the wait ends
 * first) and holds it until released. Undefined on SQLite (one server: a lock in its memory is enough). A
 * server that dies lets go at once (the lock is its session's).
 */
export function lockAcrossServers(db: Db) {
  const connection = connectionOf(db);
  return connection.lock?.bind(connection);
}

/** Messages between the servers of one database: each server hears what the others send, not its own. */
export interface Broadcast {
  send(topic: string, message: unknown): void;
  listen(receiver: (topic: string, message: unknown) => void): () => void;
}

/** The servers' broadcast on PostgreSQL; undefined on SQLite (one server). */
export const broadcastOf = (db: Db): Broadcast | undefined => connectionOf(db).broadcast;

/** The first row a query returns (the query's own `limit(1)` keeps the database from reading further). */
export async function firstRow<R>(query: PromiseLike<R[]>): Promise<R | undefined> {
  const rows = await query;
  return rows[0];
}

/** Rows of a raw SQL fragment (portable SQL only: the dialect-bound parts come from this layer's helpers). */
export function rawRows<R>(db: Db, query: SQL): Promise<R[]> {
  const connection = connectionOf(db);
  const { sql, params } = connection.compile(query);
  return connection.rows<R>(sql, params);
}

/**
 * A boolean column or condition as a raw row holds it: SQLite's 0 or 1, PostgreSQL's false or true. Read it
 * with `Boolean(…)`, never compared with 1.
 */
export type RawBoolean = number | boolean;

/**
 * A raw statement for a hot path, its SQL written once with `?` placeholders (portable SQL): prepared once per
 * connection on SQLite, sent as a named prepared statement on PostgreSQL.
 */
export function statement<P extends Params, R = never>(text: string) {
  return {
    rows: (db: Db, ...params: P) => connectionOf(db).rows<R>(text, params),
    first: async (db: Db, ...params: P) => (await connectionOf(db).rows<R>(text, params))[0],
    run: (db: Db, ...params: P) => connectionOf(db).execute(text, params),
  };
}

// ---------------------------------------------------------------------------------------------------------
// SQLite

/**
 * The data folder holds the accounts (password hashes, sessions, TOTP secrets) and the keys: only the server's
 * user may read it. SQLite gives the -wal and -shm files the database file's mode, so 0600 on that file covers
 * them; existing folders and files are tightened at each start.
 */
function restrictDataFiles(file: string): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm'])
    if (fs.existsSync(file + suffix)) fs.chmodSync(file + suffix, 0o600);
}

const STATEMENT_CACHE = 500;

/**
 * One better-sqlite3 connection, its statements prepared once (a bounded cache: a query built with a
 * different number of parameters is a different statement). A transaction holds `busy` until it ends; a query
 * from outside it waits, so it neither reads the transaction's unfinished writes nor joins it.
 */
class SqliteConnection implements Connection {
  readonly dialect = 'sqlite';
  readonly migrationsTable = '__drizzle_migrations';
  private readonly statements = new Map<string, Database.Statement>();
  private busy: Promise<void> | null = null;
  private readonly sqlDialect = new SQLiteAsyncDialect();

  constructor(readonly sqlite: Database.Database) {}

  private prepare(text: string): Database.Statement {
    let prepared = this.statements.get(text);
    if (prepared) {
      // Most recently used last: the first key is the one to drop.
      this.statements.delete(text);
    } else {
      prepared = this.sqlite.prepare(text);
      if (this.statements.size >= STATEMENT_CACHE) {
        const oldest = this.statements.keys().next().value as string;
        this.statements.delete(oldest);
      }
    }
    this.statements.set(text, prepared);
    return prepared;
  }

  /** Resolves when no transaction this code is outside of is open. */
  private async turn(): Promise<void> {
    while (this.busy && !currentTransaction(this)) await this.busy;
  }

  /** drizzle's sqlite-proxy callback: rows as arrays, in the order of the selected fields. */
  readonly proxy = async (text: string, params: Params, method: 'run' | 'all' | 'values' | 'get') => {
    if (this.busy) await this.turn();
    const prepared = this.prepare(text);
    if (!prepared.reader) {
      const result = prepared.run(params);
      return { rows: [], changes: result.changes, lastInsertRowid: result.lastInsertRowid };
    }
    prepared.raw(true);
    // A RETURNING write read with get() would keep its statement open: it is stepped to the end.
    if (method === 'get')
      return { rows: (prepared.readonly ? prepared.get(params) : prepared.all(params)[0]) as unknown[] };
    const rows = prepared.all(params);
    return { rows, changes: rows.length };
  };

  async rows<R>(text: string, params: Params): Promise<R[]> {
    if (this.busy) await this.turn();
    const prepared = this.prepare(text);
    if (!prepared.reader) {
      prepared.run(params);
      return [];
    }
    return prepared.raw(false).all(params) as R[];
  }

  async execute(text: string, params: Params): Promise<number> {
    if (this.busy) await this.turn();
    const prepared = this.prepare(text);
    if (prepared.reader) return prepared.raw(false).all(params).length;
    return prepared.run(params).changes;
  }

  compile(query: SQL) {
    return this.sqlDialect.sqlToQuery(query);
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    const outer = currentTransaction(this);
    if (outer) {
      const savepoint = `sp${++outer.depth}`;
      this.sqlite.exec(`SAVEPOINT ${savepoint}`);
      try {
        const result = await fn();
        this.sqlite.exec(`RELEASE ${savepoint}`);
        return result;
      } catch (error) {
        this.sqlite.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
        throw error;
      } finally {
        outer.depth -= 1;
      }
    }
    while (this.busy) await this.busy;
    let release = () => {};
    this.busy = new Promise<void>((resolve) => {
      release = resolve;
    });
    const scope: TransactionScope = { connection: this, open: true, depth: 0 };
    try {
      this.sqlite.exec('BEGIN IMMEDIATE');
      try {
        const result = await runInTransaction(scope, fn);
        this.sqlite.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.sqlite.inTransaction) this.sqlite.exec('ROLLBACK');
        throw error;
      }
    } finally {
      scope.open = false;
      this.busy = null;
      release();
    }
  }

  /** One SQLite file is one server's: its timed work needs no lock. */
  exclusively<T>(_name: string, work: () => Promise<T>): Promise<T | undefined> {
    return work();
  }

  async migrate(): Promise<void> {
    migrate(drizzleSync({ client: this.sqlite }), { migrationsFolder: MIGRATIONS_DIR });
  }

  async close(): Promise<void> {
    while (this.busy) await this.busy;
    if (!this.sqlite.open) return;
    this.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    this.sqlite.close();
  }
}

/**
 * Opens (creating if needed) the database file: WAL, foreign keys enforced, writers waiting for each other
 * rather than failing. `synchronous=FULL`: in WAL mode NORMAL survives a crash of the process but may lose the
 * last commits on power loss; an inquiry the server acknowledged must survive both (its cost is measured by
 * `npm run bench`).
 */
export function openDatabase(file: string, synchronous: 'FULL' | 'NORMAL' = 'FULL'): Db {
  restrictDataFiles(file);
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -16000');
  sqlite.pragma('temp_store = MEMORY');
  const connection = new SqliteConnection(sqlite);
  return registerConnection(drizzle(connection.proxy, { schema }), connection);
}

/** The better-sqlite3 connection of a SQLite database, else null: for what only SQLite has (its backup API). */
export function sqliteOf(db: Db): Database.Database | null {
  const connection = connectionOf(db);
  return connection instanceof SqliteConnection ? connection.sqlite : null;
}

/** Applies the migrations not yet applied; the number applied in all. */
export async function migrateDatabase(db: Db): Promise<number> {
  await connectionOf(db).migrate();
  return appliedMigrations(db);
}

/** How many migrations the database has had applied. */
export async function appliedMigrations(db: Db): Promise<number> {
  const connection = connectionOf(db);
  const [row] = await connection.rows<{ n: number | string }>(
    `SELECT count(*) AS n FROM ${connection.migrationsTable}`,
    [],
  );
  return Number(row?.n ?? 0);
}

/** Waits for a transaction in progress, then closes (SQLite: the WAL flushed into the main file); on shutdown. */
export function closeDatabase(db: Db): Promise<void> {
  return connectionOf(db).close();
}

export const databaseFile = (dataDir: string) => path.join(dataDir, 'atelier.db');
