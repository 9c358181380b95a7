import type { SiteSettings } from '@atelier/shared';

const QUICK_LINKS = ['Home', 'About', 'Projects', 'Services', 'Blog', 'Contact'];
const SOCIAL = [
  ['facebook_url', 'Facebook'],
  ['twitter_url', 'Twitter'],
  ['instagram_url', 'Instagram'],
  ['linkedin_url', 'LinkedIn'],
] as const;

export function Footer({ settings }: { settings: SiteSettings }) {
  const social = SOCIAL.filter(([key]) => settings[key]);
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <div>
          <p className="site-footer__name">{settings.site_name}</p>
          <p className="muted">{settings.site_description}</p>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="eyebrow">Quick Links</h2>
          <ul className="plain-list">
            {QUICK_LINKS.map((label) => (
              <li key={label}>
                <a href={`/${label.toLowerCase()}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="eyebrow">Contact</h2>
          <address>
            <p>{settings.office_address}</p>
            <p>
              <a href={`mailto:${settings.contact_email}`}>{settings.contact_email}</a>
            </p>
            <p>
              <a href={`tel:${settings.contact_phone.replace(/[^+\d]/g, '')}`}>{settings.contact_phone}</a>
            </p>
          </address>
        </div>
        {settings.show_social_links && social.length > 0 && (
          <div>
            <h2 className="eyebrow">Follow Us</h2>
            <ul className="plain-list">
              {social.map(([key, label]) => (
                <li key={key}>
                  <a href={settings[key]} rel="noopener noreferrer" target="_blank">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <p className="site-footer__bottom">{settings.footer_text}</p>
    </footer>
  );
}
