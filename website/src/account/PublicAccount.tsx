import { type ReactNode, useEffect } from 'react';
import { startSession, useSession } from '../lib/session';
import { AccountMenu } from './components/AccountMenu';
import { ToastHost } from './components/ToastHost';

/**
 * The account slot of a public page, loaded only when the sign-in cookie says a session may exist: the
 * account menu once the session is confirmed, else what a visitor sees.
 */
export default function PublicAccount({ signedOut }: { signedOut: ReactNode }) {
  const status = useSession((state) => state.status);
  useEffect(() => {
    void startSession();
  }, []);
  if (status !== 'signed-in') return signedOut;
  return (
    <>
      <AccountMenu />
      <ToastHost />
    </>
  );
}
