import type { ReactNode } from 'react';
import { type ImageAlts, ImageAltsProvider } from '../lib/image-alts';
import { type ImageFocus, ImageFocusProvider } from '../lib/image-focus';
import { PageLocation, type PageLocationValue } from '../lib/page-location';
import { type ChromeSettings, PageSettings } from '../lib/page-settings';

/**
 * What every island's root gets from its page rather than its props: the location, the settings and the
 * alternative texts and focal points of the page's images.
 */
export interface PageContextValue {
  location: PageLocationValue;
  settings: ChromeSettings;
  alts: ImageAlts;
  focus: ImageFocus;
}

/** Provides the page's context to a tree: the server's page and each island's root, on both sides. */
export function PageContext({ value, children }: { value: PageContextValue; children: ReactNode }) {
  return (
    <PageLocation value={value.location}>
      <PageSettings value={value.settings}>
        <ImageAltsProvider value={value.alts}>
          <ImageFocusProvider value={value.focus}>{children}</ImageFocusProvider>
        </ImageAltsProvider>
      </PageSettings>
    </PageLocation>
  );
}

/**
 * A public page's `__DATA__`: the settings, the alts and the focal points the islands draw (when they draw
 * any) once, then each
 * island's props in document order.
 */
export interface HydrationData {
  settings: ChromeSettings;
  alts?: ImageAlts;
  focus?: ImageFocus;
  islands: Record<string, unknown>[];
}
