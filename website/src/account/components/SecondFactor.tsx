import { type SecondFactorMethod, verifySecondFactor } from '@atelier/shared';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../lib/failure';
import { applySession, authed, signOut, useSession } from '../../lib/session';
import { Alert } from './Feedback';
import { Field } from './Field';

/**
 * The second step of signing in for an account with an authenticator app: a six-digit code, or one of the
 * recovery codes. Success raises the session to aal2 (the page then moves on by itself).
 */
export function SecondFactor() {
  const user = useSession((state) => state.user);
  const [mode, setMode] = useState<SecondFactorMethod>('totp');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      if (!user) throw new Error('No session to verify');
      applySession(
        await verifySecondFactor(
          <T,>(path: string, body: object) => authed<T>(path, { body }),
          user,
          mode,
          code,
        ),
      );
    } catch (failure) {
      setError(messageOf(failure, 'Verification failed'));
      setBusy(false);
    }
  };

  const switchMode = () => {
    setMode(mode === 'totp' ? 'recovery' : 'totp');
    setCode('');
    setError('');
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <div className="account-form__intro">
        <h2>Two-step verification</h2>
        <p className="muted">
          {mode === 'totp'
            ? 'Enter the six-digit code from your authenticator app.'
            : 'Enter one of the recovery codes you saved when you set up two-step verification.'}
        </p>
      </div>
      <Alert>{error}</Alert>
      {mode === 'totp' ? (
        <Field
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          autoFocus
        />
      ) : (
        <Field
          label="Recovery code"
          name="recovery-code"
          autoComplete="off"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
        />
      )}
      <button type="submit" className="button account-form__submit" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </button>
      <div className="account-form__links">
        <button type="button" className="text-button" onClick={switchMode}>
          {mode === 'totp' ? 'Use a recovery code instead' : 'Use my authenticator app'}
        </button>
        <button type="button" className="text-button" onClick={() => void signOut().catch(() => {})}>
          Cancel and sign out
        </button>
      </div>
    </form>
  );
}
