import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../messages';
import {
  adminListQuery,
  BooleanParam,
  optionalImage,
  optionalText,
  paginated,
  requiredBoolean,
  requiredText,
  SlugInput,
  sampleField,
  Timestamp,
} from './common';

export const Service = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Its address: /services/<slug> (null only for a row written outside the API: its id is used). */
    slug: z.string().nullable(),
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

/** The service form; `is_active` is stored exactly as sent (the old app always saved true). */
export const ServiceInput = z
  .object({
    name: requiredText(M.serviceRequired, 200),
    slug: SlugInput,
    description: requiredText(M.serviceRequired, 5000, true),
    icon: optionalImage('Please enter a valid icon URL'),
    image: optionalImage('Please choose a valid image'),
    price_range: optionalText(100),
    is_active: requiredBoolean(M.activeRequired),
  })
  .meta({ id: 'ServiceInput' });
export type ServiceInput = z.output<typeof ServiceInput>;
export type ServiceInputValues = z.input<typeof ServiceInput>;
export const CreateServiceInput = ServiceInput;
export type CreateServiceInput = ServiceInput;
export const UpdateServiceInput = ServiceInput;
export type UpdateServiceInput = ServiceInput;

export const SERVICE_SORT_KEYS = ['name', 'created_at', 'is_active', 'price_range'] as const;
export const AdminServiceListQuery = adminListQuery(SERVICE_SORT_KEYS, { is_active: BooleanParam });
export type AdminServiceListQuery = z.output<typeof AdminServiceListQuery>;

/** A service as the admin reads it: with who created it (null for older ones, or a removed author). */
export const AdminService = Service.extend({ author_id: z.string().nullable(), ...sampleField }).meta({
  id: 'AdminService',
});
export type AdminService = z.infer<typeof AdminService>;

export const AdminServiceList = paginated(AdminService).meta({ id: 'AdminServiceList' });
export type AdminServiceList = z.infer<typeof AdminServiceList>;
