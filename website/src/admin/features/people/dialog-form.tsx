import { Button, Dialog, Flex, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../../lib/failure';
import { FormField } from '../../ui/form-field';

/**
 * The state of a dialog's form: open (closing forgets its error), busy while it sends, and the server's
 * refusal shown in the dialog (which stays open) rather than as a toast.
 */
export function useDialogForm() {
  const [open, setOpenState] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (!next) setError('');
  };
  const submit = (work: () => Promise<unknown>, fallback: string) => async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      setError(messageOf(failure, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { open, setOpen, busy, error, setError, submit };
}

/** The signed-in person's own password, asked again. */
export function PasswordField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  return (
    <FormField label={label} error={error}>
      <TextField.Root
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

/** The buttons at the foot of a dialog's form: Cancel, and its submit. */
export function DialogButtons({ busy, label, color }: { busy: boolean; label: string; color?: 'red' }) {
  return (
    <Flex gap="3" mt="5" justify="end">
      <Dialog.Close>
        <Button type="button" variant="soft" color="gray" highContrast>
          Cancel
        </Button>
      </Dialog.Close>
      <Button type="submit" disabled={busy} color={color}>
        {label}
      </Button>
    </Flex>
  );
}
