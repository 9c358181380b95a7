// Kept apart from the zod schemas so that browser code using them does not pull zod into its bundle.
import { STRUCTURED_DATA } from './constants';
import type { SiteSettings } from './schemas/settings';

/** The site settings of a new database (and what a page shows if its settings cannot be read). */
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
