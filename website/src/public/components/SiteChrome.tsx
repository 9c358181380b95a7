import { useEffect, useRef } from 'react';
import { useLiveSettings } from '../lib/live-settings';
import { usePageSettings } from '../lib/page-settings';
import { Footer } from './Footer';
import { Header } from './Header';

/** The page's title ends with " | site name": a renamed studio renames it on the open page too. */
function useTitleFollows(siteName: string) {
  const shown = useRef(siteName);
  useEffect(() => {
    const suffix = ` | ${shown.current}`;
    if (shown.current !== siteName && document.title.endsWith(suffix))
      document.title = `${document.title.slice(0, -suffix.length)} | ${siteName}`;
    shown.current = siteName;
  }, [siteName]);
}

/** The public pages' header island: the header and the page's title, following the settings as they change. */
export function LiveHeader({ overPhoto }: { overPhoto: boolean }) {
  const settings = useLiveSettings(usePageSettings());
  useTitleFollows(settings.site_name);
  return <Header settings={settings} overPhoto={overPhoto} />;
}

/** The public pages' footer island: the footer, following the page's settings as they change. */
export function LiveFooter() {
  return <Footer settings={useLiveSettings(usePageSettings())} />;
}
