import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeDatabase, migrateDatabase, openDatabase, sqliteOf } from '../../server/src/db/client';
import { closePostgres, migratePostgres, openPostgres, type PgDb } from '../../server/src/db/postgres';
import * as sqliteSchema from '../../server/src/db/schema';
import { onPostgres, sqliteOnly } from '../support/backend';
import { createDatabase, skippedWhy } from '../support/postgres';

/**
 * The two dialects of one schema, compared on migrated databases: each side's catalogue is read into the same
 * shape (types through SAME_TYPE, defaults and checks normalised), and any difference is listed by name.
 */

interface Column {
  type: string;
  notNull: boolean;
  default: string | null;
}
interface Table {
  columns: Record<string, Column>;
  primaryKey: string[];
  indexes: Record<string, { columns: string[]; unique: boolean; where: string | null }>;
  foreignKeys: string[];
  checks: Record<string, string>;
}
interface Catalogue {
  tables: Record<string, Table>;
  triggers: string[];
}

/**
 * The one equivalence of column types: a PostgreSQL type and the SQLite type (with drizzle's mode, which SQLite's
 * catalogue cannot tell) that give the code the same JavaScript values.
 */
const SAME_TYPE: Record<string, string> = {
  text: 'TEXT',
  jsonb: 'TEXT json',
  integer: 'INTEGER',
  bigint: 'INTEGER',
  'integer identity': 'INTEGER autoincrement',
  boolean: 'INTEGER boolean',
  'double precision': 'REAL',
  bytea: 'BLOB',
};
const SQLITE_MODES: Record<string, string> = { SQLiteBoolean: ' boolean', SQLiteTextJson: ' json' };

/** A default, a CHECK or an index predicate, written as either database prints it, in one form. */
function normalise(expression: string | null): string | null {
  if (expression === null) return null;
  let text = expression.trim();
  if (/^\(?strftime\('%Y-%m-%dT%H:%M:%fZ', 'now'\)\)?$/.test(text)) return 'now';
  if (/^to_char\(\(?statement_timestamp\(\)/.test(text)) return 'now';
  const literal = /^'((?:[^']|'')*)'(?:::[a-z]+)?$/.exec(text);
  if (literal) {
    const value = (literal[1] ?? '').replace(/''/g, "'");
    try {
      if (/^[[{]/.test(value)) return `'${canonicalJson(JSON.parse(value))}'`;
    } catch {}
    return `'${value}'`;
  }
  text = text
    .replace(/["`]\w+["`]\./g, '')
    .replace(/["`]/g, '')
    .replace(/::[a-z ]+(\[\])?/g, '')
    .replace(/TRIM\(BOTH FROM /gi, 'trim(')
    .replace(/= ANY \(ARRAY\[(.*?)\]\)/gi, 'IN ($1)')
    .replace(/ IN \(('[^',]*')\)/gi, ' = $1')
    .replace(/'(\d+)'/g, '$1');
  return text.replace(/[()\s]/g, '').toLowerCase();
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const foreignKey = (from: string[], table: string, to: string[], onDelete: string) =>
  `(${from.join(', ')}) → ${table}(${to.join(', ')}) on delete ${onDelete.toLowerCase()}`;

/** The CHECK constraints written in a CREATE TABLE statement, by name. */
function checksOf(createTable: string): Record<string, string> {
  const checks: Record<string, string> = {};
  for (const match of createTable.matchAll(/CONSTRAINT ["`](\w+)["`] CHECK\s*\(/g)) {
    let depth = 1;
    let end = (match.index ?? 0) + match[0].length;
    while (depth > 0) {
      const char = createTable[end++];
      if (char === '(') depth += 1;
      if (char === ')') depth -= 1;
    }
    checks[match[1] ?? ''] =
      normalise(createTable.slice((match.index ?? 0) + match[0].length, end - 1)) ?? '';
  }
  return checks;
}

async function sqliteCatalogue(file: string): Promise<Catalogue> {
  const modes = new Map<string, string>();
  for (const value of Object.values(sqliteSchema)) {
    if (typeof value !== 'object' || !value || !(Symbol.for('drizzle:IsDrizzleTable') in value)) continue;
    const config = getTableConfig(value as SQLiteTable);
    for (const column of config.columns)
      modes.set(`${config.name}.${column.name}`, SQLITE_MODES[column.columnType] ?? '');
  }
  const db = openDatabase(file);
  try {
    const sqlite = sqliteOf(db)!;
    const all = <T>(query: string, ...params: unknown[]) => sqlite.prepare(query).all(...params) as T[];
    const tables: Record<string, Table> = {};
    for (const { name, sql } of all<{ name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
    )) {
      const columns: Table['columns'] = {};
      const primaryKey: string[] = [];
      const info = all<{
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }>('SELECT * FROM pragma_table_info(?) ORDER BY pk', name);
      for (const column of info) {
        const autoincrement = column.pk && /AUTOINCREMENT/i.test(sql) ? ' autoincrement' : '';
        columns[column.name] = {
          type: `${column.type}${modes.get(`${name}.${column.name}`) ?? ''}${autoincrement}`,
          notNull: column.notnull === 1 || column.pk > 0,
          default: normalise(column.dflt_value),
        };
        if (column.pk) primaryKey.push(column.name);
      }
      const indexes: Table['indexes'] = {};
      for (const index of all<{ name: string; unique: number; origin: string }>(
        'SELECT * FROM pragma_index_list(?)',
        name,
      )) {
        if (index.origin !== 'c') continue;
        const [indexSql] = all<{ sql: string }>('SELECT sql FROM sqlite_master WHERE name = ?', index.name);
        const where = /\bWHERE\b(.*)$/is.exec(indexSql?.sql ?? '');
        indexes[index.name] = {
          columns: all<{ name: string }>(
            'SELECT name FROM pragma_index_info(?) ORDER BY seqno',
            index.name,
          ).map((c) => c.name),
          unique: index.unique === 1,
          where: normalise(where?.[1] ?? null),
        };
      }
      const keys = new Map<number, { table: string; from: string[]; to: string[]; onDelete: string }>();
      for (const key of all<{ id: number; table: string; from: string; to: string; on_delete: string }>(
        'SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq',
        name,
      )) {
        const entry = keys.get(key.id) ?? { table: key.table, from: [], to: [], onDelete: key.on_delete };
        entry.from.push(key.from);
        entry.to.push(key.to);
        keys.set(key.id, entry);
      }
      tables[name] = {
        columns,
        primaryKey,
        indexes,
        foreignKeys: [...keys.values()].map((k) => foreignKey(k.from, k.table, k.to, k.onDelete)).sort(),
        checks: checksOf(sql),
      };
    }
    const triggers = all<{ name: string; tbl_name: string }>(
      "SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger'",
    ).map((t) => `${t.tbl_name}.${t.name}`);
    return { tables, triggers: triggers.sort() };
  } finally {
    await closeDatabase(db);
  }
}

const ON_DELETE: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

async function postgresCatalogue(url: string): Promise<Catalogue> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = async <T extends pg.QueryResultRow>(query: string) => (await client.query<T>(query)).rows;
    const tables: Record<string, Table> = {};
    const table = (name: string) => {
      tables[name] ??= { columns: {}, primaryKey: [], indexes: {}, foreignKeys: [], checks: {} };
      return tables[name];
    };
    for (const c of await rows<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
      is_identity: string;
    }>(`SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity
          FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
         WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`)) {
      const type = c.is_identity === 'YES' ? `${c.data_type} identity` : c.data_type;
      table(c.table_name).columns[c.column_name] = {
        type: SAME_TYPE[type] ?? `no SQLite equivalent for ${type}`,
        notNull: c.is_nullable === 'NO',
        default: normalise(c.column_default),
      };
    }
    const columnList = (relation: string, numbers: string) =>
      `ARRAY(SELECT a.attname::text FROM unnest(${numbers}) WITH ORDINALITY AS k(n, i)
              JOIN pg_attribute a ON a.attrelid = ${relation} AND a.attnum = k.n ORDER BY k.i)`;
    for (const c of await rows<{
      table: string;
      name: string;
      type: string;
      columns: string[];
      target: string | null;
      target_columns: string[] | null;
      on_delete: string;
      definition: string;
    }>(`SELECT r.relname AS table, con.conname AS name, con.contype AS type,
               ${columnList('con.conrelid', 'con.conkey')} AS columns, f.relname AS target,
               ${columnList('con.confrelid', 'con.confkey')} AS target_columns, con.confdeltype AS on_delete,
               pg_get_constraintdef(con.oid) AS definition
          FROM pg_constraint con JOIN pg_class r ON r.oid = con.conrelid
          JOIN pg_namespace ns ON ns.oid = r.relnamespace LEFT JOIN pg_class f ON f.oid = con.confrelid
         WHERE ns.nspname = 'public'`)) {
      const entry = table(c.table);
      if (c.type === 'p') entry.primaryKey = c.columns;
      if (c.type === 'f')
        entry.foreignKeys.push(
          foreignKey(
            c.columns,
            c.target ?? '',
            c.target_columns ?? [],
            ON_DELETE[c.on_delete] ?? c.on_delete,
          ),
        );
      if (c.type === 'c') entry.checks[c.name] = normalise(c.definition.replace(/^CHECK /, '')) ?? '';
    }
    for (const entry of Object.values(tables)) entry.foreignKeys.sort();
    for (const i of await rows<{
      table: string;
      name: string;
      unique: boolean;
      columns: string[];
      where: string | null;
    }>(`SELECT r.relname AS table, c.relname AS name, x.indisunique AS unique,
               ${columnList('x.indrelid', 'x.indkey::int2[]')} AS columns,
               pg_get_expr(x.indpred, x.indrelid) AS where
          FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid JOIN pg_class r ON r.oid = x.indrelid
          JOIN pg_namespace ns ON ns.oid = r.relnamespace
         WHERE ns.nspname = 'public' AND NOT x.indisprimary`))
      table(i.table).indexes[i.name] = { columns: i.columns, unique: i.unique, where: normalise(i.where) };
    const triggers = await rows<{ table: string; name: string }>(
      `SELECT r.relname AS table, t.tgname AS name FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid
         JOIN pg_namespace ns ON ns.oid = r.relnamespace WHERE ns.nspname = 'public' AND NOT t.tgisinternal`,
    );
    return { tables, triggers: triggers.map((t) => `${t.table}.${t.name}`).sort() };
  } finally {
    await client.end();
  }
}

/** Every difference between the two catalogues, one line each, named so a reader finds it. */
function differences(sqlite: Catalogue, postgres: Catalogue): string[] {
  const found: string[] = [];
  const compare = (where: string, a: unknown, b: unknown) => {
    if (a === undefined) found.push(`${where}: only in PostgreSQL`);
    else if (b === undefined) found.push(`${where}: only in SQLite`);
    else if (JSON.stringify(a) !== JSON.stringify(b))
      found.push(`${where}: SQLite ${JSON.stringify(a)}, PostgreSQL ${JSON.stringify(b)}`);
  };
  const names = (a: object = {}, b: object = {}) =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const name of names(sqlite.tables, postgres.tables)) {
    const a = sqlite.tables[name];
    const b = postgres.tables[name];
    if (!a || !b) {
      compare(name, a, b);
      continue;
    }
    for (const column of names(a.columns, b.columns))
      compare(`${name}.${column}`, a.columns[column], b.columns[column]);
    compare(`${name} primary key`, a.primaryKey, b.primaryKey);
    for (const index of names(a.indexes, b.indexes))
      compare(`index ${index}`, a.indexes[index], b.indexes[index]);
    compare(`${name} foreign keys`, a.foreignKeys, b.foreignKeys);
    for (const check of names(a.checks, b.checks))
      compare(`check ${check}`, a.checks[check], b.checks[check]);
  }
  compare('triggers', sqlite.triggers, postgres.triggers);
  return found;
}

const postgres = inject('postgres');
const clusterUrl = 'url' in postgres ? postgres.url : '';

describe.skipIf(!('url' in postgres) || onPostgres)(
  sqliteOnly(
    skippedWhy('one schema in two dialects', postgres),
    'it migrates and compares both databases itself, the same in either pass',
  ),
  () => {
    let dir: string;
    let sqlite: Catalogue;
    let postgresUrl: string;

    beforeAll(async () => {
      if (!('url' in postgres)) return;
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-dialects-'));
      const file = path.join(dir, 'atelier.db');
      const db = openDatabase(file);
      await migrateDatabase(db);
      await closeDatabase(db);
      sqlite = await sqliteCatalogue(file);
      postgresUrl = await createDatabase(clusterUrl);
      const pgDb = openPostgres(postgresUrl);
      await migratePostgres(pgDb.$client);
      await closePostgres(pgDb);
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('migrates SQLite and PostgreSQL to the same tables, columns, types, defaults, checks, indexes, keys and triggers', async () => {
      // Not two empty catalogues agreeing: the whole schema is there.
      expect(Object.keys(sqlite.tables)).toEqual(expect.arrayContaining(['projects', 'revisions', 'users']));
      expect(Object.keys(sqlite.tables).length).toBeGreaterThan(25);
      expect(sqlite.triggers).toHaveLength(7);
      expect(sqlite.tables.projects?.checks.projects_status_check).toBe("statusin'published','draft'");
      expect(sqlite.tables.projects?.columns.featured).toEqual({
        type: 'INTEGER boolean',
        notNull: true,
        default: 'false',
      });

      const postgresSide = await postgresCatalogue(postgresUrl);
      expect(differences(sqlite, postgresSide)).toEqual([]);
    });

    it("writes a default timestamp in the API's one format, as SQLite does", async () => {
      const db = openPostgres(postgresUrl);
      try {
        const { rows } = await db.$client.query<{ created_at: string }>(
          "INSERT INTO media_folders (id, name) VALUES ('f1', 'Drawings') RETURNING created_at",
        );
        const stamp = rows[0]?.created_at ?? '';
        expect(stamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(new Date(stamp).toISOString()).toBe(stamp);
      } finally {
        await closePostgres(db);
      }
    });

    it('names the difference when a column, an index or a trigger is in one schema only', async () => {
      const altered = await createDatabase(clusterUrl);
      const pgDb = openPostgres(altered);
      try {
        await migratePostgres(pgDb.$client);
        await pgDb.$client.query('ALTER TABLE projects ADD COLUMN subtitle text');
        await pgDb.$client.query('ALTER TABLE media_files ALTER COLUMN size_bytes TYPE numeric');
        await pgDb.$client.query('DROP INDEX projects_created_idx');
        await pgDb.$client.query('DROP TRIGGER services_slug_history ON services');
        await pgDb.$client.query(
          "ALTER TABLE projects DROP CONSTRAINT projects_status_check, ADD CONSTRAINT projects_status_check CHECK (status IN ('published', 'draft', 'archived'))",
        );
      } finally {
        await closePostgres(pgDb);
      }
      const found = differences(sqlite, await postgresCatalogue(altered));
      expect(found).toEqual([
        expect.stringMatching(/^media_files\.size_bytes: SQLite .*no SQLite equivalent for numeric/),
        'projects.subtitle: only in PostgreSQL',
        'index projects_created_idx: only in SQLite',
        `check projects_status_check: SQLite "statusin'published','draft'", PostgreSQL "statusin'published','draft','archived'"`,
        expect.stringMatching(/^triggers: SQLite .*services\.services_slug_history/),
      ]);
    });

    it('migrates a new database once when two servers start together', async () => {
      const url = await createDatabase(clusterUrl);
      const servers = [openPostgres(url), openPostgres(url)];
      try {
        const applied = await Promise.all(servers.map((db) => migratePostgres(db.$client)));
        const journal = JSON.parse(
          fs.readFileSync(
            path.join(__dirname, '../../server/src/db/migrations-pg/meta/_journal.json'),
            'utf8',
          ),
        ) as { entries: unknown[] };
        expect(applied).toEqual([journal.entries.length, journal.entries.length]);
        const [first, second] = servers as [PgDb, PgDb];
        const { rows } = await first.$client.query('SELECT hash FROM drizzle.__drizzle_migrations');
        expect(rows).toHaveLength(journal.entries.length);
        const categories = await second.$client.query(
          'SELECT slug FROM project_categories ORDER BY position',
        );
        expect(categories.rows.map((r) => r.slug)).toEqual([
          'residential',
          'commercial',
          'landscape',
          'interior',
          'urban',
        ]);
      } finally {
        await Promise.all(servers.map(closePostgres));
      }
    });
  },
);
