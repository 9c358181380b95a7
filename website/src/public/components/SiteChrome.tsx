import type { SiteSettings } from '@atelier/shared';
import { useLiveSettings } from '../lib/live-settings';
import { Footer } from './Footer';
import { Header } from './Header';

/** The public pages' header island: the header, following the settings as they change. */
export function LiveHeader({ settings, overPhoto }: { settings: SiteSettings; overPhoto: boolean }) {
  return <Header settings={useLiveSettings(settings)} overPhoto={overPhoto} />;
}

/** The public pages' footer island: the footer, following the settings as they change. */
export function LiveFooter({ settings }: { settings: SiteSettings }) {
  return <Footer settings={useLiveSettings(settings)} />;
}
