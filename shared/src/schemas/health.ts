import { z } from 'zod';

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptime_seconds: z.number(),
    database: z.object({ status: z.enum(['ok', 'error']), migrations: z.number().int().optional() }),
    /** DATA_DIR's disk; `low` below DISK_WARNING_BYTES free. Left out when the disk cannot be read. */
    disk: z
      .object({
        status: z.enum(['ok', 'low']),
        free_bytes: z.number().int(),
        total_bytes: z.number().int(),
        warning_bytes: z.number().int(),
      })
      .optional(),
    /** The longest edge the site ever shows a photograph at: larger ones may be sized down before upload. */
    media: z.object({ largest_edge: z.number().int().positive() }).optional(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;
