import { TrashList, TrashSettings } from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { messageOf } from '../../lib/failure';
import { showToast } from '../../lib/toasts';
import type { AdminPlatform } from '../platform';
import { usePlatform } from '../platform-context';
import { requestParsed } from './client';

const PATH = '/api/admin/trash';
const key = ['admin', 'trash'] as const;
const one = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

/** Puts trashed items back (each as it was); every admin query is read again. */
const restore = async (platform: AdminPlatform, ids: string[]) => {
  for (const id of ids)
    await requestParsed(platform, z.object({ id: z.string() }), `${one(id)}/restore`, { method: 'POST' });
};

/** The Trash screen's list (editors and up). */
export function useTrash() {
  const platform = usePlatform();
  return useQuery({ queryKey: key, queryFn: () => requestParsed(platform, TrashList, PATH) });
}

function useTrashWrite<T>(write: (platform: AdminPlatform, input: T) => Promise<unknown>) {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => write(platform, input),
    // A restore or a forever delete changes the lists, the library, the dashboard and the Activity.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useRestore = () => useTrashWrite<string[]>(restore);
export const useDeleteForever = () =>
  useTrashWrite<string>((platform, id) => platform.request<void>(one(id), { method: 'DELETE' }));
export const useEmptyTrash = () =>
  useTrashWrite<void>((platform) => platform.request(PATH, { method: 'DELETE' }));
export const useTrashSettings = () =>
  useTrashWrite<TrashSettings>((platform, body) =>
    requestParsed(platform, TrashSettings, `${PATH}/settings`, { method: 'PUT', body }),
  );

/**
 * The toast after a delete, with "Undo": the items come back from the Trash (their own toast says so, or
 * why not).
 */
export function useDeletedToast() {
  const { mutateAsync } = useRestore();
  return useCallback(
    (title: string, description: string, ids: string[]) =>
      showToast(title, description, 'success', {
        label: 'Undo',
        run: () =>
          void mutateAsync(ids).then(
            () =>
              showToast(
                'Restored',
                ids.length === 1
                  ? 'It is back where it was.'
                  : `${ids.length} items are back where they were.`,
              ),
            (error: unknown) => showToast('Error', messageOf(error, 'Failed to restore'), 'destructive'),
          ),
      }),
    [mutateAsync],
  );
}
