import { DEFAULT_SETTINGS, type SiteSettings } from '@atelier/shared';
import { useEffect, useState } from 'react';

const CACHE_KEY = 'atelier:settings';

/**
 * The site settings, kept current: the server pushes a `settings` event on /api/events when they change
 * (so an open page's header and footer update without a reload). The last good copy is cached locally.
 */
export function useLiveSettings(initial: SiteSettings): SiteSettings {
  const [settings, setSettings] = useState(initial);
  useEffect(() => {
    remember(initial);
    if (typeof EventSource === 'undefined') return;
    const events = new EventSource('/api/events');
    events.addEventListener('settings', (event) => {
      try {
        const next = JSON.parse((event as MessageEvent<string>).data) as SiteSettings;
        setSettings(next);
        remember(next);
      } catch {
        // A malformed event changes nothing; the page keeps what it shows.
      }
    });
    return () => events.close();
  }, [initial]);
  return settings;
}

function remember(settings: SiteSettings) {
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(settings));
  } catch {
    // Storage may be full or disabled; the cache is only a fallback.
  }
}

/** Settings when they could not be loaded: the cached copy, else the spec's defaults. */
export function fallbackSettings(): SiteSettings {
  try {
    const cached = localStorage.getItem(CACHE_KEY);
    if (cached) return JSON.parse(cached) as SiteSettings;
  } catch {}
  const now = new Date(0).toISOString();
  return { ...DEFAULT_SETTINGS, created_at: now, updated_at: now };
}
