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
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;
