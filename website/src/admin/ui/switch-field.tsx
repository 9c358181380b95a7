import { Flex, Switch, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** A labelled on/off switch bound to a react-hook-form field, with a hint under it (why it is off-limits). */
export function SwitchField<V extends FieldValues>({
  control,
  name,
  label,
  hint,
  disabled,
}: {
  control: Control<V>;
  name: Path<V>;
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  const hintId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Flex direction="column" gap="1">
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch
                checked={Boolean(field.value)}
                onCheckedChange={field.onChange}
                disabled={disabled}
                aria-describedby={hint ? hintId : undefined}
              />
              {label}
            </Flex>
          </Text>
          {hint && (
            <Text size="1" color="gray" id={hintId}>
              {hint}
            </Text>
          )}
        </Flex>
      )}
    />
  );
}
