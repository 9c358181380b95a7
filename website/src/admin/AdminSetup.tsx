import {
  looksLikeEmail,
  AUTH_MESSAGES as M,
  newPasswordProblem,
  normalizeEmail,
  PASSWORD_HINT,
  type TokenResponse,
} from '@atelier/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Spinner } from '../account/components/Feedback';
import { Field } from '../account/components/Field';
import { useGo, usePageTitle, useSettings } from '../account/shell';
import { call, messageOf } from '../lib/api';
import { applySession } from '../lib/session';

/**
 * /admin/setup?token=… : the one-time link `npm start` prints while the studio has no administrator. The
 * owner creates the first admin account here and is signed in.
 */
export function AdminSetup() {
  usePageTitle('Set Up the Studio');
  const { site_name } = useSettings();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const go = useGo();
  const [valid, setValid] = useState<boolean | null>(null);
  const [fields, setFields] = useState({ email: '', password: '', password_confirmation: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((all) => ({ ...all, [name]: event.target.value }));

  useEffect(() => {
    call<{ valid: boolean }>(`/auth/v1/admin-setup?token=${encodeURIComponent(token)}`)
      .then((answer) => setValid(answer.valid))
      .catch(() => setValid(false));
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const email = normalizeEmail(fields.email);
    if (!email || !fields.password) return setError(M.credentialsRequired);
    if (!looksLikeEmail(email)) return setError(M.invalidEmail);
    if (fields.password !== fields.password_confirmation) return setError(M.passwordsDontMatch);
    const problem = newPasswordProblem(fields.password);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const answer = await call<TokenResponse>('/auth/v1/admin-setup', {
        body: { ...fields, email, token },
        cookieMode: true,
      });
      applySession(answer);
      go('/admin/dashboard', {
        title: 'Administrator created',
        description: 'Welcome to the admin dashboard',
        tone: 'success',
      });
    } catch (failure) {
      setError(messageOf(failure, 'Failed to create the administrator'));
      setBusy(false);
    }
  };

  return (
    <main id="main" className="admin-login">
      <div className="auth-card">
        <header className="auth-card__head">
          <p className="eyebrow">{site_name}</p>
          <h1>Set Up the Studio</h1>
          <p className="muted">Create the first administrator account. This link works once.</p>
        </header>
        {valid === null && <Spinner label="Checking the setup link" />}
        {valid === false && <Alert>{M.invalidSetupLink}</Alert>}
        {valid && (
          <form className="account-form" onSubmit={submit} noValidate aria-label="Create administrator">
            <Alert>{error}</Alert>
            <Field
              label="Email"
              type="email"
              autoComplete="email"
              value={fields.email}
              onChange={set('email')}
            />
            <Field
              label="Password"
              type="password"
              autoComplete="new-password"
              hint={PASSWORD_HINT}
              value={fields.password}
              onChange={set('password')}
            />
            <Field
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              value={fields.password_confirmation}
              onChange={set('password_confirmation')}
            />
            <button type="submit" className="button account-form__submit" disabled={busy}>
              {busy ? 'Creating...' : 'Create Administrator'}
            </button>
          </form>
        )}
        <a className="admin-login__back" href="/">
          ← Back to Website
        </a>
      </div>
    </main>
  );
}
