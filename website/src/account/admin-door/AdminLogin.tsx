import { normalizeEmail } from '@atelier/shared';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { signIn, useSession } from '../../lib/session';
import { goWithToast } from '../../lib/toasts';
import { Alert, Spinner } from '../components/Feedback';
import { SignInFields, SubmitButton, useForm } from '../components/forms';
import { SecondFactor } from '../components/SecondFactor';
import { safeTarget, useGo, usePageTitle } from '../shell';
import { AdminCard } from './AdminCard';
import { ACCESS_DENIED } from './AdminGate';

const WELCOME = {
  title: 'Login successful',
  description: 'Welcome to the admin dashboard',
  tone: 'success',
} as const;

/**
 * /admin/login: e-mail and password; back to the admin page the user came from, or the
 * dashboard. A signed-in admin goes on at once.
 */
export function AdminLogin() {
  usePageTitle('Admin Login');
  const [params] = useSearchParams();
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  const go = useGo();
  const target = safeTarget(params.get('redirect')) ?? '/admin/dashboard';
  const form = useForm({ email: '', password: '' });
  // Only a sign-in made here earns the welcome (or, for a non-admin, the refusal).
  const signedInHere = useRef(false);

  useEffect(() => {
    if (status !== 'signed-in' || !user) return;
    if (user.is_staff) go(target, signedInHere.current ? WELCOME : undefined);
    else if (signedInHere.current) goWithToast('/', ACCESS_DENIED);
  }, [status, user, target, go]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { email, password } = form.fields;
    if (!email.trim() || !password) return form.setError('Email and password are required');
    signedInHere.current = true;
    return form.run(
      () => signIn(normalizeEmail(email), password),
      'Failed to login',
      () => {
        signedInHere.current = false;
      },
    );
  };

  let body: ReactNode;
  if (status === 'loading' || (status === 'signed-in' && user?.is_staff))
    body = <Spinner label="Signing in" />;
  else if (status === 'second-factor') {
    signedInHere.current = true;
    body = <SecondFactor />;
  } else
    body = (
      <form className="account-form" onSubmit={submit} noValidate aria-label="Admin Login">
        {status === 'signed-in' && user && !user.is_staff && (
          <p className="notice">
            You are signed in as {user.email}, which is not an administrator account. Sign in with an
            administrator account to continue.
          </p>
        )}
        <Alert>{form.error}</Alert>
        <SignInFields email={form.bind('email')} password={form.bind('password')} />
        <SubmitButton busy={form.busy} label="Sign in" busyLabel="Signing in..." />
      </form>
    );

  return (
    <AdminCard title="Admin Panel" lead="Sign in to manage the studio's website.">
      {body}
    </AdminCard>
  );
}
