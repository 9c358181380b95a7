import { type AccountShellData, ADMIN_ROUTES } from '@atelier/shared';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import '../public/styles.css';
import '../public/styles/forms.css';
import './account.css';
import { AdminGate } from '../admin/AdminGate';
import { AdminHome } from '../admin/AdminHome';
import { AdminLogin } from '../admin/AdminLogin';
import { AdminSetup } from '../admin/AdminSetup';
import { startSession, useSession } from '../lib/session';
import { SignInLink } from '../public/components/AccountSlot';
import { Footer } from '../public/components/Footer';
import { Header } from '../public/components/Header';
import { useLiveSettings } from '../public/lib/live-settings';
import { NotFound } from '../public/pages/NotFound';
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
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header settings={settings} overPhoto={false} account={<HeaderAccount />} />
      <main id="main" tabIndex={-1} className="account-main">
        {children}
      </main>
      <Footer settings={settings} />
    </>
  );
}

/**
 * The account area, rendered in the browser: sign-in and sign-up, password reset, the profile, the admin
 * login and first set-up, and the gate in front of every admin page. No public page loads this code.
 */
export function AccountApp({ data }: { data: AccountShellData }) {
  const settings = useLiveSettings(data.settings);
  useEffect(() => {
    void startSession();
  }, []);
  const site = (page: ReactNode) => <SiteFrame>{page}</SiteFrame>;
  return (
    <ShellContext.Provider value={{ ...data, settings }}>
      <Routes>
        <Route path="/auth" element={site(<AuthPage />)} />
        <Route path="/reset-password" element={site(<ResetPasswordPage />)} />
        <Route path="/profile" element={site(<ProfilePage />)} />
        <Route path="/admin" element={<Navigate to="/admin/dashboard" replace />} />
        <Route path="/admin/login" element={<AdminLogin />} />
        <Route path="/admin/setup" element={<AdminSetup />} />
        {Object.entries(ADMIN_ROUTES).map(([path, title]) => (
          <Route
            key={path}
            path={path}
            element={
              <AdminGate>
                <AdminHome title={title} />
              </AdminGate>
            }
          />
        ))}
        <Route
          path="*"
          element={site(
            <NotFound data={{ page: 'not-found', settings, publicUrl: window.location.origin, path: '' }} />,
          )}
        />
      </Routes>
      <ToastHost />
    </ShellContext.Provider>
  );
}
