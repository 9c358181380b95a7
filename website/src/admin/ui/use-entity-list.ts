import type { ListQuery } from '../api/client';
import type { entityApi } from '../api/entity';
import { type ActionToasts, useAction } from './use-action';
import { useErrorToast } from './use-error-toast';
import { useFollowServerPage } from './use-list-params';

/**
 * A content list screen's data: the page asked for (following the server to the last page when it is past
 * the end), the "Error" toast when it cannot be loaded, and `remove(id, toasts)` for a row's Delete (its
 * toast offers "Undo": the row comes back from the Trash).
 */
export function useEntityList<T extends { id: string }>(
  api: ReturnType<typeof entityApi<T>>,
  query: ListQuery & { page: number },
  setPage: (page: number) => void,
  loadError: string,
) {
  const list = api.useList(query);
  const removal = api.useRemove();
  const action = useAction();
  useErrorToast(list.error, loadError);
  useFollowServerPage(list, query.page, setPage);
  const remove = (id: string, toasts: ActionToasts) =>
    action.run(() => removal.mutateAsync(id), {
      ...toasts,
      success: toasts.success && { ...toasts.success, undo: [id] },
    });
  return { list, remove, run: action.run, busy: action.busy };
}
