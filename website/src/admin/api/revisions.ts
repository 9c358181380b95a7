import {
  RestoredRevision,
  Revision,
  type RevisionedPath,
  RevisionList,
  RevisionRetention,
} from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePlatform } from '../platform-context';
import { requestParsed } from './client';
import { siteSettingsKey } from './site';

/** An item whose history is read: its admin path, and its id (none for the settings). */
export interface HistoryOf {
  path: RevisionedPath;
  id?: string;
}

const base = ({ path, id }: HistoryOf) =>
  id ? `/api/admin/${path}/${encodeURIComponent(id)}/revisions` : `/api/admin/${path}/revisions`;
const keyOf = (item: HistoryOf) => ['admin', 'revisions', item.path, item.id ?? ''] as const;

/** A page of the item's revisions, newest first; read again when the item's `version` (its save) changes. */
export function useRevisions(item: HistoryOf, page: number, version?: unknown) {
  const platform = usePlatform();
  return useQuery({
    queryKey: [...keyOf(item), 'list', page, version],
    queryFn: () => requestParsed(platform, RevisionList, base(item), { query: { page } }),
  });
}

/** One revision with its row (none: nothing asked). */
export function useRevision(item: HistoryOf, revision: number | undefined) {
  const platform = usePlatform();
  return useQuery({
    queryKey: [...keyOf(item), 'one', revision ?? 0],
    queryFn: () => requestParsed(platform, Revision, `${base(item)}/${revision}`),
    enabled: revision !== undefined,
  });
}

/**
 * Saves a revision again as the item's newest (of `version`, the `updated_at` shown: refused with 409 when
 * someone saved since); every query of the item's path is refreshed.
 */
export function useRestoreRevision(item: HistoryOf) {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ revision, version }: { revision: number; version?: string }) =>
      requestParsed(platform, RestoredRevision, `${base(item)}/${revision}/restore`, {
        method: 'POST',
        body: {},
        ifMatch: version ? `"${version}"` : undefined,
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', item.path] }),
        client.invalidateQueries({ queryKey: keyOf(item) }),
        // A restored settings version may rename the studio: the frame shows its name.
        client.invalidateQueries({ queryKey: siteSettingsKey }),
      ]),
  });
}

const RETENTION = '/api/admin/revisions/retention';

export function useRetention() {
  const platform = usePlatform();
  return useQuery({
    queryKey: ['admin', 'revisions', 'retention'],
    queryFn: () => requestParsed(platform, RevisionRetention, RETENTION),
  });
}

export function useSaveRetention() {
  const platform = usePlatform();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevisionRetention) =>
      requestParsed(platform, RevisionRetention, RETENTION, { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(['admin', 'revisions', 'retention'], saved),
  });
}
