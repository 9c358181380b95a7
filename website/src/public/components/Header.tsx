import { type SiteSettings, TIMINGS } from '@atelier/shared';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/projects', label: 'Projects' },
  { to: '/services', label: 'Services' },
  { to: '/contact', label: 'Contact' },
];

/** Fixed header: transparent over the hero until a scroll of more than 20 px, then solid. */
export function Header({ settings, overPhoto }: { settings: SiteSettings; overPhoto: boolean }) {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > TIMINGS.headerScrollThresholdPx);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const solid = scrolled || !overPhoto || menuOpen;
  return (
    <header className={`site-header${solid ? ' is-solid' : ''}`}>
      <div className="site-header__inner">
        <a className="wordmark" href="/" aria-label={`${settings.site_name}, home`}>
          <svg className="wordmark__mark" viewBox="0 0 32 32" aria-hidden="true">
            <path d="M5 26 16 6l11 20" />
            <path d="M10 26h12" />
          </svg>
          <span>{settings.site_name}</span>
        </a>
        <nav className={`site-nav${menuOpen ? ' is-open' : ''}`} id="site-nav" aria-label="Main">
          {LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end reloadDocument onClick={() => setMenuOpen(false)}>
              {link.label}
            </NavLink>
          ))}
          <a className="site-nav__account" href="/auth" onClick={() => setMenuOpen(false)}>
            Sign in
          </a>
        </nav>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <span className="menu-toggle__bars" aria-hidden="true" />
        </button>
      </div>
    </header>
  );
}
