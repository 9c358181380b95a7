import type { RevisionedPath } from '@atelier/shared';
import { Box } from '@radix-ui/themes';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { HistoryPanel } from './history-panel';
import { Loading } from './loading';
import { AdminNotFound } from './not-found';
import { PageHeader } from './page-header';
import type { DiffField } from './record-diff';
import { useErrorToast } from './use-error-toast';

/**
 * The frame of a create/edit screen: its heading, the entity loading (edit), the "Error" toast and the
 * admin 404 when it cannot be loaded, then the form — given the loaded entity, or undefined to create one —
 * and, when editing an entity that keeps revisions, its History (a restore loads the form again).
 */
export function EntityFormPage<E>({
  id,
  query,
  title,
  lead,
  loadError,
  history,
  children,
}: {
  /** The id of the route (edit), or undefined (new). */
  id?: string;
  /** `<entity>Api.useOne(id)`. */
  query: UseQueryResult<E>;
  title: string;
  /** The lead under the heading: the entity's name when editing, an invitation when creating. */
  lead: (entity: E | undefined) => string | undefined;
  loadError: string;
  /** The entity's admin path and the fields its History compares. */
  history?: { path: RevisionedPath; fields: DiffField[] };
  children: (entity: E | undefined) => ReactNode;
}) {
  useErrorToast(query.error, loadError);
  // A restore replaces what the form shows: once the entity is loaded at the restored version, a new key
  // mounts the form again with it.
  const [restored, setRestored] = useState<{ count: number; version?: unknown }>({ count: 0 });
  const current = query.data as Record<string, unknown> | undefined;
  const waiting = restored.version !== undefined && current?.updated_at !== restored.version;
  const { refetch } = query;
  useEffect(() => {
    if (waiting) void refetch();
  }, [waiting, refetch]);
  if (id && query.isError) return <AdminNotFound />;
  // Edit waits for this visit's own load (not a cached copy): the form saves against that version.
  const loaded = !id || (query.data && query.isFetchedAfterMount);
  return (
    <>
      <PageHeader title={title} lead={lead(query.data)} />
      {loaded && !waiting ? <Fragment key={restored.count}>{children(query.data)}</Fragment> : <Loading />}
      {id && history && loaded && current && (
        <Box mt="6" maxWidth="960px">
          <HistoryPanel
            item={{ path: history.path, id }}
            fields={history.fields}
            current={current}
            onRestored={(item) =>
              setRestored(({ count }) => ({ count: count + 1, version: item.updated_at }))
            }
          />
        </Box>
      )}
    </>
  );
}
