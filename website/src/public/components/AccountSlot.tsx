import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isCurrent } from '../lib/nav';
import { maySignedIn } from '../lib/session-hint';

const PublicAccount = lazy(() => import('../../account/PublicAccount'));

export function SignInLink({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <a
      className="site-header__sign-in"
      href="/auth"
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
      <PublicAccount signedOut={link} />
    </Suspense>
  );
}
