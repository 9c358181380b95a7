import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, dialectOf } from './client';

/**
 * The SQL that SQLite and PostgreSQL spell differently, in one place: the services build their queries with
 * these and never ask which database they run on.
 */

const on = (db: Db, sqlite: SQL, postgres: SQL) => (dialectOf(db) === 'sqlite' ? sqlite : postgres);
const jsonPath = (key: string | number) => (typeof key === 'number' ? `$[${key}]` : `$.${key}`);
const pgKey = (key: string | number) => (typeof key === 'number' ? sql.raw(String(key)) : sql`${key}`);

/** A JSON object column's members as rows `alias.key`, `alias.value` (the value as text). */
export const jsonEntries = (db: Db, column: SQLWrapper, alias: string) =>
  on(
    db,
    sql`json_each(${column}) AS ${sql.raw(alias)}`,
    sql`jsonb_each_text(${column}) AS ${sql.raw(alias)}(key, value)`,
  );

/** A JSON array's elements as rows `alias.value` (text); `key`: the array held at that member of the column. */
export const jsonElements = (db: Db, column: SQLWrapper, alias: string, key?: string) =>
  on(
    db,
    key === undefined
      ? sql`json_each(${column}) AS ${sql.raw(alias)}`
      : sql`json_each(${column}, ${jsonPath(key)}) AS ${sql.raw(alias)}`,
    key === undefined
      ? sql`jsonb_array_elements_text(${column}) AS ${sql.raw(alias)}(value)`
      : sql`jsonb_array_elements_text(${column} -> ${pgKey(key)}) AS ${sql.raw(alias)}(value)`,
  );

/** One member of a JSON column as text (a string member: its value). */
export const jsonText = (db: Db, column: SQLWrapper, key: string | number) =>
  on(db, sql`json_extract(${column}, ${jsonPath(key)})`, sql`(${column} ->> ${pgKey(key)})`);

/** Whether a JSON column's boolean member is true. */
export const jsonTrue = (db: Db, column: SQLWrapper, key: string) =>
  on(db, sql`json_extract(${column}, ${jsonPath(key)}) = 1`, sql`(${column} -> ${key}) = 'true'::jsonb`);

/** The UTC day (YYYY-MM-DD) of the Monday on or before an ISO timestamp's day. */
export const mondayOf = (db: Db, timestamp: SQLWrapper) =>
  on(
    db,
    sql`date(${timestamp}, '-6 days', 'weekday 1')`,
    sql`to_char(date_trunc('week', (${timestamp})::timestamp), 'YYYY-MM-DD')`,
  );

/** Whether a text holds another, anywhere. */
export const containsText = (db: Db, text: SQLWrapper, part: string) =>
  on(db, sql`instr(${text}, ${part}) > 0`, sql`strpos(${text}, ${part}) > 0`);
