import { z } from 'zod';

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptime_seconds: z.number(),
    database: z.object({ status: z.enum(['ok', 'error']), migrations: z.number().int().optional() }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;
