import { TextField } from '@radix-ui/themes';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

interface SlugFieldProps {
  /** The section of the site the page is in: /projects, /blog or /services. */
  section: 'projects' | 'blog' | 'services';
  field: UseFormRegisterReturn<'slug'>;
  error?: string;
}

/** The page's address on the site (its slug), made from the title when left empty. */
export function SlugField({ section, field, error }: SlugFieldProps) {
  return (
    <FormField
      label="Address"
      error={error}
      hint="Made from the title when left empty. An earlier address keeps leading here."
    >
      <TextField.Root {...field} placeholder="made from the title" spellCheck={false} autoCapitalize="off">
        <TextField.Slot>/{section}/</TextField.Slot>
      </TextField.Root>
    </FormField>
  );
}
