import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Where drizzle-kit's migrations live: beside this module in the sources, copied beside the bundle in dist. */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

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
  return drizzle({ client: sqlite, schema }) as Db;
}

export function migrateDatabase(db: Db): number {
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  const row = db.$client.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
  return row.n;
}

/** Runs `fn` in a `BEGIN IMMEDIATE` transaction, so concurrent writers queue instead of failing on upgrade. */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.$client.transaction(fn).immediate();
}

/** Flushes the WAL into the main file and closes; used on shutdown. */
export function closeDatabase(db: Db): void {
  if (!db.$client.open) return;
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
}

export const databaseFile = (dataDir: string) => path.join(dataDir, 'atelier.db');

/**
 * A statement prepared once per database and reused: for the hot write paths, where building the
 * SQL on every call costs more than running it.
 */
export function preparedStatement<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let statement = cache.get(db);
    if (!statement) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}
