import { useLiveSettings } from '../lib/live-settings';
import { usePageSettings } from '../lib/page-settings';
import { Footer } from './Footer';
import { Header } from './Header';

/** The public pages' header island: the header, following the page's settings as they change. */
export function LiveHeader({ overPhoto }: { overPhoto: boolean }) {
  return <Header settings={useLiveSettings(usePageSettings())} overPhoto={overPhoto} />;
}

/** The public pages' footer island: the footer, following the page's settings as they change. */
export function LiveFooter() {
  return <Footer settings={useLiveSettings(usePageSettings())} />;
}
