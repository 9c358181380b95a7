import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A line under the input (the password rule, the e-mail note). */
  hint?: ReactNode;
}

/** A labelled input of the account forms, its hint tied to it for screen readers. */
export function Field({ label, hint, id, ...input }: FieldProps) {
  const own = useId();
  const inputId = id ?? own;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-describedby={hint ? `${inputId}-hint` : undefined} {...input} />
      {hint && (
        <div className="field__hint" id={`${inputId}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}
