import type { ReactNode } from 'react';
import { PageLocation, type PageLocationValue } from '../lib/page-location';
import { type ChromeSettings, PageSettings } from '../lib/page-settings';

/** What every island's root gets from its page rather than its props: the location and the settings. */
export interface PageContextValue {
  location: PageLocationValue;
  settings: ChromeSettings;
}

/** Provides the page's context to a tree: the server's page and each island's root, on both sides. */
export function PageContext({ value, children }: { value: PageContextValue; children: ReactNode }) {
  return (
    <PageLocation value={value.location}>
      <PageSettings value={value.settings}>{children}</PageSettings>
    </PageLocation>
  );
}

/** A public page's `__DATA__`: the settings once, then each island's props in document order. */
export interface HydrationData {
  settings: ChromeSettings;
  islands: Record<string, unknown>[];
}
