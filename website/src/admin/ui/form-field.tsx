import { Flex, Text } from '@radix-ui/themes';
import { cloneElement, type ReactElement, useId } from 'react';

interface FormFieldProps {
  label: string;
  required?: boolean;
  /** The field's problem, shown under it and tied to the control (aria-describedby, aria-invalid). */
  error?: string;
  hint?: string;
  /** One control: it receives the id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
}

/** A labelled control with its hint and its inline error. */
export function FormField({ label, required, error, hint, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Flex direction="column" gap="1" className="admin-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
        {required && (
          <Text color="red" aria-hidden="true">
            {' '}
            *
          </Text>
        )}
      </Text>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint && (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      )}
      {error && (
        <Text id={errorId} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}
