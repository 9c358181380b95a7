import { SiteSettings, UpdateSettingsInput } from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestParsed } from '../../api/client';
import { siteSettingsKey } from '../../api/site';
import type { AdminPlatform } from '../../platform';
import { usePlatform } from '../../platform-context';

/**
 * The Settings form: the shared input, except that the social URLs may be missing — a disabled field (its
 * switch off) sends nothing, and the stored URL is then kept.
 */
export const SettingsForm = UpdateSettingsInput.partial({
  facebook_url: true,
  twitter_url: true,
  instagram_url: true,
  linkedin_url: true,
});
export type SettingsForm = z.output<typeof SettingsForm>;

const PATH = '/api/admin/settings';
export const settingsKey = ['admin', 'settings'] as const;

export const getSettings = (platform: AdminPlatform) => requestParsed(platform, SiteSettings, PATH);

export const saveSettings = (platform: AdminPlatform, current: SiteSettings, input: SettingsForm) => {
  const body: UpdateSettingsInput = {
    ...input,
    facebook_url: input.facebook_url ?? current.facebook_url,
    twitter_url: input.twitter_url ?? current.twitter_url,
    instagram_url: input.instagram_url ?? current.instagram_url,
    linkedin_url: input.linkedin_url ?? current.linkedin_url,
  };
  // Refused with 409 when someone saved since `current` was loaded: nobody's save is silently overwritten.
  return requestParsed(platform, SiteSettings, PATH, {
    method: 'PUT',
    body,
    ifMatch: `"${current.updated_at}"`,
  });
};

/** The form's values of a stored record. */
export const settingsFormValues = (settings: SiteSettings): SettingsForm => ({
  site_name: settings.site_name,
  site_description: settings.site_description,
  contact_email: settings.contact_email,
  contact_phone: settings.contact_phone,
  office_address: settings.office_address,
  footer_text: settings.footer_text,
  show_social_links: settings.show_social_links,
  facebook_url: settings.facebook_url,
  twitter_url: settings.twitter_url,
  instagram_url: settings.instagram_url,
  linkedin_url: settings.linkedin_url,
  founded_year: settings.founded_year,
  logo_light_url: settings.logo_light_url,
  logo_dark_url: settings.logo_dark_url,
  favicon_url: settings.favicon_url,
  texts: settings.texts,
});

export function useSettingsQuery() {
  const platform = usePlatform();
  return useQuery({ queryKey: settingsKey, queryFn: () => getSettings(platform) });
}

export function useSaveSettings() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ current, input }: { current: SiteSettings; input: SettingsForm }) =>
      saveSettings(platform, current, input),
    // The sidebar and the document titles read the public settings: a new name shows there at once.
    onSuccess: (saved) => {
      client.setQueryData(settingsKey, saved);
      client.setQueryData(siteSettingsKey, saved);
    },
  });
}
