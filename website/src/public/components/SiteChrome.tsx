import { useEffect, useRef } from 'react';
import { useLiveSettings } from '../lib/live-settings';
import { usePageSettings } from '../lib/page-settings';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * A renamed studio is renamed on the open page too: the title's " | site name" ending, and the static parts of
 * the page that show the name (marked `data-site-name`, e.g. the home page's hero title), which no island owns.
 */
function useNameFollows(siteName: string) {
  const shown = useRef(siteName);
  useEffect(() => {
    if (shown.current === siteName) return;
    const suffix = ` | ${shown.current}`;
    if (document.title.endsWith(suffix))
      document.title = `${document.title.slice(0, -suffix.length)} | ${siteName}`;
    for (const element of document.querySelectorAll('[data-site-name]')) element.textContent = siteName;
    shown.current = siteName;
  }, [siteName]);
}

/** The public pages' header island: the header and the page's title, following the settings as they change. */
export function LiveHeader({ overPhoto }: { overPhoto: boolean }) {
  const settings = useLiveSettings(usePageSettings());
  useNameFollows(settings.site_name);
  return <Header settings={settings} overPhoto={overPhoto} />;
}

/** The public pages' footer island: the footer, following the page's settings as they change. */
export function LiveFooter() {
  return <Footer settings={useLiveSettings(usePageSettings())} />;
}
