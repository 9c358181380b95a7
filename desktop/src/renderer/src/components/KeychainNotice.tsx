import { useState } from 'react';

/**
 * Said when the OS offers no keychain (Electron's safeStorage): the refresh token is then never written to
 * disk, so the person must sign in again at every start. Dismissed for this run of the app.
 */
export function KeychainNotice() {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <section className="notice" aria-label="Sign-in storage">
      <p role="status">
        This computer offers no secure storage for the sign-in, so you stay signed in only until the app
        closes.
      </p>
      <button type="button" onClick={() => setOpen(false)}>
        OK
      </button>
    </section>
  );
}
