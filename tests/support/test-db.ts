import Database from 'better-sqlite3';
import pg from 'pg';
import { CHANGES_CHANNEL } from '../../server/src/db/postgres';

/**
 * A second connection to a test server's database, for arranging rows and for assertions, alike on both
 * backends: `?` placeholders, rows as plain objects, booleans as SQLite's 0 and 1, counts and byte sizes as
 * numbers, JSON as its text.
 */
export interface TestDb {
  /** The first row, or undefined. */
  get<T = any>(sql: string, ...params: unknown[]): Promise<T>;
  all<T = any>(sql: string, ...params: unknown[]): Promise<T[]>;
  /** One statement; how many rows it changed. */
  run(sql: string, ...params: unknown[]): Promise<{ changes: number }>;
  /** Statements without parameters, separated by semicolons. */
  exec(sql: string): Promise<void>;
  /** Closes the connection; again, nothing. */
  close(): Promise<void>;
}

/** SQLite binds neither booleans nor undefined: 0/1 and NULL, as the server's driver stores them. */
const sqliteParam = (value: unknown) =>
  typeof value === 'boolean' ? Number(value) : value === undefined ? null : value;

export function openSqliteTestDb(file: string): TestDb {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  return {
    get: async (sql, ...params) => db.prepare(sql).get(...params.map(sqliteParam)) as any,
    all: async (sql, ...params) => db.prepare(sql).all(...params.map(sqliteParam)) as any[],
    run: async (sql, ...params) => ({ changes: db.prepare(sql).run(...params.map(sqliteParam)).changes }),
    exec: async (sql) => {
      db.exec(sql);
    },
    close: async () => {
      if (db.open) db.close();
    },
  };
}

const BOOL = 16;
const INT8 = 20;
const NUMERIC = 1700;
const JSON_OID = 114;
const JSONB = 3802;

/** This connection's own parsers (the process's are the server's): booleans, numbers and JSON as on SQLite. */
const sqliteLikeTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === BOOL) return (value: string) => (value === 't' ? 1 : 0);
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    // JSON as SQLite keeps the text the server wrote (JSON.stringify's): jsonb prints spaces of its own.
    if (oid === JSON_OID || oid === JSONB) return (value: string) => JSON.stringify(JSON.parse(value));
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/**
 * `?` placeholders as `$1`, `$2`…, and an order by SQLite's `rowid` (the order rows were inserted in) as the
 * inserting transaction's id, then the row's place in the table (rows of one transaction, never updated).
 */
const numbered = (sql: string) => {
  let n = 0;
  return sql
    .replace(/\?/g, () => `$${++n}`)
    .replace(/\browid\b( DESC)?/gi, (_, desc = '') => `xmin::text::bigint${desc}, ctid${desc}`);
};

/**
 * On PostgreSQL a server's caches hear another connection's commits on the change channel, as every Atelier
 * server and the CLI tell them: a write made here is told there too, and `heard` (resolving once the server has
 * heard it) is awaited, as SQLite's server sees another connection's commit at its next request.
 */
export function openPostgresTestDb(url: string, heard: () => Promise<void>): TestDb {
  const pool = new pg.Pool({ connectionString: url, max: 2, types: sqliteLikeTypes });
  pool.on('error', () => {});
  const query = (sql: string, params: unknown[]) => pool.query(numbered(sql), params);
  const told = async <T>(write: Promise<T>) => {
    const result = await write;
    const told = heard();
    await pool.query(`NOTIFY ${CHANGES_CHANNEL}, 'tests'`);
    await told;
    return result;
  };
  return {
    get: async (sql, ...params) => (await query(sql, params)).rows[0],
    all: async (sql, ...params) => (await query(sql, params)).rows,
    run: async (sql, ...params) => ({ changes: (await told(query(sql, params))).rowCount ?? 0 }),
    exec: async (sql) => {
      await told(pool.query(sql));
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

/** The ISO-8601 timestamp `offsetMs` from now, the format every timestamp column holds: a moved clock's. */
export const isoAt = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
