import { Flex, Text } from '@radix-ui/themes';
import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';

interface FormFieldProps {
  label: string;
  required?: boolean;
  /** The field's problem, shown under it and tied to the control (aria-describedby, aria-invalid). */
  error?: string;
  hint?: string;
  /**
   * One control: it receives the id, aria-invalid and aria-describedby. A function receives them to pass on
   * (a control inside a react-hook-form Controller).
   */
  children: ReactElement<Record<string, unknown>> | ((control: ControlProps) => ReactNode);
}

export interface ControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** A labelled control with its hint and its inline error. */
export function FormField({ label, required, error, hint, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
  };
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
      {typeof children === 'function' ? children(control) : cloneElement(children, { ...control })}
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
