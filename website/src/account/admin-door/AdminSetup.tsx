import {
  looksLikeEmail,
  AUTH_MESSAGES as M,
  newPasswordProblem,
  normalizeEmail,
  type TokenResponse,
} from '@atelier/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../lib/api';
import { applySession } from '../../lib/session';
import { Alert, Spinner } from '../components/Feedback';
import { Field } from '../components/Field';
import { NewPasswordFields, SubmitButton, useForm } from '../components/forms';
import { useGo, usePageTitle } from '../shell';
import { AdminCard } from './AdminCard';

/**
 * /admin/setup?token=… : the one-time link `npm start` prints while the studio has no administrator. The
 * owner creates the first admin account here and is signed in.
 */
export function AdminSetup() {
  usePageTitle('Set Up the Studio');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const go = useGo();
  const [valid, setValid] = useState<boolean | null>(null);
  const form = useForm({ email: '', password: '', password_confirmation: '' });

  useEffect(() => {
    call<{ valid: boolean }>(`/auth/v1/admin-setup?token=${encodeURIComponent(token)}`)
      .then((answer) => setValid(answer.valid))
      .catch(() => setValid(false));
  }, [token]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { password, password_confirmation } = form.fields;
    const email = normalizeEmail(form.fields.email);
    if (!email || !password) return form.setError(M.credentialsRequired);
    if (!looksLikeEmail(email)) return form.setError(M.invalidEmail);
    if (password !== password_confirmation) return form.setError(M.passwordsDontMatch);
    const problem = newPasswordProblem(password);
    if (problem) return form.setError(problem);
    return form.run(async () => {
      const body = { email, password, password_confirmation, token };
      applySession(await call<TokenResponse>('/auth/v1/admin-setup', { body, cookieMode: true }));
      go('/admin/dashboard', {
        title: 'Administrator created',
        description: 'Welcome to the admin dashboard',
        tone: 'success',
      });
    }, 'Failed to create the administrator');
  };

  return (
    <AdminCard title="Set Up the Studio" lead="Create the first administrator account. This link works once.">
      {valid === null && <Spinner label="Checking the setup link" />}
      {valid === false && <Alert>{M.invalidSetupLink}</Alert>}
      {valid && (
        <form className="account-form" onSubmit={submit} noValidate aria-label="Create administrator">
          <Alert>{form.error}</Alert>
          <Field label="Email" type="email" autoComplete="email" {...form.bind('email')} />
          <NewPasswordFields
            password={form.bind('password')}
            confirmation={form.bind('password_confirmation')}
          />
          <SubmitButton busy={form.busy} label="Create Administrator" busyLabel="Creating..." />
        </form>
      )}
    </AdminCard>
  );
}
