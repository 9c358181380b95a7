import { looksLikeEmail, AUTH_MESSAGES as M, newPasswordProblem, normalizeEmail } from '@atelier/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { call } from '../../lib/api';
import { signIn, useSession } from '../../lib/session';
import { showToast } from '../../lib/toasts';
import { AuthLayout } from '../components/AuthLayout';
import { Alert, Spinner } from '../components/Feedback';
import { Field } from '../components/Field';
import { NewPasswordFields, SignInFields, SubmitButton, useForm } from '../components/forms';
import { SecondFactor } from '../components/SecondFactor';
import { Tabs } from '../components/Tabs';
import { safeTarget, takeHash, useGo, usePageTitle } from '../shell';

type View = 'login' | 'signup' | 'forgot';
const CONFIRMED = {
  title: 'Email confirmed',
  description: 'Welcome! Your account is active and you are signed in.',
  tone: 'success',
} as const;
const TABS = [
  { id: 'login', label: 'Login' },
  { id: 'signup', label: 'Sign Up' },
] as const;

/**
 * /auth: Login and Sign Up tabs and the forgot-password view. A signed-in visitor goes back where
 * they came from (`?redirect=` or the router's state), else to the home page. It is also where the
 * confirmation mail's link lands, signed in, or with the reason the link failed.
 */
export function AuthPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const status = useSession((state) => state.status);
  const go = useGo();
  const [view, setView] = useState<View>(params.get('action') === 'forgot_password' ? 'forgot' : 'login');
  // A mail link lands here: confirmed (#type=signup, the session cookie set) or refused (#error=…).
  const [landing] = useState(() => {
    const hash = takeHash();
    return {
      error: hash.get('error') ? (hash.get('error_description') ?? M.invalidLink) : '',
      confirmed: hash.get('type') === 'signup',
    };
  });
  const target = safeTarget(params.get('redirect')) ?? safeTarget(location.state?.from) ?? '/';
  usePageTitle(view === 'forgot' ? 'Reset Password' : 'Login / Sign Up');

  useEffect(() => {
    if (status !== 'signed-in') return;
    go(target, landing.confirmed ? CONFIRMED : undefined);
  }, [status, target, go, landing]);

  if (status === 'loading' || status === 'signed-in')
    return (
      <AuthCard>
        <Spinner label="Checking your session" />
      </AuthCard>
    );
  if (status === 'second-factor')
    return (
      <AuthCard>
        <SecondFactor />
      </AuthCard>
    );
  if (view === 'forgot')
    return (
      <AuthCard
        title="Reset Password"
        lead="Enter your email and we will send you a link to choose a new password."
      >
        <ForgotForm initialEmail={params.get('email') ?? ''} onBack={() => setView('login')} />
      </AuthCard>
    );
  return (
    <AuthCard title="Welcome" lead="Sign in to your account, or create one.">
      <Alert>{landing.error}</Alert>
      <Tabs label="Account" tabs={TABS} value={view} onChange={setView}>
        {view === 'login' ? <LoginForm onForgot={() => setView('forgot')} /> : <SignUpForm />}
      </Tabs>
    </AuthCard>
  );
}

function AuthCard({ title, lead, children }: { title?: string; lead?: string; children: React.ReactNode }) {
  return (
    <AuthLayout>
      <div className="auth-card">
        {title && (
          <header className="auth-card__head">
            <p className="eyebrow">Your account</p>
            <h1>{title}</h1>
            {lead && <p className="muted">{lead}</p>}
          </header>
        )}
        {children}
      </div>
    </AuthLayout>
  );
}

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const form = useForm({ email: '', password: '' });
  const { email, password } = form.fields;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return form.setError(M.credentialsRequired);
    return form.run(
      () => signIn(normalizeEmail(email), password),
      'Failed to login',
      (message) => showToast('Login Failed', message, 'destructive'),
    );
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Login">
      <Alert>{form.error}</Alert>
      <SignInFields email={form.bind('email')} password={form.bind('password')} />
      <SubmitButton busy={form.busy} label="Sign In" busyLabel="Signing in..." />
      <div className="account-form__links">
        <button type="button" className="text-button" onClick={onForgot}>
          Forgot your password?
        </button>
      </div>
    </form>
  );
}

function SignUpForm() {
  const form = useForm({ email: '', password: '', confirmation: '' });
  const [sentTo, setSentTo] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { password, confirmation } = form.fields;
    const email = normalizeEmail(form.fields.email);
    if (!email || !password) return form.setError(M.credentialsRequired);
    if (!looksLikeEmail(email)) return form.setError(M.invalidEmail);
    if (password !== confirmation) return form.setError(M.passwordsDontMatch);
    const problem = newPasswordProblem(password);
    if (problem) {
      form.setError(problem);
      return showToast('Invalid Password', problem, 'destructive');
    }
    return form.run(
      async () => {
        await call('/auth/v1/signup', { body: { email, password, password_confirmation: confirmation } });
        showToast('Sign Up Successful', M.signUpSent);
        setSentTo(email);
      },
      'Sign up failed',
      (message) => showToast('Sign Up Failed', message, 'destructive'),
    );
  };

  if (sentTo)
    return (
      <div className="account-done" role="status">
        <h2>Check your email</h2>
        <p className="muted">
          We sent a confirmation link to <strong>{sentTo}</strong>. Follow it to activate your account; it
          works for 24 hours.
        </p>
      </div>
    );
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Sign Up">
      <Alert>{form.error}</Alert>
      <Field label="Email" type="email" name="email" autoComplete="email" {...form.bind('email')} />
      <NewPasswordFields password={form.bind('password')} confirmation={form.bind('confirmation')} />
      <SubmitButton busy={form.busy} label="Create Account" busyLabel="Creating account..." />
    </form>
  );
}

function ForgotForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const form = useForm({ email: initialEmail });
  const [sent, setSent] = useState(false);
  const email = normalizeEmail(form.fields.email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeEmail(email)) return form.setError(M.invalidEmail);
    return form.run(
      async () => {
        await call('/auth/v1/recover', { body: { email } });
        setSent(true);
        showToast('Password Reset Email Sent', M.resetSent);
      },
      'Failed to send reset instructions',
      (message) => showToast('Password Reset Failed', message, 'destructive'),
    );
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Reset Password">
      <Alert>{form.error}</Alert>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        disabled={sent}
        {...form.bind('email')}
      />
      {sent && (
        <p className="notice" role="status">
          If an account exists for {email}, a reset link is on its way. It works for one hour.
        </p>
      )}
      <button type="submit" className="button account-form__submit" disabled={form.busy || sent}>
        {form.busy ? 'Sending...' : sent ? 'Email Sent' : 'Send Reset Link'}
      </button>
      <div className="account-form__links">
        <button type="button" className="text-button" onClick={onBack}>
          Back to Login
        </button>
      </div>
    </form>
  );
}
