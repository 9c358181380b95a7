import { z } from 'zod';
import { STRUCTURED_DATA } from '../constants';
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

/** The defaults of the specification: used for a new database and when settings cannot be loaded. */
export const DEFAULT_SETTINGS: Omit<SiteSettings, 'created_at' | 'updated_at'> = {
  site_name: 'ARCHITECT',
  site_description: 'Premium Architecture Studio',
  contact_email: 'info@example.com',
  contact_phone: '+1 (555) 123-4567',
  office_address: '123 Architecture Avenue, Design District',
  footer_text: `© ${new Date().getUTCFullYear()} ARCHITECT. All rights reserved.`,
  show_social_links: true,
  facebook_url: 'https://facebook.com',
  twitter_url: 'https://twitter.com',
  instagram_url: 'https://instagram.com',
  linkedin_url: 'https://linkedin.com',
  founded_year: 2023,
  opening_hours: STRUCTURED_DATA.openingHours,
  price_range: STRUCTURED_DATA.priceRange,
  theme_color: STRUCTURED_DATA.themeColor,
};
