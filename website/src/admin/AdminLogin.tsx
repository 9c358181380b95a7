import { normalizeEmail } from '@atelier/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Spinner } from '../account/components/Feedback';
import { Field } from '../account/components/Field';
import { SecondFactor } from '../account/components/SecondFactor';
import { safeTarget, useGo, usePageTitle, useSettings } from '../account/shell';
import { messageOf } from '../lib/api';
import { signIn, useSession } from '../lib/session';
import { goWithToast } from '../lib/toasts';
import { ACCESS_DENIED } from './AdminGate';

const WELCOME = {
  title: 'Login successful',
  description: 'Welcome to the admin dashboard',
  tone: 'success',
} as const;

/**
 * /admin/login (spec §2): e-mail and password; back to the admin page the user came from, or the
 * dashboard. A signed-in admin goes on at once.
 */
export function AdminLogin() {
  usePageTitle('Admin Login');
  const { site_name } = useSettings();
  const [params] = useSearchParams();
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  const go = useGo();
  const target = safeTarget(params.get('redirect')) ?? '/admin/dashboard';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const signedInHere = useRef(false);

  useEffect(() => {
    if (status !== 'signed-in' || !user) return;
    if (user.is_admin) go(target, signedInHere.current ? WELCOME : undefined);
    else if (signedInHere.current) goWithToast('/', ACCESS_DENIED);
  }, [status, user, target, go]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!email.trim() || !password) return setError('Email and password are required');
    setBusy(true);
    try {
      signedInHere.current = true;
      await signIn(normalizeEmail(email), password);
    } catch (failure) {
      signedInHere.current = false;
      setError(messageOf(failure, 'Failed to login'));
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  if (status === 'loading' || (status === 'signed-in' && user?.is_admin))
    body = <Spinner label="Signing in" />;
  else if (status === 'second-factor') {
    signedInHere.current = true;
    body = <SecondFactor />;
  } else
    body = (
      <form className="account-form" onSubmit={submit} noValidate aria-label="Admin Login">
        {status === 'signed-in' && user && !user.is_admin && (
          <p className="notice">
            You are signed in as {user.email}, which is not an administrator account. Sign in with an
            administrator account to continue.
          </p>
        )}
        <Alert>{error}</Alert>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="button account-form__submit" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    );

  return (
    <main id="main" className="admin-login">
      <div className="auth-card">
        <header className="auth-card__head">
          <p className="eyebrow">{site_name}</p>
          <h1>Admin Panel</h1>
          <p className="muted">Sign in to manage the studio's website.</p>
        </header>
        {body}
        <a className="admin-login__back" href="/">
          ← Back to Website
        </a>
      </div>
    </main>
  );
}
