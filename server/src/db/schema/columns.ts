import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';

/** ISO-8601 UTC with milliseconds, the one timestamp format of the database and the API. */
export const NOW_SQL = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
export const nowIso = () => new Date().toISOString();

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
export const bool = (fallback: boolean) => integer({ mode: 'boolean' }).notNull().default(fallback);
export const stringList = () => text({ mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`);

/** `CHECK (column IN (...))` for an enumeration. */
export const oneOf = (column: { name: string }, values: readonly string[]) =>
  sql.raw(`"${column.name}" IN (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);
