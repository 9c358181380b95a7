import { AUTH_MESSAGES as M, resetPasswordProblem, TIMINGS } from '@atelier/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authed, signOut, startSession, useSession } from '../../lib/session';
import { showToast } from '../../lib/toasts';
import { AuthLayout } from '../components/AuthLayout';
import { Alert, Spinner } from '../components/Feedback';
import { NewPasswordFields, SubmitButton, useForm } from '../components/forms';
import { SecondFactor } from '../components/SecondFactor';
import { takeHash, usePageTitle } from '../shell';

/** Kept for this tab after the link, so a reload of the form still knows it came from a reset link. */
const RECOVERY_KEY = 'atelier_recovery';

type Phase = 'verifying' | 'form' | 'invalid' | 'done';

/**
 * /reset-password: where the reset mail's link lands. The link has already signed this browser
 * in with a recovery session (its cookie); the page checks it, then asks for the new password.
 */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const navigate = useNavigate();
  const status = useSession((state) => state.status);
  const [phase, setPhase] = useState<Phase>('verifying');
  const [landing] = useState(() => {
    const hash = takeHash();
    if (hash.get('type') === 'recovery') sessionStorage.setItem(RECOVERY_KEY, '1');
    if (hash.get('error')) sessionStorage.removeItem(RECOVERY_KEY);
    return sessionStorage.getItem(RECOVERY_KEY) === '1';
  });

  useEffect(() => {
    if (phase !== 'verifying') return;
    void startSession().then(() => {
      const { status: now } = useSession.getState();
      if (landing && now !== 'signed-out') return setPhase('form');
      setPhase('invalid');
      showToast('Invalid Reset Link', M.invalidResetLink, 'destructive');
    });
  }, [phase, landing]);

  useEffect(() => {
    if (phase !== 'invalid' && phase !== 'done') return;
    const timer = setTimeout(() => navigate('/auth', { replace: true }), TIMINGS.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  return (
    <AuthLayout>
      <div className="auth-card">
        <header className="auth-card__head">
          <p className="eyebrow">Your account</p>
          <h1>Reset Password</h1>
        </header>
        {phase === 'verifying' && <Spinner label="Verifying your reset link" />}
        {phase === 'invalid' && (
          <div className="account-done">
            <h2>Invalid Reset Link</h2>
            <p className="muted">{M.invalidResetLink}</p>
            <a className="button" href="/auth">
              Return to Login
            </a>
          </div>
        )}
        {phase === 'form' &&
          (status === 'second-factor' ? <SecondFactor /> : <ResetForm onDone={() => setPhase('done')} />)}
        {phase === 'done' && (
          <div className="account-done" role="status">
            <h2>Password changed</h2>
            <p className="muted">Password reset successful! You'll be redirected to the login page.</p>
          </div>
        )}
      </div>
    </AuthLayout>
  );
}

function ResetForm({ onDone }: { onDone: () => void }) {
  const form = useForm({ password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = resetPasswordProblem(form.fields);
    if (problem) return form.setError(problem.message);
    return form.run(
      async () => {
        await authed('/auth/v1/user', { method: 'PUT', body: form.fields });
        sessionStorage.removeItem(RECOVERY_KEY);
        // The new password is proven on the login page: this recovery session ends here.
        await signOut().catch(() => {});
        onDone();
      },
      'An error occurred while resetting your password.',
      (message) => showToast('Password Reset Failed', message, 'destructive'),
    );
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Choose a new password">
      <Alert>{form.error}</Alert>
      <NewPasswordFields
        password={form.bind('password')}
        confirmation={form.bind('password_confirmation')}
        labels={['New Password', 'Confirm New Password']}
      />
      <SubmitButton busy={form.busy} label="Update Password" busyLabel="Updating..." />
    </form>
  );
}
