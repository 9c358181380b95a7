import { z } from 'zod';

/** ISO-8601 UTC timestamp as stored and returned by the API. */
export const Timestamp = z.string().meta({ format: 'date-time', example: '2026-11-22T09:30:00.000Z' });

/** A page number from a query string: a whole number from 1, 1 when absent. */
export const PageParam = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return 1;
    const page = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(page) || page < 1) {
      ctx.addIssue({ code: 'custom', message: 'Page must be a whole number from 1' });
      return z.NEVER;
    }
    return page;
  })
  .meta({ param: { name: 'page', in: 'query' }, type: 'integer', example: 1 });

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export interface Paginated<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Required free text: trimmed, non-empty, bounded, with the given message when missing. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** Search text of the admin lists. */
export const SearchParam = z
  .string()
  .trim()
  .max(100, 'Search text must be at most 100 characters')
  .optional()
  .transform((value) => value || undefined);

export const SortOrder = z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional();

/** `true`/`false` in a query string. */
export const BooleanParam = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

/**
 * The query of an admin list (`?q=&page=&sort=&order=` plus the entity's filters), 10 a page. `sort` is one
 * of the given columns; the server answers the last page when `page` is past it.
 */
export const adminListQuery = <const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortKeys: S,
  filters: F,
) =>
  z.object({
    q: SearchParam,
    page: PageParam,
    sort: z.enum(sortKeys, { error: `sort must be one of ${sortKeys.join(', ')}` }).optional(),
    order: SortOrder,
    ...filters,
  });

/** Optional free text: trimmed, bounded; empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** A web address (http/https) or null; empty becomes null. */
export const optionalUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, message)
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), message);

/** An image reference: a stored file (`/media/...`) or a web address; empty becomes null. */
export const optionalImage = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, message)
    .nullish()
    .transform((value) => value || null)
    .refine(
      (value) => value === null || value.startsWith('/media/') || /^https?:\/\/\S+$/i.test(value),
      message,
    );

/** A boolean that must be sent (is_active is kept exactly as edited, never defaulted on update). */
export const requiredBoolean = (message: string) => z.boolean({ error: message });
