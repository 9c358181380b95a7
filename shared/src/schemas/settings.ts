import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../messages';
import { plainText, requiredText, Timestamp } from './common';

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

const text = (max: number, multiLine = false) =>
  plainText('Must be text', multiLine).max(max, `Must be at most ${max} characters`);
/** A social link: empty, or an http(s) address. */
const socialUrl = text(2000).refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), M.invalidUrl);

/**
 * The settings form (its four tabs: General, Contact, Social Media, Footer). The structured-data fields (founded year, hours, price range,
 * theme colour) are optional: left out, they keep their stored values.
 */
export const UpdateSettingsInput = z
  .object({
    site_name: requiredText(M.siteNameRequired, 100),
    site_description: text(300, true),
    contact_email: z
      .string({ error: M.invalidContactEmail })
      .trim()
      .max(254, M.invalidContactEmail)
      .refine((v) => v === '' || z.email().safeParse(v).success, M.invalidContactEmail),
    contact_phone: text(50),
    office_address: text(300, true),
    footer_text: text(500, true),
    show_social_links: z.boolean({ error: 'show_social_links must be true or false' }),
    facebook_url: socialUrl,
    twitter_url: socialUrl,
    instagram_url: socialUrl,
    linkedin_url: socialUrl,
    founded_year: z
      .number({ error: 'Founded year must be a year' })
      .int('Founded year must be a year')
      .min(1800, 'Founded year must be a year')
      .max(2200, 'Founded year must be a year')
      .optional(),
    opening_hours: text(200).optional(),
    price_range: text(20).optional(),
    theme_color: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Theme colour must be like #D4B254')
      .optional(),
  })
  .meta({ id: 'UpdateSettingsInput' });
export type UpdateSettingsInput = z.output<typeof UpdateSettingsInput>;
