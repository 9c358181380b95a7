import { isRequestFailure, AUTH_MESSAGES as M } from '@atelier/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { authed, useSession } from '../../lib/session';
import { goWithToast } from '../../lib/toasts';
import { Spinner } from '../components/Feedback';
import { useHere } from '../shell';
import { AdminFrame } from './AdminFrame';

export const ACCESS_DENIED = {
  title: 'Access Denied',
  description: M.adminOnly,
  tone: 'destructive',
} as const;

/**
 * The gate of every admin page: a spinner while the session loads; nobody signed in → the admin
 * login, carrying this page to come back to; not an admin → "Access Denied" and the home page. The server
 * has the last word (`GET /api/admin/me`): it also says when the studio requires two-step verification.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const here = useHere();
  const [check, setCheck] = useState<'pending' | 'passed' | { needsMfa: string }>('pending');

  useEffect(() => {
    if (status === 'loading') return;
    if (status !== 'signed-in' || !user) {
      navigate(`/admin/login?redirect=${encodeURIComponent(here)}`, { replace: true });
      return;
    }
    if (!user.is_staff) return goWithToast('/', ACCESS_DENIED);
    let live = true;
    authed('/api/admin/me')
      .then(() => live && setCheck('passed'))
      .catch((error) => {
        if (!live) return;
        if (isRequestFailure(error) && error.code === 'mfa_required') setCheck({ needsMfa: error.message });
        else if (isRequestFailure(error) && error.status === 403) goWithToast('/', ACCESS_DENIED);
        else navigate(`/admin/login?redirect=${encodeURIComponent(here)}`, { replace: true });
      });
    return () => {
      live = false;
    };
  }, [status, user, here, navigate]);

  if (check === 'passed') return children;
  if (typeof check === 'object')
    return (
      <AdminFrame>
        <div className="admin-card">
          <h1>Two-step verification required</h1>
          <p className="muted">{check.needsMfa}</p>
          <p className="muted">Set it up on your profile, then come back.</p>
          <a className="button" href="/profile#security">
            Set Up Two-Step Verification
          </a>
        </div>
      </AdminFrame>
    );
  return (
    <div className="admin-gate">
      <Spinner label="Checking your access" />
    </div>
  );
}
