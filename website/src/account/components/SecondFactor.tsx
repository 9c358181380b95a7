import type { TokenResponse } from '@atelier/shared';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../lib/api';
import { applySession, authed, signOut, useSession } from '../../lib/session';
import { Alert } from './Feedback';
import { Field } from './Field';

/**
 * The second step of signing in for an account with an authenticator app: a six-digit code, or one of the
 * recovery codes. Success raises the session to aal2 (the page then moves on by itself).
 */
export function SecondFactor() {
  const user = useSession((state) => state.user);
  const [mode, setMode] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const factor = user?.factors.find((item) => item.status === 'verified' && item.factor_type === 'totp');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      if (mode === 'recovery' || !factor) {
        applySession(await authed<TokenResponse>('/auth/v1/factors/recovery', { body: { code } }));
      } else {
        const challenge = await authed<{ id: string }>(`/auth/v1/factors/${factor.id}/challenge`, {
          body: {},
        });
        applySession(
          await authed<TokenResponse>(`/auth/v1/factors/${factor.id}/verify`, {
            body: { challenge_id: challenge.id, code },
          }),
        );
      }
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
