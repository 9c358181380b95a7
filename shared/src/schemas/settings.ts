import { z } from 'zod';
import { Timestamp } from './common';

export const SiteSettings = z
  .object({
    site_name: z.string(),
    site_description: z.string(),
    contact_email: z.string(),
    contact_phone: z.string(),
    office_address: z.string(),
    footer_text: z.string(),
    show_social_links: z.boolean(),
    facebook_url: z.string(),
    twitter_url: z.string(),
    instagram_url: z.string(),
    linkedin_url: z.string(),
    founded_year: z.number().int(),
    opening_hours: z.string(),
    price_range: z.string(),
    theme_color: z.string(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'SiteSettings' });
export type SiteSettings = z.infer<typeof SiteSettings>;
