import {
  looksLikeEmail,
  AUTH_MESSAGES as M,
  newPasswordProblem,
  normalizeEmail,
  PASSWORD_HINT,
} from '@atelier/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { call, messageOf } from '../../lib/api';
import { signIn, useSession } from '../../lib/session';
import { showToast } from '../../lib/toasts';
import { Alert, Spinner } from '../components/Feedback';
import { Field } from '../components/Field';
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
 * /auth (spec §2): Login and Sign Up tabs and the forgot-password view. A signed-in visitor goes back where
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
    <div className="auth-page">
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
    </div>
  );
}

/** The busy flag and the red alert of one form. */
function useFormState() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  return { busy, setBusy, error, setError };
}

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, setBusy, error, setError } = useFormState();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!email.trim() || !password) return setError(M.credentialsRequired);
    setBusy(true);
    try {
      await signIn(normalizeEmail(email), password);
    } catch (failure) {
      const message = messageOf(failure, 'Failed to login');
      setError(message);
      showToast('Login Failed', message, 'destructive');
      setBusy(false);
    }
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Login">
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
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
      <div className="account-form__links">
        <button type="button" className="text-button" onClick={onForgot}>
          Forgot your password?
        </button>
      </div>
    </form>
  );
}

function SignUpForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [sentTo, setSentTo] = useState('');
  const { busy, setBusy, error, setError } = useFormState();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const address = normalizeEmail(email);
    if (!address || !password) return setError(M.credentialsRequired);
    if (!looksLikeEmail(address)) return setError(M.invalidEmail);
    if (password !== confirmation) return setError(M.passwordsDontMatch);
    const problem = newPasswordProblem(password);
    if (problem) {
      setError(problem);
      return showToast('Invalid Password', problem, 'destructive');
    }
    setBusy(true);
    try {
      await call<{ message: string }>('/auth/v1/signup', {
        body: { email: address, password, password_confirmation: confirmation },
      });
      showToast('Sign Up Successful', M.signUpSent);
      setSentTo(address);
    } catch (failure) {
      const message = messageOf(failure, 'Sign up failed');
      setError(message);
      showToast('Sign Up Failed', message, 'destructive');
    } finally {
      setBusy(false);
    }
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
        name="new-password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label="Confirm Password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
      <button type="submit" className="button account-form__submit" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}

function ForgotForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState(false);
  const { busy, setBusy, error, setError } = useFormState();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const address = normalizeEmail(email);
    if (!looksLikeEmail(address)) return setError(M.invalidEmail);
    setBusy(true);
    try {
      await call<{ message: string }>('/auth/v1/recover', { body: { email: address } });
      setSent(true);
      showToast('Password Reset Email Sent', M.resetSent);
    } catch (failure) {
      const message = messageOf(failure, 'Failed to send reset instructions');
      setError(message);
      showToast('Password Reset Failed', message, 'destructive');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Reset Password">
      <Alert>{error}</Alert>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        disabled={sent}
        onChange={(e) => setEmail(e.target.value)}
      />
      {sent && (
        <p className="notice" role="status">
          If an account exists for {normalizeEmail(email)}, a reset link is on its way. It works for one hour.
        </p>
      )}
      <button type="submit" className="button account-form__submit" disabled={busy || sent}>
        {busy ? 'Sending...' : sent ? 'Email Sent' : 'Send Reset Link'}
      </button>
      <div className="account-form__links">
        <button type="button" className="text-button" onClick={onBack}>
          Back to Login
        </button>
      </div>
    </form>
  );
}
