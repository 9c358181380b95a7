import { Button, Card, Flex, IconButton, Text, TextArea, TextField } from '@radix-ui/themes';
import {
  type ArrayPath,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useFieldArray,
} from 'react-hook-form';
import { FormField } from '../../ui/form-field';

export interface ListColumn {
  key: string;
  label: string;
  /** Several rows of text (and twice the width of a one-line field). */
  multiLine?: boolean;
  /** Twice the width of a one-line field. */
  wide?: boolean;
}

interface ListFieldProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  name: ArrayPath<V>;
  /** What one row is ("Principle"): the row's group name and its buttons' names. */
  item: string;
  label: string;
  hint?: string;
  columns: readonly ListColumn[];
  /** A new row's values. */
  blank: Record<string, string>;
  min?: number;
  max: number;
}

type RowErrors = Record<string, { message?: string } | undefined> | undefined;

/** An ordered list of small records (office hours, budget ranges, principles): add, remove, move up. */
export function ListField<V extends FieldValues>({
  form,
  name,
  item,
  label,
  hint,
  columns,
  blank,
  min = 0,
  max,
}: ListFieldProps<V>) {
  const { register } = form;
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name });
  const listErrors = errorAt(form.formState.errors, name) as
    | (RowErrors[] & { message?: string; root?: { message?: string } })
    | undefined;
  const listMessage = listErrors?.message ?? listErrors?.root?.message;
  return (
    <Flex direction="column" gap="2" role="group" aria-label={label}>
      <Text as="div" size="2" weight="medium">
        {label}
      </Text>
      {hint && (
        <Text size="1" color="gray">
          {hint}
        </Text>
      )}
      {fields.map((field, index) => {
        const rowErrors = listErrors?.[index];
        return (
          <Card key={field.id} role="group" aria-label={`${item} ${index + 1}`} className="settings-row">
            <Flex gap="3" direction={{ initial: 'column', sm: 'row' }} align={{ sm: 'end' }}>
              {columns.map((column) => {
                const path = `${name}.${index}.${column.key}` as Path<V>;
                return (
                  <div
                    key={column.key}
                    className={column.multiLine ? 'settings-row__wide' : 'settings-row__cell'}
                  >
                    <FormField label={column.label} error={rowErrors?.[column.key]?.message}>
                      {column.multiLine ? (
                        <TextArea rows={2} {...register(path)} />
                      ) : (
                        <TextField.Root {...register(path)} />
                      )}
                    </FormField>
                  </div>
                );
              })}
              <Flex gap="2" flexShrink="0">
                <IconButton
                  type="button"
                  variant="soft"
                  color="gray"
                  disabled={index === 0}
                  aria-label={`Move ${item.toLowerCase()} ${index + 1} up`}
                  onClick={() => move(index, index - 1)}
                >
                  ↑
                </IconButton>
                <Button
                  type="button"
                  variant="soft"
                  color="gray"
                  disabled={fields.length <= min}
                  aria-label={`Remove ${item.toLowerCase()} ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  Remove
                </Button>
              </Flex>
            </Flex>
          </Card>
        );
      })}
      {listMessage && (
        <Text size="1" color="red" role="alert">
          {listMessage}
        </Text>
      )}
      <div>
        <Button
          type="button"
          variant="soft"
          disabled={fields.length >= max}
          // biome-ignore lint/suspicious/noExplicitAny: a blank row of the list's own shape
          onClick={() => append(blank as any)}
        >
          Add {item.toLowerCase()}
        </Button>
      </div>
    </Flex>
  );
}

/** The errors at a dotted path ("texts.office_hours"). */
function errorAt(errors: FieldErrors, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors);
}
