import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';

/**
 * The tables by their SQL name, read from the schema (the same on both dialects): their columns, primary key
 * and the columns that name an account, for code that walks tables by name (the export and its import).
 */
const TABLES = new Map(
  (Object.values(schema).filter((value) => is(value, SQLiteTable)) as SQLiteTable[]).map((table) => [
    getTableName(table),
    getTableConfig(table),
  ]),
);

function configOf(name: string) {
  const config = TABLES.get(name);
  if (!config) throw new Error(`No table ${name} in the schema`);
  return config;
}

export const columnNames = (table: string) => new Set(configOf(table).columns.map((column) => column.name));

/** The primary key's columns: a table's rows in a stable order. */
export function primaryKeyOf(table: string): string[] {
  const config = configOf(table);
  const single = config.columns.filter((column) => column.primary).map((column) => column.name);
  return single.length ? single : (config.primaryKeys[0]?.columns.map((column) => column.name) ?? []);
}

/** The columns of `table` that name a user (a foreign key to `users`). */
export const userColumns = (table: string) =>
  configOf(table)
    .foreignKeys.map((key) => key.reference())
    .filter((reference) => getTableName(reference.foreignTable) === 'users')
    .flatMap((reference) => reference.columns.map((column) => column.name));
