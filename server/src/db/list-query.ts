import { PAGE_SIZES, type Paginated } from '@atelier/shared';
import { and, asc, count, desc, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import type { Db } from './client';

/** `%`, `_` and `\` match themselves in a LIKE pattern built with `ESCAPE '\'`. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Case-insensitive "contains" over any of `columns` (on both databases), or nothing when there is no search text. */
export function searchAny(q: string | undefined, columns: (SQLiteColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  return or(...columns.map((column) => sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`));
}

/** The ORDER BY of a list: the chosen column (case-insensitive for text), then the id so pages are stable. */
export function orderBy<K extends string>(
  columns: Record<K, SQLiteColumn>,
  id: SQLiteColumn,
  sort: K | undefined,
  order: 'asc' | 'desc' | undefined,
  fallback: { sort: K; order: 'asc' | 'desc' },
): SQL[] {
  const column = columns[sort ?? fallback.sort];
  const direction = (order ?? (sort ? 'asc' : fallback.order)) === 'asc' ? asc : desc;
  // Names sort case-insensitively; ISO dates and timestamps sort as stored, so their indexes serve the order.
  const caseless = column.columnType === 'SQLiteText' && !/(?:_at|_date)$/.test(column.name);
  const key = caseless ? sql`lower(${column})` : sql`${column}`;
  return [direction(key), direction(id)];
}

/** The page to answer: `page`, or the last one when `page` is past it (a deleted last row moves back a page). */
export const clampPage = (page: number, total: number, pageSize: number) =>
  Math.max(1, Math.min(page, Math.ceil(total / pageSize)));

/** A row schema of the shared contract (its keys are column names of `table`). */
type RowSchema<R> = z.ZodType<R> & { shape: Record<string, unknown> };

/** The columns of `table` that a row schema names: a list reads exactly what its rows show. */
export function columnsOf(table: SQLiteTable, row: { shape: Record<string, unknown> }) {
  const columns = getTableColumns(table);
  return Object.fromEntries(Object.keys(row.shape).map((key) => [key, columns[key]!]));
}

/**
 * One page of an admin list: filters (undefined ones are ignored), the order, 10 a page; past the last page,
 * the last page. Rows are whole, or only the columns of `row` (a list screen's few columns, not articles).
 */
export async function listPage<T extends SQLiteTable, R = T['$inferSelect']>(
  db: Db,
  table: T,
  options: {
    where: (SQL | undefined)[];
    orderBy: SQL[];
    page: number;
    pageSize?: number;
    row?: RowSchema<R>;
  },
): Promise<Paginated<R>> {
  const pageSize = options.pageSize ?? PAGE_SIZES.admin;
  const where = and(...options.where);
  const total = (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
  const page = clampPage(options.page, total, pageSize);
  const items = (await db
    .select(options.row ? columnsOf(table, options.row) : (undefined as never))
    .from(table)
    .where(where)
    .orderBy(...options.orderBy)
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as R[];
  return { items, total, page, pageSize };
}
