import { z } from 'zod';
import { Timestamp } from './common';

export const TeamMember = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.string(),
    image: z.string().nullable(),
    quote: z.string().nullable(),
    facebook_url: z.string().nullable(),
    instagram_url: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamMemberList = z.object({ items: z.array(TeamMember) }).meta({ id: 'TeamMemberList' });
