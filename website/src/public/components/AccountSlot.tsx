import { isAccountArea } from '@atelier/shared';
import { Suspense, useEffect, useState } from 'react';
import { maySignedIn } from '../../lib/session-hint';
import { LazyAccountMenu } from '../lib/account-menu';
import { isCurrent } from '../lib/nav';
import { usePageLocation } from '../lib/page-location';

/**
 * The visitor's way in. From a page of the site it carries that page (`/auth?redirect=/projects`), so
 * signing in comes back to it; from the home page and the account pages it is plain `/auth`.
 */
export function SignInLink({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname, search } = usePageLocation();
  const back =
    pathname === '/' || isAccountArea(pathname) ? '' : `?redirect=${encodeURIComponent(pathname + search)}`;
  return (
    <a
      className="site-header__sign-in"
      href={`/auth${back}`}
      aria-current={isCurrent('/auth', pathname) ? 'page' : undefined}
      onClick={onNavigate}
    >
      Sign in
    </a>
  );
}

/**
 * The header's account area on a public page. Visitors (no session cookie) get the sign-in link and no
 * account code at all; with a session cookie, the account menu's code loads after the page.
 */
export function AccountSlot({ onNavigate }: { onNavigate?: () => void }) {
  const [load, setLoad] = useState(false);
  useEffect(() => setLoad(maySignedIn()), []);
  const link = <SignInLink onNavigate={onNavigate} />;
  if (!load) return link;
  return (
    <Suspense fallback={link}>
      <LazyAccountMenu signedOut={link} />
    </Suspense>
  );
}
