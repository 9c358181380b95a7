import { PASSWORD_HINT, PASSWORD_RULES } from '@atelier/shared';
import { type ChangeEvent, useState } from 'react';
import { messageOf } from '../../lib/failure';
import { Field } from './Field';

/** What an input needs to be bound to a form's state. */
export interface Bound {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * The state of one account form: its fields, its busy flag and its red alert. `run` does the submit's work
 * with the form busy; a failure becomes the alert (the server's message, else `fallback`) and is handed to
 * `onError` (for a toast).
 */
export function useForm<T extends Record<string, string>>(initial: T) {
  const [fields, setFields] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const bind = (name: keyof T): Bound => ({
    value: fields[name] as string,
    onChange: (event) => setFields((all) => ({ ...all, [name]: event.target.value })),
  });
  const run = async (
    action: () => Promise<unknown>,
    fallback: string,
    onError?: (message: string) => void,
  ) => {
    setError('');
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      const message = messageOf(failure, fallback);
      setError(message);
      onError?.(message);
    } finally {
      setBusy(false);
    }
  };
  return { fields, setFields, bind, busy, error, setError, run };
}

/** E-mail and password, as every sign-in form asks them. */
export function SignInFields({ email, password }: { email: Bound; password: Bound }) {
  return (
    <>
      <Field label="Email" type="email" name="email" autoComplete="email" {...email} />
      <Field label="Password" type="password" name="password" autoComplete="current-password" {...password} />
    </>
  );
}

/** A new password and its confirmation, with the policy's hint (sign-up, reset, change, first admin). */
export function NewPasswordFields({
  password,
  confirmation,
  labels = ['Password', 'Confirm Password'],
}: {
  password: Bound;
  confirmation: Bound;
  labels?: [string, string];
}) {
  return (
    <>
      <Field
        label={labels[0]}
        type="password"
        name="new-password"
        autoComplete="new-password"
        hint={
          <>
            {PASSWORD_HINT}
            <PasswordRules password={password.value} />
          </>
        }
        {...password}
      />
      <Field
        label={labels[1]}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        {...confirmation}
      />
    </>
  );
}

/** The policy's rules, each marked met or not as the password is typed. */
function PasswordRules({ password }: { password: string }) {
  return (
    <ul className="password-rules" aria-label="Password rules">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.met(password);
        return (
          <li key={rule.label} className="password-rules__rule" data-met={met}>
            <span aria-hidden="true" className="password-rules__mark">
              {met ? '✓' : '○'}
            </span>
            {rule.label}
            <span className="visually-hidden">{met ? ': done' : ': still needed'}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The form's submit button, saying what it is doing while busy. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" className="button account-form__submit" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
