import { ERROR_CODES, isRequestFailure } from '@atelier/shared';
import { Dialog, Text } from '@radix-ui/themes';
import { useCallback, useState } from 'react';
import { messageOf } from '../../../lib/failure';
import { showToast } from '../../../lib/toasts';
import { usePlatform } from '../../platform-context';
import type { ActionToasts } from '../../ui/use-action';
import { people, peopleApi } from './api';
import { DialogButtons, PasswordField, useDialogForm } from './dialog-form';

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
  const form = useDialogForm();
  const [password, setPassword] = useState('');

  const close = (confirmed: boolean) => {
    setPassword('');
    form.setError('');
    onDone(confirmed);
  };
  const submit = form.submit(async () => {
    await people.reauthenticate(platform, password);
    close(true);
  }, 'Could not check your password');

  return (
    <Dialog.Root open={open} onOpenChange={(isOpen) => !isOpen && close(false)}>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>Confirm it's you</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Changes to administrators and deletions ask for your password again when you last entered it more
          than 10 minutes ago.
        </Dialog.Description>
        <form onSubmit={submit} aria-label="Confirm your password">
          <PasswordField label="Your password" value={password} onChange={setPassword} error={form.error} />
          <Text as="p" size="1" color="gray" mt="3">
            Five wrong passwords lock your sign-in for a while, as at the sign-in page.
          </Text>
          <DialogButtons busy={form.busy || !password} label={form.busy ? 'Checking...' : 'Confirm'} />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
