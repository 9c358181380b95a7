import { useCallback, useRef, useState } from 'react';
import { messageOf } from '../../lib/failure';
import { showToast } from '../../lib/toasts';
import { useDeletedToast } from '../api/trash';

export interface ActionToasts {
  /** The success toast, if the action has one; `undo`: the ids a delete moved to the Trash (its "Undo"). */
  success?: { title: string; description?: string; undo?: string[] };
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
  const deleted = useDeletedToast();
  const run = useCallback(
    async <T>(action: () => Promise<T>, toasts: ActionToasts): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      try {
        const result = await action();
        const { success } = toasts;
        if (success?.undo) deleted(success.title, success.description ?? '', success.undo);
        else if (success) showToast(success.title, success.description ?? '', 'success');
        return result;
      } catch (error) {
        showToast('Error', messageOf(error, toasts.failure), 'destructive');
        return undefined;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [deleted],
  );
  return { busy, run };
}
