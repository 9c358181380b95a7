import { z } from 'zod';
import { USER_ROLES } from '../roles';
import { Timestamp } from './common';

export const UserRole = z.enum(USER_ROLES);

export const Profile = z
  .object({
    id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    role: UserRole,
    /** Staff who review: e-mail me when a draft is submitted for review. */
    notify_reviews: z.boolean(),
    /** Staff who may read inquiries: e-mail me when an inquiry arrives. */
    notify_inquiries: z.boolean(),
    updated_at: Timestamp,
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;
