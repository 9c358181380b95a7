import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../messages';
import { optionalImage, plainText, requiredText, Timestamp } from './common';

const text = (max: number, multiLine = false) =>
  plainText('Must be text', multiLine).max(max, `Must be at most ${max} characters`);
const required = (label: string, max: number, multiLine = false) =>
  requiredText(`${label} is required`, max, multiLine);

/**
 * The studio's own words on the public pages (everything a visitor reads that is not the site's fixed UI
 * text). `{name}`, `{founded}`, `{city}` and `{year}` in them read the site name, founding year, city and the
 * current year (fillSiteText); blank lines separate paragraphs.
 */
export const SiteTexts = z
  .object({
    city: required('City', 80),
    hero_line: required('Hero line', 160),
    about_intro: required('About introduction', 1000, true),
    story_title: required('Story title', 160),
    story_lede: text(1000, true),
    story_text: required('Story', 4000, true),
    vision: required('Vision', 2000, true),
    approach: required('Approach', 2000, true),
    principles: z
      .array(
        z.object({ title: required('Principle title', 80), text: required('Principle text', 500, true) }),
      )
      .max(6, 'At most 6 principles'),
    intro_services: text(600, true),
    intro_team: text(600, true),
    intro_videos: text(600, true),
    intro_contact: text(600, true),
    intro_projects_page: text(600, true),
    intro_services_page: text(600, true),
    intro_blog_page: text(600, true),
    intro_contact_page: text(600, true),
    projects_cta_title: required('Projects page invitation', 160),
    projects_cta_text: text(600, true),
    map_hint: text(600, true),
    office_hours: z
      .array(z.object({ days: required('Days', 60), hours: required('Hours', 60) }))
      .min(1, 'Add at least one line of office hours')
      .max(7, 'At most 7 lines of office hours'),
    budget_currency: required('Currency', 12),
    budget_ranges: z
      .array(
        z.object({
          value: z
            .string({ error: 'Range key is required' })
            .trim()
            .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Range key: lower-case letters, digits and hyphens'),
          label: required('Range label', 80),
        }),
      )
      .min(1, 'Add at least one budget range')
      .max(12, 'At most 12 budget ranges')
      .refine(
        (ranges) => new Set(ranges.map((r) => r.value)).size === ranges.length,
        'Range keys must differ',
      ),
  })
  .meta({ id: 'SiteTexts' });
export type SiteTexts = z.infer<typeof SiteTexts>;

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
    logo_light_url: z.string().nullable(),
    logo_dark_url: z.string().nullable(),
    favicon_url: z.string().nullable(),
    texts: SiteTexts,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'SiteSettings' });
export type SiteSettings = z.infer<typeof SiteSettings>;

/** A social link: empty, or an http(s) address. */
const socialUrl = text(2000).refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), M.invalidUrl);

/** An upload of the media library (`/media/...`), or null for the site's own. */
const storedImage = (label: string) =>
  optionalImage(`${label} must be a file of the media library`).refine(
    (value) => value === null || value.startsWith('/media/'),
    `${label} must be a file of the media library`,
  );

/**
 * The settings form. The fields after the spec's (founded year, structured data, logos, the studio's texts) are
 * optional: left out, they keep their stored values.
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
    logo_light_url: storedImage('Light logo').optional(),
    logo_dark_url: storedImage('Dark logo').optional(),
    favicon_url: storedImage('Favicon').optional(),
    texts: SiteTexts.optional(),
  })
  .meta({ id: 'UpdateSettingsInput' });
export type UpdateSettingsInput = z.output<typeof UpdateSettingsInput>;
