import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading } from './loading';
import { AdminNotFound } from './not-found';
import { PageHeader } from './page-header';
import { useErrorToast } from './use-error-toast';

/**
 * The frame of a create/edit screen: its heading, the entity loading (edit), the "Error" toast and the
 * admin 404 when it cannot be loaded, then the form — given the loaded entity, or undefined to create one.
 */
export function EntityFormPage<E>({
  id,
  query,
  title,
  lead,
  loadError,
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
  children: (entity: E | undefined) => ReactNode;
}) {
  useErrorToast(query.error, loadError);
  if (id && query.isError) return <AdminNotFound />;
  return (
    <>
      <PageHeader title={title} lead={lead(query.data)} />
      {/* Edit waits for this visit's own load (not a cached copy): the form saves against that version. */}
      {id && !(query.data && query.isFetchedAfterMount) ? <Loading /> : children(query.data)}
    </>
  );
}
