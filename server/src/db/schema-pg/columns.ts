import { sql } from 'drizzle-orm';
import { boolean, customType, jsonb, text } from 'drizzle-orm/pg-core';
import { nowIso } from '../schema/columns';

export { nowIso, oneOf } from '../schema/columns';

/**
 * The one timestamp format of both databases and the API: ISO-8601 UTC with milliseconds, stored as text, so
 * timestamps compare and sort as strings alike on SQLite and PostgreSQL and reach the code as the same string.
 * `statement_timestamp()`: the time of the statement, as SQLite's `'now'` (not the transaction's start).
 */
export const NOW_SQL = sql`to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const id = () =>
  text()
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
export const createdAt = () => text().notNull().default(NOW_SQL);
export const updatedAt = () =>
  text()
    .notNull()
    .default(NOW_SQL)
    .$onUpdateFn(() => nowIso());
export const bool = (fallback: boolean) => boolean().notNull().default(fallback);
export const stringList = () => jsonb().$type<string[]>().notNull().default(sql`'[]'`);

/** Bytes (SQLite's blob in buffer mode): a Buffer both ways. */
export const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
