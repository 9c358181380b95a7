import type { SiteSettings } from '@atelier/shared';

/** The settings the header and footer draw: the page sends these, not the whole record. */
const CHROME_KEYS = [
  'site_name',
  'site_description',
  'contact_email',
  'contact_phone',
  'office_address',
  'footer_text',
  'show_social_links',
  'facebook_url',
  'twitter_url',
  'instagram_url',
  'linkedin_url',
  'logo_light_url',
  'logo_dark_url',
] as const satisfies readonly (keyof SiteSettings)[];

type LogoKey = 'logo_light_url' | 'logo_dark_url';
/** The chrome's settings; a logo that is not set may be missing. */
export type ChromeSettings = Omit<Pick<SiteSettings, (typeof CHROME_KEYS)[number]>, LogoKey> &
  Partial<Pick<SiteSettings, LogoKey>>;

/**
 * The chrome's part of a settings record (the structured-data fields and timestamps stay behind); a logo
 * that is not set is left out rather than sent as null.
 */
export const chromeSettings = (settings: ChromeSettings): ChromeSettings =>
  Object.fromEntries(
    CHROME_KEYS.filter((key) => settings[key] !== null).map((key) => [key, settings[key]]),
  ) as ChromeSettings;

/** Enough of a settings record to draw the header and footer (the client carries no schema library). */
export function isChromeSettings(value: unknown): value is ChromeSettings {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return CHROME_KEYS.every((key) => {
    const value = record[key];
    if (key === 'show_social_links') return typeof value === 'boolean';
    if (key === 'logo_light_url' || key === 'logo_dark_url')
      return value === null || typeof value === 'string';
    return typeof value === 'string';
  });
}
