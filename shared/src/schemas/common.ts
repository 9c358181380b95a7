import { z } from 'zod';
import { SLUG_MAX, slugify } from '../lib/text';
import { SLUG_MESSAGES } from '../messages';

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

/**
 * Characters no text field keeps: the C0 controls but tab, line feed and carriage return (NUL and ESC among
 * them), DEL and the C1 controls, and the bidirectional embeddings, overrides and isolates (which make text
 * display in another order than it reads).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Text as every field stores it: the control characters above removed; a one-line field's tabs and line
 * breaks become one space each run, a multi-line field keeps them.
 */
export function cleanText(value: string, multiLine = false): string {
  const cleaned = value.replace(CONTROL_CHARACTERS, '');
  return multiLine ? cleaned : cleaned.replace(/[\t\n\r]+/g, ' ');
}

/** Free text: cleaned (cleanText), then trimmed. Every text field of the API's inputs starts here. */
export const plainText = (error = 'Must be text', multiLine = false) =>
  z
    .string({ error })
    .overwrite((value) => cleanText(value, multiLine))
    .trim();

/** Required free text: cleaned, trimmed, non-empty, bounded, with the given message when missing. */
export const requiredText = (message: string, max: number, multiLine = false) =>
  plainText(message, multiLine).min(1, message).max(max, `Must be at most ${max} characters`);

/** Search text of the admin lists. */
export const SearchParam = plainText()
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

/** Optional free text: cleaned, trimmed, bounded; empty becomes null. */
export const optionalText = (max: number, multiLine = false) =>
  plainText('Must be text', multiLine)
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** A web address (http/https) or null; empty becomes null. */
export const optionalUrl = (message: string) =>
  plainText(message)
    .max(2000, message)
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), message);

/** An image reference: a stored file (`/media/...`) or a web address; empty becomes null. */
export const optionalImage = (message: string) =>
  plainText(message)
    .max(2000, message)
    .nullish()
    .transform((value) => value || null)
    .refine(
      (value) => value === null || value.startsWith('/media/') || /^https?:\/\/\S+$/i.test(value),
      message,
    );

/** A boolean that must be sent (is_active is kept exactly as edited, never defaulted on update). */
export const requiredBoolean = (message: string) => z.boolean({ error: message });

/** The seed's sample marker on an admin row: the admin shows such rows as the sample ("Remove sample content"). */
export const sampleField = { sample: z.boolean() };

/** What a list's bulk bar can do to the selected rows (each entity offers those that apply to it). */
export const BULK_ACTIONS = ['delete', 'publish', 'unpublish', 'feature', 'unfeature'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** At most this many rows in one bulk request (a few pages of a list). */
export const BULK_MAX = 100;

export const BulkInput = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: `action must be one of ${BULK_ACTIONS.join(', ')}` }),
    ids: z
      .array(z.string().trim().min(1).max(100))
      .min(1, 'Select at least one item')
      .max(BULK_MAX, `Select at most ${BULK_MAX} items at a time`),
  })
  .meta({ id: 'BulkInput' });
export type BulkInput = z.infer<typeof BulkInput>;

/** Each item done on its own, as its single operation would be: what was done, and what was not and why. */
export const BulkResult = z
  .object({
    done: z.array(z.string()),
    failed: z.array(z.object({ id: z.string(), message: z.string() })),
  })
  .meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof BulkResult>;

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The address field of a form: what was typed made a slug ("Lakeshore House" → "lakeshore-house"); left
 * out or blank, the server keeps the current one (a new row's is made from its title).
 */
export const SlugInput = z
  .string({ error: SLUG_MESSAGES.noLetters })
  .trim()
  .max(SLUG_MAX, SLUG_MESSAGES.tooLong)
  .nullish()
  .transform((v) => (v ? slugify(v) : undefined))
  .superRefine((v, ctx) => {
    if (v === '') ctx.addIssue({ code: 'custom', message: SLUG_MESSAGES.noLetters });
    else if (v && UUID_SHAPE.test(v)) ctx.addIssue({ code: 'custom', message: SLUG_MESSAGES.uuid });
  });
