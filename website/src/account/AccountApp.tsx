import { ACCOUNT_ROUTES, type AccountShellData, accountPageTitle } from '@atelier/shared';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { startSession, useSession } from '../lib/session';
// The site's styles first: the account area's own come after them.
import { Footer, Header, NotFound, PageLocation, SignInLink, useLiveSettings } from '../public/site-chrome';
import './account.css';
import { AdminGate } from './admin-door/AdminGate';
import { AdminInvite } from './admin-door/AdminInvite';
import { AdminLogin } from './admin-door/AdminLogin';
import { AdminSetup } from './admin-door/AdminSetup';
import { AccountMenu } from './components/AccountMenu';
import { ToastHost } from './components/ToastHost';
import { AuthPage } from './pages/AuthPage';
import { ProfilePage } from './pages/ProfilePage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { ShellContext, useSettings } from './shell';

/** The header's account area here: the menu once signed in, else the sign-in link. */
function HeaderAccount() {
  const status = useSession((state) => state.status);
  return status === 'signed-in' ? <AccountMenu /> : <SignInLink />;
}

/** The site's header and footer around an account page (/auth, /profile, /reset-password). */
function SiteFrame({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const location = useLocation();
  return (
    <PageLocation value={location}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header settings={settings} overPhoto={false} account={<HeaderAccount />} />
      <main id="main" tabIndex={-1} className="account-main">
        {children}
      </main>
      <Footer settings={settings} />
    </PageLocation>
  );
}

/** Whether a path is a page of the admin panel itself (behind the gate), not its login, set-up or invitation. */
const isAdminPanel = (pathname: string) =>
  pathname.startsWith('/admin/') && !(pathname in ACCOUNT_ROUTES) && accountPageTitle(pathname) !== null;

/**
 * The account area, rendered in the browser: sign-in and sign-up, password reset, the profile, the admin
 * login and first set-up, and the gate in front of the admin panel, which the entry hands in (`adminPanel`,
 * loaded only behind the gate). No public page loads this code.
 */
export function AccountApp({ data, adminPanel }: { data: AccountShellData; adminPanel: ReactNode }) {
  const settings = useLiveSettings(data.settings);
  const { pathname } = useLocation();
  useEffect(() => {
    void startSession();
  }, []);
  const site = (page: ReactNode) => <SiteFrame>{page}</SiteFrame>;
  const inPanel = isAdminPanel(pathname);
  return (
    <ShellContext.Provider value={{ ...data, settings }}>
      <Routes>
        <Route path="/auth" element={site(<AuthPage />)} />
        <Route path="/reset-password" element={site(<ResetPasswordPage />)} />
        <Route path="/profile" element={site(<ProfilePage />)} />
        <Route path="/admin" element={<Navigate to="/admin/dashboard" replace />} />
        <Route path="/admin/login" element={<AdminLogin />} />
        <Route path="/admin/setup" element={<AdminSetup />} />
        <Route path="/admin/invite" element={<AdminInvite />} />
        {/* A catch-all route: the admin panel's own routes below it match the whole path. */}
        <Route
          path="*"
          element={
            inPanel ? (
              <AdminGate>{adminPanel}</AdminGate>
            ) : (
              site(
                <NotFound
                  data={{
                    page: 'not-found',
                    settings,
                    publicUrl: window.location.origin,
                    path: '',
                    alts: {},
                    focus: {},
                  }}
                />,
              )
            )
          }
        />
      </Routes>
      {/* The admin panel shows the same toasts in its own style. */}
      {!inPanel && <ToastHost />}
    </ShellContext.Provider>
  );
}
