import { ERROR_CODES, isRequestFailure } from '@atelier/shared';
import { Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useCallback, useState } from 'react';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { usePlatform } from '../../platform-context';
import { FormField } from '../../ui/form-field';
import type { ActionToasts } from '../../ui/use-action';
import { people, peopleApi } from './api';

/**
 * A write of the People screen: busy while it runs, the success toast, or the error toast with the server's
 * message. When the server asks for the password again first (changes to administrators, deletions), the
 * password dialog opens and, once it is confirmed, the same write runs again; closing the dialog drops it.
 * The lists are read again afterwards either way.
 */
export function usePersonAction() {
  const invalidate = peopleApi.useInvalidate();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<((confirmed: boolean) => void) | null>(null);

  const run = useCallback(
    async <T,>(action: () => Promise<T>, toasts: ActionToasts): Promise<T | undefined> => {
      setBusy(true);
      try {
        for (;;) {
          try {
            const result = await action();
            if (toasts.success) showToast(toasts.success.title, toasts.success.description ?? '', 'success');
            return result;
          } catch (error) {
            if (isRequestFailure(error) && error.code === ERROR_CODES.reauthenticationRequired) {
              const confirmed = await new Promise<boolean>((resolve) => setAsking(() => resolve));
              if (confirmed) continue;
              return undefined;
            }
            showToast('Error', messageOf(error, toasts.failure), 'destructive');
            return undefined;
          }
        }
      } finally {
        setBusy(false);
        void invalidate();
      }
    },
    [invalidate],
  );

  const done = (confirmed: boolean) => {
    asking?.(confirmed);
    setAsking(null);
  };
  const dialog = <PasswordDialog open={asking !== null} onDone={done} />;
  return { busy, run, dialog };
}

/** "Confirm it's you": the password again, good for ten minutes of sensitive changes. */
function PasswordDialog({ open, onDone }: { open: boolean; onDone(confirmed: boolean): void }) {
  const platform = usePlatform();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const close = (confirmed: boolean) => {
    setPassword('');
    setError('');
    onDone(confirmed);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await people.reauthenticate(platform, password);
      close(true);
    } catch (failure) {
      setError(messageOf(failure, 'Could not check your password'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(isOpen) => !isOpen && close(false)}>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>Confirm it's you</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Changes to administrators and deletions ask for your password again when you last entered it more
          than 10 minutes ago.
        </Dialog.Description>
        <form onSubmit={submit} aria-label="Confirm your password">
          <FormField label="Your password" error={error}>
            <TextField.Root
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoFocus
            />
          </FormField>
          <Flex gap="3" mt="4" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray" highContrast>
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={busy || !password}>
              {busy ? 'Checking...' : 'Confirm'}
            </Button>
          </Flex>
          <Text as="p" size="1" color="gray" mt="3">
            Five wrong passwords lock your sign-in for a while, as at the sign-in page.
          </Text>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
