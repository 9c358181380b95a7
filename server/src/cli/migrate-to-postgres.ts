import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { asc, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { closeDatabase, type Db, migrateDatabase, openDatabase } from '../db/client';
import { closePostgres, migratePostgres, openPostgres, type PgDb } from '../db/postgres';
import * as sqliteSchema from '../db/schema';
import * as pgSchema from '../db/schema-pg';

export class MigrateError extends Error {}

export interface TableCheck {
  table: string;
  sqliteRows: number;
  postgresRows: number;
  sqliteHash: string;
  postgresHash: string;
}

type Row = Record<string, unknown>;
type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

const BATCH = 200;

/** The rows the PostgreSQL migrations write themselves (the default categories, the Project Images folder). */
const MIGRATION_ROWS: Record<string, number> = { project_categories: 5, media_folders: 1 };

/** Every table, parents before the tables whose foreign keys name them; each with its SQLite twin. */
function tablesInKeyOrder(): { name: string; pg: PgTable; sqlite: SQLiteTable }[] {
  const tables = (Object.entries(pgSchema) as [string, unknown][])
    .filter((entry): entry is [string, PgTable] => is(entry[1], PgTable))
    .map(([exported, table]) => ({
      name: getTableName(table),
      pg: table,
      sqlite: (sqliteSchema as Record<string, unknown>)[exported] as SQLiteTable,
      parents: getTableConfig(table).foreignKeys.map((key) => getTableName(key.reference().foreignTable)),
    }));
  const ordered: typeof tables = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table.name) && table.parents.every((p) => p === table.name || placed.has(p)),
    );
    if (!ready.length) throw new Error('The tables’ foreign keys form a cycle: no order copies them');
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

/** A table's rows with a row that a row of the same table refers to (a folder's parent) before it. */
function parentsFirst(table: PgTable, rows: Row[]): Row[] {
  const self = getTableConfig(table).foreignKeys.find((key) => key.reference().foreignTable === table);
  if (!self) return rows;
  const [from] = self.reference().columns.map((column) => column.name);
  const [to] = self.reference().foreignColumns.map((column) => column.name);
  if (!from || !to) return rows;
  const done = new Set<unknown>();
  const ordered: Row[] = [];
  let left = rows;
  while (left.length) {
    const ready = left.filter((row) => row[from] === null || done.has(row[from]));
    if (!ready.length)
      throw new MigrateError(`${getTableName(table)}: rows refer to rows that are not there`);
    for (const row of ready) done.add(row[to]);
    ordered.push(...ready);
    left = left.filter((row) => !ready.includes(row));
  }
  return ordered;
}

/** One row as text the same whichever database it came from: its values as the code sees them, keys sorted. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Buffer.isBuffer(value)) return `"base64:${value.toString('base64')}"`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Row)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** A table's hash: SHA-256 of its rows' hashes in sorted order, so neither database's row order counts. */
function tableHash(rowHashes: string[]): string {
  return crypto.createHash('sha256').update(rowHashes.sort().join('\n')).digest('hex');
}
const rowHash = (row: Row) => crypto.createHash('sha256').update(canonical(row)).digest('hex');

async function refuseNonEmpty(db: PgDb, names: string[]) {
  for (const name of names) {
    const { rows } = await db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
    const count = rows[0]?.n ?? 0;
    if (count > (MIGRATION_ROWS[name] ?? 0))
      throw new MigrateError(
        `The PostgreSQL database is not empty (${name} has ${count} rows): migrate into a new, empty database.`,
      );
  }
}

/** Reads a PostgreSQL table in its primary key's order, in batches, hashing each row. */
async function hashPostgresTable(tx: Tx, table: PgTable): Promise<string[]> {
  const { primaryKeys } = getTableConfig(table);
  const columns = getTableColumns(table);
  const order = primaryKeys[0]
    ? primaryKeys[0].columns.map((column) => asc(column))
    : Object.values(columns)
        .filter((column) => column.primary)
        .map((column) => asc(column));
  const hashes: string[] = [];
  for (let offset = 0; ; offset += BATCH) {
    const rows = (await tx
      .select()
      .from(table)
      .orderBy(...order)
      .limit(BATCH)
      .offset(offset)) as Row[];
    hashes.push(...rows.map(rowHash));
    if (rows.length < BATCH) return hashes;
  }
}

const mismatched = (check: TableCheck) =>
  check.sqliteRows !== check.postgresRows || check.sqliteHash !== check.postgresHash;

/** The copy's checks, at least one of them failed: nothing was committed. */
export class MismatchError extends MigrateError {
  constructor(readonly checks: TableCheck[]) {
    super(
      `The copy does not match the SQLite database (${checks
        .filter(mismatched)
        .map((c) => c.table)
        .join(', ')}): nothing was written.`,
    );
  }
}

/** A table's rows from the SQLite snapshot, in batches; a table whose rows refer to each other, whole. */
async function* sqliteBatches(
  sqlite: Db,
  table: { pg: PgTable; sqlite: SQLiteTable },
): AsyncGenerator<Row[]> {
  const query = () => sqlite.select().from(table.sqlite).orderBy(sql`rowid`);
  if (getTableConfig(table.pg).foreignKeys.some((key) => key.reference().foreignTable === table.pg)) {
    yield parentsFirst(table.pg, await query());
    return;
  }
  for (let offset = 0; ; offset += BATCH) {
    const rows = await query().limit(BATCH).offset(offset);
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
  }
}

/** An identity column (the revisions' id) continues after the largest id copied. */
async function restartIdentities(tx: Tx) {
  const { rows } = await tx.execute<{ table_name: string; column_name: string }>(
    sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES'`,
  );
  for (const { table_name: table, column_name: column } of rows)
    await tx.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('"${table}"', '${column}'), coalesce(max("${column}"), 0) + 1, false) FROM "${table}"`,
      ),
    );
}

/**
 * Copies a SQLite database into a new PostgreSQL one: a consistent snapshot of the SQLite file (`VACUUM INTO`
 * a temp copy, so a running server may keep writing), brought to the current schema, then every table in
 * foreign-key order inside one PostgreSQL transaction, each value mapped through the two schemas (SQLite's 0/1
 * to booleans, its JSON text to jsonb). Inserts fire none of the slug-history triggers (they watch updates and
 * deletes), so `slug_history` is copied as it is. Before the commit, each table's row count and hash (of the
 * values as the code reads them, the same from both sides) are compared: any mismatch rolls everything back.
 */
export async function migrateToPostgres(from: string, to: string): Promise<TableCheck[]> {
  if (!fs.existsSync(from)) throw new MigrateError(`No SQLite database at ${from}`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-migrate-'));
  const target = openPostgres(to, 2);
  try {
    const snapshot = path.join(tmp, 'atelier.db');
    const source = new Database(from, { readonly: true, fileMustExist: true });
    try {
      source.prepare('VACUUM INTO ?').run(snapshot);
    } finally {
      source.close();
    }
    const sqlite = openDatabase(snapshot, 'NORMAL');
    try {
      await migrateDatabase(sqlite);
      await migratePostgres(target.$client);
      const tables = tablesInKeyOrder();
      await refuseNonEmpty(
        target,
        tables.map((t) => t.name),
      );
      const checks: TableCheck[] = [];
      await target.transaction(async (tx) => {
        for (const name of Object.keys(MIGRATION_ROWS)) await tx.execute(sql.raw(`DELETE FROM "${name}"`));
        for (const table of tables) {
          const hashes: string[] = [];
          for await (const rows of sqliteBatches(sqlite, table)) {
            hashes.push(...rows.map(rowHash));
            await tx
              .insert(table.pg)
              .values(rows)
              .catch((error: Error) => {
                // drizzle's message lists the values (password hashes among them): PostgreSQL's reason only.
                const reason = error.cause instanceof Error ? error.cause.message : error.message;
                throw new MigrateError(`${table.name}: ${reason}. Nothing was written.`);
              });
          }
          const copied = await hashPostgresTable(tx, table.pg);
          checks.push({
            table: table.name,
            sqliteRows: hashes.length,
            postgresRows: copied.length,
            sqliteHash: tableHash(hashes),
            postgresHash: tableHash(copied),
          });
        }
        await restartIdentities(tx);
        if (checks.some(mismatched)) throw new MismatchError(checks);
      });
      return checks;
    } finally {
      await closeDatabase(sqlite);
    }
  } finally {
    await closePostgres(target);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** The checks as printed: one line a table. */
export function formatChecks(checks: TableCheck[]): string {
  return checks
    .map(
      (c) =>
        `${mismatched(c) ? 'MISMATCH' : 'ok      '} ${c.table.padEnd(24)} ${String(c.sqliteRows).padStart(7)} rows  ` +
        `sha256 ${c.sqliteHash.slice(0, 16)}${mismatched(c) ? ` (PostgreSQL: ${c.postgresRows} rows, ${c.postgresHash.slice(0, 16)})` : ''}`,
    )
    .join('\n');
}
