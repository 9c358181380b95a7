import {
  type ContactFormResult,
  HONEYPOT_FIELD,
  INQUIRY_BUDGETS,
  INQUIRY_FIELDS,
  INQUIRY_PROJECT_TYPES,
} from '@atelier/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Toast, type ToastMessage } from '../../../lib/toast';
import { useHydrated } from '../projects/motion';
import '../../styles/contact.css';
import '../../styles/forms.css';

type Field = (typeof INQUIRY_FIELDS)[number];

/** The spec's budget ranges: the form's choices until the studio writes its own. */
export const SPEC_BUDGETS = Object.entries(INQUIRY_BUDGETS).map(([value, label]) => ({ value, label }));
type Values = Record<Field, string>;

const EMPTY: Values = {
  client_name: '',
  email: '',
  subject: '',
  phone: '',
  project_type: '',
  budget: '',
  message: '',
};

const SENT = {
  title: 'Success',
  description: "Your message has been sent. We'll get back to you soon.",
};
const FAILED = 'There was a problem sending your message.';

interface ApiErrorBody {
  error?: { message?: string; issues?: { path: string; message: string }[] };
}

/** Reads the API's error JSON ({ error: { message, issues? } }); anything else gives nothing. */
async function readError(response: Response): Promise<ApiErrorBody['error']> {
  try {
    const body = (await response.json()) as ApiErrorBody;
    return body?.error;
  } catch {
    return undefined;
  }
}

/**
 * The inquiry form. Sends JSON to POST /api/inquiries; on success it shows the Thank You panel, on
 * failure a toast with the server's message and each field's problem beside the field, keeping
 * everything the visitor typed. Without JavaScript it posts itself to /contact, and `initial` is the
 * server's answer (sent, or refused with the values and problems).
 */
export function ContactForm({
  initial,
  budgets,
}: {
  initial?: ContactFormResult;
  /** The studio's budget ranges, labels as shown (a setting), when they are not the spec's. */
  budgets?: { value: string; label: string }[];
}) {
  const uid = useId();
  const hydrated = useHydrated();
  const [values, setValues] = useState<Values>({ ...EMPTY, ...initial?.values });
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(initial?.errors ?? {});
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>(initial?.sent ? 'sent' : 'idle');
  // A refusal of the form sent without JavaScript: said above the form, until the next attempt.
  const [refusal, setRefusal] = useState(initial?.message ?? '');
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const returning = useRef(false);

  const fieldId = (field: Field) => `${uid}-${field}`;

  // The form is usable before its script arrives (the page's islands hydrate after it has painted): what
  // the visitor typed by then is still in the fields, and is taken over rather than reset.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: Partial<Values> = {};
    for (const field of INQUIRY_FIELDS) {
      const element = form.elements.namedItem(field) as HTMLInputElement | null;
      if (element && typeof element.value === 'string' && element.value !== values[field])
        typed[field] = element.value;
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
  }, []);

  useEffect(() => {
    if (state === 'sent') thanksRef.current?.focus();
    if (state === 'idle' && returning.current) {
      returning.current = false;
      formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    }
  }, [state]);

  const notify = (message: Omit<ToastMessage, 'key'>) => setToast({ ...message, key: Date.now() });

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    setState('sending');
    setErrors({});
    setRefusal('');
    try {
      const response = await fetch('/api/inquiries', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...values, [HONEYPOT_FIELD]: honeypot }),
      });
      if (response.ok) {
        setValues(EMPTY);
        setState('sent');
        notify({ ...SENT, tone: 'success' });
        return;
      }
      const error = await readError(response);
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const issue of error?.issues ?? []) {
        const field = INQUIRY_FIELDS.find((name) => name === issue.path);
        if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
      }
      setErrors(fieldErrors);
      setState('idle');
      notify({ title: 'Error', description: error?.message || FAILED, tone: 'destructive' });
      const firstInvalid = INQUIRY_FIELDS.find((field) => fieldErrors[field]);
      if (firstInvalid)
        window.requestAnimationFrame(() => document.getElementById(fieldId(firstInvalid))?.focus());
    } catch {
      setState('idle');
      notify({ title: 'Error', description: FAILED, tone: 'destructive' });
    }
  }

  /** The props that tie a control to its label and to its error message. */
  const control = (field: Field) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    required: true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${fieldId(field)}-error` : undefined,
  });

  const problem = (field: Field) =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className="field__error">
        <span className="field__error-mark" aria-hidden="true">
          !
        </span>
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className="inquiry" id="inquiry">
      {state === 'sent' ? (
        <div className="inquiry__thanks">
          <span className="inquiry__thanks-mark" aria-hidden="true">
            <svg viewBox="0 0 48 48" aria-hidden="true">
              <path d="M14 25l7 7 14-15" />
            </svg>
          </span>
          <h3 ref={thanksRef} tabIndex={-1}>
            Thank You
          </h3>
          <p>Your message has been sent successfully. We'll get back to you shortly.</p>
          <button
            type="button"
            className="button button--outline"
            onClick={() => {
              returning.current = true;
              setValues(EMPTY);
              setHoneypot('');
              setState('idle');
            }}
          >
            Send Another Message
          </button>
        </div>
      ) : (
        <form
          ref={formRef}
          method="post"
          action="/contact#inquiry"
          onSubmit={submit}
          // Once the script runs, the server's checks answer beside each field (the same words for the
          // API and the form sent without JavaScript) instead of the browser's popups; before that, the
          // browser's own checks still guard the plain form.
          noValidate={hydrated}
          aria-label="Project inquiry"
        >
          {refusal && (
            <p className="field__error inquiry__refusal" role="alert">
              <span className="field__error-mark" aria-hidden="true">
                !
              </span>
              {refusal}
            </p>
          )}
          <div className="inquiry__grid">
            <div className="field">
              <label htmlFor={fieldId('client_name')}>Full Name</label>
              <input
                {...control('client_name')}
                type="text"
                autoComplete="name"
                onChange={(e) => change('client_name', e.target.value)}
              />
              {problem('client_name')}
            </div>
            <div className="field">
              <label htmlFor={fieldId('email')}>Email Address</label>
              <input
                {...control('email')}
                type="email"
                autoComplete="email"
                onChange={(e) => change('email', e.target.value)}
              />
              {problem('email')}
            </div>
            <div className="field">
              <label htmlFor={fieldId('subject')}>Subject</label>
              <input
                {...control('subject')}
                type="text"
                onChange={(e) => change('subject', e.target.value)}
              />
              {problem('subject')}
            </div>
            <div className="field">
              <label htmlFor={fieldId('phone')}>Phone Number</label>
              <input
                {...control('phone')}
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                onChange={(e) => change('phone', e.target.value)}
              />
              {problem('phone')}
            </div>
            <div className="field">
              <label htmlFor={fieldId('project_type')}>Project Type</label>
              <div className="field__select">
                <select {...control('project_type')} onChange={(e) => change('project_type', e.target.value)}>
                  <option value="" disabled>
                    Select a project type
                  </option>
                  {Object.entries(INQUIRY_PROJECT_TYPES).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              {problem('project_type')}
            </div>
            <div className="field">
              <label htmlFor={fieldId('budget')}>Budget Range</label>
              <div className="field__select">
                <select {...control('budget')} onChange={(e) => change('budget', e.target.value)}>
                  <option value="" disabled>
                    Select a budget range
                  </option>
                  {(budgets ?? SPEC_BUDGETS).map(({ value, label }) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              {problem('budget')}
            </div>
            <div className="field field--wide">
              <label htmlFor={fieldId('message')}>Message</label>
              <textarea
                {...control('message')}
                rows={6}
                onChange={(e) => change('message', e.target.value)}
              />
              {problem('message')}
            </div>
          </div>

          {/* The honeypot: hidden from people and assistive technology; only bots fill it in. */}
          <div className="visually-hidden" aria-hidden="true">
            <label htmlFor={`${uid}-${HONEYPOT_FIELD}`}>Company website</label>
            <input
              id={`${uid}-${HONEYPOT_FIELD}`}
              type="text"
              name={HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(e) => setHoneypot(e.target.value)}
            />
          </div>

          <div className="inquiry__actions">
            <button type="submit" className="button inquiry__submit" disabled={state === 'sending'}>
              {state === 'sending' ? 'Sending...' : 'Send Message'}
            </button>
            <p className="inquiry__note">All fields are required.</p>
          </div>
        </form>
      )}
      <Toast toast={toast} onDismiss={() => setToast(null)} />
    </div>
  );
}
