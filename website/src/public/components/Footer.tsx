import { fillSiteText } from '@atelier/shared';
import { telHref } from '../lib/format';
import type { ChromeSettings } from '../lib/page-settings';
import { SpriteIcon, type SpriteIconName } from './SpriteIcon';

/** The spec's quick links: each path is the lowercase label (so Home is /home, which the server serves). */
const QUICK_LINKS = ['Home', 'About', 'Projects', 'Services', 'Blog', 'Contact'];

type SocialKey = 'facebook_url' | 'twitter_url' | 'instagram_url' | 'linkedin_url';

const SOCIAL: { key: SocialKey; label: string; icon: SpriteIconName }[] = [
  { key: 'facebook_url', label: 'Facebook', icon: 'facebook' },
  { key: 'twitter_url', label: 'Twitter', icon: 'twitter' },
  { key: 'instagram_url', label: 'Instagram', icon: 'instagram' },
  { key: 'linkedin_url', label: 'LinkedIn', icon: 'linkedin' },
];

/** The site footer: studio, quick links, contact details and (when enabled) social links, all from settings. */
export function Footer({ settings }: { settings: ChromeSettings }) {
  const social = settings.show_social_links ? SOCIAL.filter(({ key }) => settings[key].trim() !== '') : [];
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__studio">
          <p className="site-footer__name">{settings.site_name}</p>
          <p className="site-footer__description">{settings.site_description}</p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 className="site-footer__heading" id="footer-quick-links">
            Quick Links
          </h2>
          <ul className="plain-list site-footer__links">
            {QUICK_LINKS.map((label) => (
              <li key={label}>
                <a href={`/${label.toLowerCase()}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Studio</h2>
          <address className="site-footer__contact">
            <p>{settings.office_address}</p>
            <p>
              <a href={`mailto:${settings.contact_email}`}>{settings.contact_email}</a>
            </p>
            <p>
              <a href={telHref(settings.contact_phone)}>{settings.contact_phone}</a>
            </p>
          </address>
        </div>
        {social.length > 0 && (
          <div>
            <h2 className="site-footer__heading" id="footer-follow-us">
              Follow Us
            </h2>
            <ul className="plain-list site-footer__social" aria-labelledby="footer-follow-us">
              {social.map(({ key, label, icon }) => (
                <li key={key}>
                  <a href={settings[key]} rel="noopener noreferrer" target="_blank">
                    <span className="visually-hidden">{label}</span>
                    <SpriteIcon name={icon} fill="currentColor" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="site-footer__bottom">
        <p>{fillSiteText(settings.footer_text, { name: settings.site_name })}</p>
        <a className="site-footer__rss" href="/blog/rss.xml">
          RSS feed
        </a>
      </div>
    </footer>
  );
}
