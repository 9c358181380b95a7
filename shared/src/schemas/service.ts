import { z } from 'zod';
import { Timestamp } from './common';

export const Service = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.string().nullable(),
    image: z.string().nullable(),
    price_range: z.string().nullable(),
    is_active: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof Service>;

export const ServiceList = z.object({ items: z.array(Service) }).meta({ id: 'ServiceList' });
