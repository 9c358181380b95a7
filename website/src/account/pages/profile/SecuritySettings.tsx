import { type AuthUser, changePasswordProblem, type SessionInfo } from '@atelier/shared';
import { formatDistanceToNow } from 'date-fns';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { call } from '../../../lib/api';
import { messageOf } from '../../../lib/failure';
import { authed, signOutToHome, useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toasts';
import { Alert, Notice } from '../../components/Feedback';
import { Field } from '../../components/Field';
import { NewPasswordFields, SubmitButton, useForm } from '../../components/forms';
import { TwoStepVerification } from './TwoStepVerification';

/** Security Settings: the password, the signed-in devices and two-step verification. */
export function SecuritySettings() {
  return (
    <div className="profile-section profile-section--stack">
      <ChangePassword />
      <Sessions />
      <TwoStepVerification />
    </div>
  );
}

const NO_PASSWORDS = { current_password: '', password: '', password_confirmation: '' };

function ChangePassword() {
  const user = useSession((state) => state.user) as AuthUser;
  const form = useForm(NO_PASSWORDS);
  const [resetSent, setResetSent] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = changePasswordProblem(form.fields);
    if (problem) return form.setError(problem.message);
    return form.run(
      async () => {
        await authed('/auth/v1/user', { method: 'PUT', body: form.fields });
        form.setFields(NO_PASSWORDS);
        showToast('Password updated', 'Your password has been successfully changed.');
      },
      'Failed to update password.',
      (message) => showToast('Password Change Failed', message, 'destructive'),
    );
  };

  const sendReset = async () => {
    try {
      await call('/auth/v1/recover', { body: { email: user.email } });
      setResetSent(true);
      showToast('Reset Email Sent', 'Check your inbox for the password reset link');
    } catch (failure) {
      showToast('Error', messageOf(failure, 'Failed to send reset instructions'), 'destructive');
    }
  };

  return (
    <section className="profile-block" aria-labelledby="password-title">
      <div className="profile-block__head">
        <h2 id="password-title">Change Password</h2>
        <p className="muted">Changing it signs out your other devices.</p>
      </div>
      <form
        className="account-form account-form--wide"
        onSubmit={submit}
        noValidate
        aria-label="Change Password"
      >
        <Alert>{form.error}</Alert>
        <Field
          label="Current Password"
          type="password"
          autoComplete="current-password"
          {...form.bind('current_password')}
        />
        <div className="account-form__row">
          <NewPasswordFields
            password={form.bind('password')}
            confirmation={form.bind('password_confirmation')}
            labels={['New Password', 'Confirm New Password']}
          />
        </div>
        <div className="account-form__actions">
          <SubmitButton busy={form.busy} label="Update Password" busyLabel="Updating..." />
          <button type="button" className="text-button" onClick={sendReset} disabled={resetSent}>
            Forgot your current password? Email me a reset link
          </button>
        </div>
        {resetSent && <Notice>Password reset instructions have been sent to your email.</Notice>}
      </form>
    </section>
  );
}

/** "Chrome on Windows" from a user agent: enough to recognise one's own devices. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['Electron/', 'Atelier desktop app'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([mark]) => userAgent.includes(mark as string))?.[1] ?? 'A browser';
  const system = [
    ['Android', 'Android'],
    ['iPhone', 'iPhone'],
    ['iPad', 'iPad'],
    ['Windows', 'Windows'],
    ['Mac OS', 'macOS'],
    ['Linux', 'Linux'],
  ].find(([mark]) => userAgent.includes(mark as string))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

function Sessions() {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setSessions((await authed<{ sessions: SessionInfo[] }>('/auth/v1/sessions')).sessions);
      setError('');
    } catch (failure) {
      setError(messageOf(failure, 'Failed to load your devices'));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      showToast('Signed out', done);
      await load();
    } catch (failure) {
      showToast('Sign Out Failed', messageOf(failure, 'An error occurred while signing out.'), 'destructive');
    } finally {
      setBusy(false);
    }
  };

  const signOutHere = async () => {
    setBusy(true);
    try {
      await signOutToHome();
    } catch (failure) {
      setBusy(false);
      showToast('Sign Out Failed', messageOf(failure, 'An error occurred while signing out.'), 'destructive');
    }
  };

  const others = sessions?.filter((session) => !session.current) ?? [];
  return (
    <section className="profile-block" aria-labelledby="sessions-title">
      <div className="profile-block__head">
        <h2 id="sessions-title">Where You're Signed In</h2>
        <p className="muted">Sign out a device you no longer use or do not recognise.</p>
      </div>
      <Alert>{error}</Alert>
      {sessions && (
        <ul className="plain-list session-list">
          {sessions.map((session) => (
            <li key={session.id} className="session-list__item">
              <div>
                <p className="session-list__device">
                  {deviceName(session.user_agent)}
                  {session.current && <span className="badge">This device</span>}
                </p>
                <p className="muted session-list__meta">
                  {session.ip ?? 'Unknown address'} · active{' '}
                  {formatDistanceToNow(new Date(session.refreshed_at ?? session.created_at), {
                    addSuffix: true,
                  })}
                </p>
              </div>
              {session.current ? (
                <button
                  type="button"
                  className="button button--outline"
                  onClick={signOutHere}
                  disabled={busy}
                >
                  Sign out this device
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--outline"
                  disabled={busy}
                  aria-label={`Sign out ${deviceName(session.user_agent)}`}
                  onClick={() =>
                    run(
                      () => authed(`/auth/v1/sessions/${session.id}`, { method: 'DELETE' }),
                      'That device has been signed out.',
                    )
                  }
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <button
          type="button"
          className="text-button"
          disabled={busy}
          onClick={() =>
            run(
              () => authed('/auth/v1/logout?scope=others', { body: {} }),
              'Every other device has been signed out.',
            )
          }
        >
          Sign out everywhere else
        </button>
      )}
    </section>
  );
}
