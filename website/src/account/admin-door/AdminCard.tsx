import type { ReactNode } from 'react';
import { useSettings } from '../shell';

/** The admin's own door (login, first set-up): a card on the dark studio grid, with the way back. */
export function AdminCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const { site_name } = useSettings();
  return (
    <main id="main" className="admin-login">
      <div className="auth-card">
        <header className="auth-card__head">
          <p className="eyebrow">{site_name}</p>
          <h1>{title}</h1>
          <p className="muted">{lead}</p>
        </header>
        {children}
        <a className="admin-login__back" href="/">
          ← Back to Website
        </a>
      </div>
    </main>
  );
}
