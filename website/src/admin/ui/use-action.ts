import { useCallback, useRef, useState } from 'react';
import { messageOf } from '../../lib/failure';
import { showToast } from '../../lib/toasts';

export interface ActionToasts {
  /** The success toast, if the action has one. */
  success?: { title: string; description?: string };
  /** The destructive toast's fallback text when the failure is not a server message. */
  failure: string;
}

/**
 * One busy/try/toast shape for every admin action: `busy` while it runs (a second call is ignored), the
 * success toast after it, the "Error" toast with the server's message (or the fallback) when it fails.
 * Resolves to the action's result, or undefined when it failed.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(
    async <T>(action: () => Promise<T>, toasts: ActionToasts): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      try {
        const result = await action();
        if (toasts.success) showToast(toasts.success.title, toasts.success.description ?? '', 'success');
        return result;
      } catch (error) {
        showToast('Error', messageOf(error, toasts.failure), 'destructive');
        return undefined;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [],
  );
  return { busy, run };
}
