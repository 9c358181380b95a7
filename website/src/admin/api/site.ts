import { budgetLabel, SiteSettings } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { usePlatform } from '../platform-context';
import { requestParsed } from './client';

export const siteSettingsKey = ['site-settings'] as const;

/** The public settings (the site's name in the sidebar and the document titles). */
function useSiteSettings() {
  const platform = usePlatform();
  return useQuery({
    queryKey: siteSettingsKey,
    queryFn: () => requestParsed(platform, SiteSettings, '/api/settings'),
    staleTime: 60_000,
  });
}

export const useSiteName = () => useSiteSettings().data?.site_name ?? '';

/** A budget range's label as the studio's contact form words it ("Not specified" when none was chosen). */
export function useBudgetLabel() {
  const texts = useSiteSettings().data?.texts;
  return (value: string | null) => (texts && budgetLabel(texts, value)) ?? value ?? 'Not specified';
}
