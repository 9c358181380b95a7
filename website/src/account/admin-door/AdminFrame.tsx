import type { ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { AccountMenu } from '../components/AccountMenu';
import { useSettings } from '../shell';

/** The admin area's frame: the studio's name, "Admin Panel", the way back to the website and the account. */
export function AdminFrame({ children }: { children: ReactNode }) {
  const { site_name } = useSettings();
  const signedIn = useSession((state) => state.status === 'signed-in');
  return (
    <div className="admin-frame">
      <header className="admin-frame__bar">
        <a className="admin-frame__brand" href="/admin/dashboard">
          <span className="admin-frame__name">{site_name}</span>
          <span className="admin-frame__label">Admin Panel</span>
        </a>
        <div className="admin-frame__end">
          <a className="admin-frame__back" href="/">
            Back to Website
          </a>
          {signedIn && <AccountMenu />}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="admin-frame__main">
        {children}
      </main>
    </div>
  );
}
