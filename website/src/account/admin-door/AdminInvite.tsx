import {
  ACCOUNT_ROUTES,
  type InvitationInfo,
  AUTH_MESSAGES as M,
  newPasswordProblem,
  PEOPLE_MESSAGES,
  ROLE_DESCRIPTIONS,
  roleInSentence,
  type TokenResponse,
} from '@atelier/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../lib/api';
import { messageOf } from '../../lib/failure';
import { applySession } from '../../lib/session';
import { Alert, Spinner } from '../components/Feedback';
import { Field } from '../components/Field';
import { NewPasswordFields, SubmitButton, useForm } from '../components/forms';
import { useGo, usePageTitle } from '../shell';
import { AdminCard } from './AdminCard';

const TITLE = ACCOUNT_ROUTES['/admin/invite'];

/**
 * /admin/invite?token=… : the link of an invitation to the studio's staff. A new address chooses its name and
 * password; an address that has an account signs in with it to accept (its password is never changed here).
 * Either way the invitee lands in the admin, signed in with the invited role.
 */
export function AdminInvite() {
  usePageTitle(TITLE);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const go = useGo();
  const [invitation, setInvitation] = useState<InvitationInfo | null>(null);
  const [invalid, setInvalid] = useState('');
  const form = useForm({ first_name: '', last_name: '', password: '', password_confirmation: '' });

  useEffect(() => {
    call<InvitationInfo>(`/auth/v1/invitations?token=${encodeURIComponent(token)}`)
      .then(setInvitation)
      .catch((failure) => setInvalid(messageOf(failure, PEOPLE_MESSAGES.invalidInvitation)));
  }, [token]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invitation) return;
    const { first_name, last_name, password, password_confirmation } = form.fields;
    const joining = !invitation.has_account;
    if (joining) {
      if (!first_name.trim()) return form.setError(PEOPLE_MESSAGES.firstNameRequired);
      if (!last_name.trim()) return form.setError(PEOPLE_MESSAGES.lastNameRequired);
      if (password !== password_confirmation) return form.setError(M.passwordsDontMatch);
      const problem = newPasswordProblem(password);
      if (problem) return form.setError(problem);
    } else if (!password) return form.setError(PEOPLE_MESSAGES.passwordRequired);
    return form.run(async () => {
      const body = joining
        ? { token, first_name, last_name, password, password_confirmation }
        : { token, password };
      applySession(await call<TokenResponse>('/auth/v1/invitations/accept', { body, cookieMode: true }));
      go('/admin/dashboard', {
        title: `Welcome to ${invitation.site_name}`,
        description: `You joined as ${roleInSentence(invitation.role)}.`,
        tone: 'success',
      });
    }, 'Failed to accept the invitation');
  };

  if (!invitation)
    return (
      <AdminCard title={TITLE} lead="An invitation to the studio's admin.">
        {invalid ? <Alert>{invalid}</Alert> : <Spinner label="Checking the invitation" />}
      </AdminCard>
    );

  const description = ROLE_DESCRIPTIONS[invitation.role];
  return (
    <AdminCard
      title={`Join ${invitation.site_name}`}
      lead={`You're invited as ${roleInSentence(invitation.role)}: ${description[0]?.toLowerCase()}${description.slice(1)}`}
    >
      <form
        className="account-form"
        onSubmit={submit}
        noValidate
        aria-label={invitation.has_account ? 'Sign in to accept' : 'Accept the invitation'}
      >
        <Alert>{form.error}</Alert>
        <Field label="Email" type="email" value={invitation.email} readOnly autoComplete="username" />
        {invitation.has_account ? (
          <>
            <p className="notice">
              This address already has an account: sign in with its password to accept. Your password stays as
              it is.
            </p>
            <Field
              label="Password"
              type="password"
              autoComplete="current-password"
              {...form.bind('password')}
            />
            <SubmitButton busy={form.busy} label="Sign in to accept" busyLabel="Signing in..." />
          </>
        ) : (
          <>
            <div className="account-form__row">
              <Field label="First name" autoComplete="given-name" {...form.bind('first_name')} />
              <Field label="Last name" autoComplete="family-name" {...form.bind('last_name')} />
            </div>
            <NewPasswordFields
              password={form.bind('password')}
              confirmation={form.bind('password_confirmation')}
            />
            <SubmitButton busy={form.busy} label="Accept and join" busyLabel="Joining..." />
          </>
        )}
      </form>
    </AdminCard>
  );
}
