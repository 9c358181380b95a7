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

export const IdParam = z.object({ id: z.string() });
