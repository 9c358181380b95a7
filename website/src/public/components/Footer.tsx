import type { ReactNode } from 'react';
import type { ChromeSettings } from '../lib/page-settings';

/** The spec's quick links: each path is the lowercase label (so Home is /home, which the server serves). */
const QUICK_LINKS = ['Home', 'About', 'Projects', 'Services', 'Blog', 'Contact'];

type SocialKey = 'facebook_url' | 'twitter_url' | 'instagram_url' | 'linkedin_url';

const SOCIAL: { key: SocialKey; label: string; icon: ReactNode }[] = [
  {
    key: 'facebook_url',
    label: 'Facebook',
    icon: (
      <path d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07" />
    ),
  },
  {
    key: 'twitter_url',
    label: 'Twitter',
    icon: (
      <path d="M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.41l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.59l5.24 6.93zm-1.29 19.5h2.04L6.49 3.24H4.3z" />
    ),
  },
  {
    key: 'instagram_url',
    label: 'Instagram',
    icon: (
      <>
        <rect
          x="2.5"
          y="2.5"
          width="19"
          height="19"
          rx="5.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
        <circle cx="12" cy="12" r="4.4" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="17.6" cy="6.4" r="1.3" />
      </>
    ),
  },
  {
    key: 'linkedin_url',
    label: 'LinkedIn',
    icon: (
      <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.42v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45z" />
    ),
  },
];

/** A phone number as a tel: URI: digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

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
        <nav className="site-footer__column" aria-labelledby="footer-quick-links">
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
        <div className="site-footer__column">
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
          <div className="site-footer__column">
            <h2 className="site-footer__heading" id="footer-follow-us">
              Follow Us
            </h2>
            <ul className="plain-list site-footer__social" aria-labelledby="footer-follow-us">
              {social.map(({ key, label, icon }) => (
                <li key={key}>
                  <a href={settings[key]} rel="noopener noreferrer" target="_blank">
                    <span className="visually-hidden">{label}</span>
                    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
                      {icon}
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="site-footer__bottom">
        <p>{settings.footer_text}</p>
        <a className="site-footer__rss" href="/blog/rss.xml">
          RSS feed
        </a>
      </div>
    </footer>
  );
}
