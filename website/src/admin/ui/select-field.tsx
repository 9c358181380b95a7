import { Select } from '@radix-ui/themes';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from './form-field';

/** A labelled Radix select bound to a react-hook-form field; `options` are [value, label] in their order. */
export function SelectField<V extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
  error,
  hint,
  disabled,
}: {
  control: Control<V>;
  name: Path<V>;
  label: string;
  options: readonly (readonly [string, string])[];
  required?: boolean;
  error?: string;
  hint?: string;
  disabled?: boolean;
}) {
  return (
    <FormField label={label} required={required} error={error} hint={hint}>
      {(props) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select.Root value={field.value} onValueChange={field.onChange} disabled={disabled}>
              <Select.Trigger {...props} />
              <Select.Content>
                {options.map(([value, text]) => (
                  <Select.Item key={value} value={value}>
                    {text}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        />
      )}
    </FormField>
  );
}

/** A post's or project's publication status. */
export const STATUS_OPTIONS = [
  ['draft', 'Draft'],
  ['published', 'Published'],
] as const;
