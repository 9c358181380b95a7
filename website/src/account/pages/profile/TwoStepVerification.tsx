import type { AuthUser, TokenResponse } from '@atelier/shared';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../../lib/failure';
import { applySession, authed, reloadUser, useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toasts';
import { Alert } from '../../components/Feedback';
import { Field } from '../../components/Field';

interface Enrolment {
  id: string;
  totp: { qr_code: string; secret: string };
}

type Step =
  | { name: 'idle' }
  | { name: 'enrolling'; enrolment: Enrolment }
  | { name: 'codes'; codes: string[] }
  | { name: 'disabling' };

/**
 * Two-step verification with an authenticator app (TOTP): set up by scanning a QR code and confirming a
 * code, which also gives ten one-time recovery codes, shown once; turned off with a current code.
 */
export function TwoStepVerification() {
  const user = useSession((state) => state.user) as AuthUser;
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const factor = user.factors.find((item) => item.factor_type === 'totp' && item.status === 'verified');

  const act = async (action: () => Promise<void>, fallback: string) => {
    setError('');
    setBusy(true);
    try {
      await action();
      setCode('');
    } catch (failure) {
      setError(messageOf(failure, fallback));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    act(async () => {
      const enrolment = await authed<Enrolment>('/auth/v1/factors', {
        body: { factor_type: 'totp', friendly_name: 'Authenticator app' },
      });
      setStep({ name: 'enrolling', enrolment });
    }, 'Could not start the set-up');

  const confirm = (event: FormEvent, enrolment: Enrolment) => {
    event.preventDefault();
    return act(async () => {
      const challenge = await authed<{ id: string }>(`/auth/v1/factors/${enrolment.id}/challenge`, {
        body: {},
      });
      const answer = await authed<TokenResponse & { recovery_codes?: string[] }>(
        `/auth/v1/factors/${enrolment.id}/verify`,
        { body: { challenge_id: challenge.id, code } },
      );
      applySession(answer);
      setStep({ name: 'codes', codes: answer.recovery_codes ?? [] });
      showToast('Two-step verification on', 'Your account now asks for a code at sign-in.');
    }, 'Verification failed');
  };

  const newCodes = () =>
    act(async () => {
      const { recovery_codes } = await authed<{ recovery_codes: string[] }>(
        '/auth/v1/factors/recovery-codes',
        {
          body: {},
        },
      );
      setStep({ name: 'codes', codes: recovery_codes });
    }, 'Could not make new recovery codes');

  const disable = (event: FormEvent) => {
    event.preventDefault();
    if (!factor) return;
    return act(async () => {
      await authed(`/auth/v1/factors/${factor.id}`, { method: 'DELETE', body: { code } });
      await reloadUser();
      setStep({ name: 'idle' });
      showToast('Two-step verification off', 'Your account no longer asks for a code at sign-in.');
    }, 'Could not turn off two-step verification');
  };

  return (
    <section className="profile-block" aria-labelledby="mfa-title">
      <div className="profile-block__head">
        <h2 id="mfa-title">Two-Step Verification</h2>
        <p className="muted">
          {factor
            ? 'On: signing in asks for a code from your authenticator app.'
            : 'Off: add a code from an authenticator app to your password when you sign in.'}
        </p>
      </div>
      <Alert>{error}</Alert>

      {step.name === 'idle' && !factor && (
        <button type="button" className="button" onClick={start} disabled={busy}>
          Set Up Two-Step Verification
        </button>
      )}
      {step.name === 'idle' && factor && (
        <div className="account-form__actions">
          <button type="button" className="button button--outline" onClick={newCodes} disabled={busy}>
            New Recovery Codes
          </button>
          <button type="button" className="text-button" onClick={() => setStep({ name: 'disabling' })}>
            Turn off two-step verification
          </button>
        </div>
      )}

      {step.name === 'enrolling' && (
        <form className="mfa-setup" onSubmit={(event) => confirm(event, step.enrolment)} noValidate>
          <img
            className="mfa-setup__qr"
            src={step.enrolment.totp.qr_code}
            alt="QR code to scan with your authenticator app"
            width={176}
            height={176}
          />
          <div className="account-form">
            <ol className="mfa-setup__steps">
              <li>Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy…).</li>
              <li>
                Or enter this key by hand:{' '}
                <code className="mfa-setup__secret">{step.enrolment.totp.secret}</code>
              </li>
              <li>Enter the six-digit code the app shows.</li>
            </ol>
            <Field
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
            <div className="account-form__actions">
              <button type="submit" className="button" disabled={busy}>
                {busy ? 'Verifying...' : 'Verify and Turn On'}
              </button>
              <button type="button" className="text-button" onClick={() => setStep({ name: 'idle' })}>
                Cancel
              </button>
            </div>
          </div>
        </form>
      )}

      {step.name === 'codes' && (
        <div className="recovery-codes">
          <p>
            <strong>Save these recovery codes.</strong> Each signs you in once if you lose your phone. They
            are shown only now.
          </p>
          <ul className="plain-list recovery-codes__list" aria-label="Recovery codes">
            {step.codes.map((item) => (
              <li key={item}>
                <code>{item}</code>
              </li>
            ))}
          </ul>
          <div className="account-form__actions">
            <button
              type="button"
              className="button button--outline"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(step.codes.join('\n'))
                  .then(() => showToast('Copied', 'The recovery codes are on your clipboard.'))
              }
            >
              Copy Codes
            </button>
            <button type="button" className="button" onClick={() => setStep({ name: 'idle' })}>
              I Have Saved Them
            </button>
          </div>
        </div>
      )}

      {step.name === 'disabling' && (
        <form
          className="account-form"
          onSubmit={disable}
          noValidate
          aria-label="Turn off two-step verification"
        >
          <Field
            label="Code from your app, or a recovery code"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className="account-form__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Turning off...' : 'Turn Off'}
            </button>
            <button type="button" className="text-button" onClick={() => setStep({ name: 'idle' })}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
