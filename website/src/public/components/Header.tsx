import { TIMINGS } from '@atelier/shared';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { isCurrent } from '../lib/nav';
import { usePageLocation } from '../lib/page-location';
import type { ChromeSettings } from '../lib/page-settings';
import { AccountSlot } from './AccountSlot';

const LINKS = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/projects', label: 'Projects' },
  { href: '/services', label: 'Services' },
  { href: '/blog', label: 'Blog' },
  { href: '/contact', label: 'Contact' },
] as const;

/** The width from which the full navigation shows (the CSS breakpoint of the mobile menu). */
const MEDIUM = '(min-width: 768px)';

/** The studio's mark: a khonde (veranda) roof on two posts. Decorative; the link is named by the text. */
const LOGO_IMAGE: CSSProperties = {
  display: 'block',
  width: 'auto',
  maxWidth: 'min(14rem, 50vw)',
  height: '2.5rem',
  objectFit: 'contain',
  objectPosition: 'left',
};

function Mark() {
  return (
    <svg className="logo__mark" viewBox="0 0 40 40" aria-hidden="true">
      <path className="logo__roof" d="M3 16.5 20 6l17 10.5" />
      <path className="logo__frame" d="M8 16.5h24M11 16.5V33M29 16.5V33M5 33h30" />
    </svg>
  );
}

/**
 * The studio's uploaded logo for the header's look (the light one over a photograph, the dark one on white;
 * either stands in for a missing other), its alt text the site name; without one, the mark and the name.
 */
function Logo({ settings, solid }: { settings: HeaderProps['settings']; solid: boolean }) {
  const src = solid
    ? (settings.logo_dark_url ?? settings.logo_light_url)
    : (settings.logo_light_url ?? settings.logo_dark_url);
  // Sized in the element itself: only a studio with a logo pays for the rule, and its first paint has it.
  if (src) return <img src={src} alt={settings.site_name} style={LOGO_IMAGE} />;
  return (
    <>
      <Mark />
      <span className="logo__name">{settings.site_name}</span>
    </>
  );
}

interface HeaderProps {
  settings: Pick<ChromeSettings, 'site_name' | 'logo_light_url' | 'logo_dark_url'>;
  /** The page opens on a full-bleed photograph: the header starts transparent over it. */
  overPhoto: boolean;
  /**
   * The account area at the end of the navigation: by default the public pages' slot (the sign-in link,
   * or the account menu for a signed-in user); the account area passes its own.
   */
  account?: ReactNode;
}

/**
 * Fixed header. Over a hero photograph it is transparent (a dark veil, white text and the light logo)
 * until the page has scrolled more than 20 px; then, and on every other page, it is white with dark
 * text and the dark logo. Past 20 px it also tightens and casts a shadow. Below 768 px the navigation
 * folds into a menu button.
 */
export function Header({ settings, overPhoto, account }: HeaderProps) {
  const { pathname } = usePageLocation();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const bar = useRef<HTMLElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > TIMINGS.headerScrollThresholdPx);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const header = bar.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    // Tabbing out of the open menu would move focus to content hidden behind it: fold it away.
    // (A tap on the panel's empty space moves focus nowhere and keeps the menu open.)
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !header?.contains(next)) setMenuOpen(false);
    };
    // Growing past the breakpoint shows the full navigation: the open menu has nothing left to do.
    const wide = window.matchMedia(MEDIUM);
    const onWide = () => wide.matches && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    header?.addEventListener('focusout', onFocusOut);
    wide.addEventListener('change', onWide);
    // The open menu covers the page: the page behind it must not scroll.
    document.documentElement.classList.add('has-open-menu');
    return () => {
      document.removeEventListener('keydown', onKey);
      header?.removeEventListener('focusout', onFocusOut);
      wide.removeEventListener('change', onWide);
      document.documentElement.classList.remove('has-open-menu');
    };
  }, [menuOpen]);

  const solid = !overPhoto || scrolled || menuOpen;
  const close = () => setMenuOpen(false);
  return (
    <header
      className="site-header"
      data-appearance={solid ? 'solid' : 'transparent'}
      data-scrolled={scrolled ? 'true' : undefined}
      ref={bar}
    >
      <div className="site-header__inner">
        <a className="logo" href="/" data-variant={solid ? 'dark' : 'light'}>
          <Logo settings={settings} solid={solid} />
        </a>
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">Menu</span>
          <span className="menu-toggle__bars" aria-hidden="true" />
        </button>
        <div className="site-menu" id="site-menu" data-open={menuOpen ? 'true' : 'false'}>
          <nav className="site-nav" aria-label="Main">
            <ul className="site-nav__list">
              {LINKS.map((link) => {
                const current = isCurrent(link.href, pathname);
                return (
                  <li key={link.href}>
                    <a href={link.href} aria-current={current ? 'page' : undefined} onClick={close}>
                      {link.label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="site-header__account">{account ?? <AccountSlot onNavigate={close} />}</div>
        </div>
      </div>
    </header>
  );
}
