import { type BulkAction, BulkResult, type Paginated } from '@atelier/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminPlatform } from '../platform';
import { usePlatform } from '../platform-context';
import { type ListQuery, requestParsed } from './client';

/**
 * The admin operations of one entity under /api/admin/<path> (list, get, create, update, delete), each
 * parsed with the shared schema, and their TanStack Query hooks. Every write invalidates the entity's
 * queries and the dashboard's.
 */
export function entityApi<T extends { id: string }, Row extends { id: string } = T>(options: {
  path: string;
  item: z.ZodType<T>;
  /** A page of rows: the entity, or the few columns its list screen shows (a project without its gallery). */
  list: z.ZodType<Paginated<Row>>;
}) {
  const base = `/api/admin/${options.path}`;
  const keys = {
    all: ['admin', options.path] as const,
    list: (query: ListQuery) => ['admin', options.path, 'list', query] as const,
    one: (id: string) => ['admin', options.path, 'one', id] as const,
  };
  const api = {
    keys,
    list: (platform: AdminPlatform, query: ListQuery) =>
      requestParsed(platform, options.list, base, { query }),
    get: (platform: AdminPlatform, id: string) =>
      requestParsed(platform, options.item, `${base}/${encodeURIComponent(id)}`),
    create: (platform: AdminPlatform, body: unknown) =>
      requestParsed(platform, options.item, base, { method: 'POST', body }),
    /** With `version` (the `updated_at` the form loaded), refused with 409 when someone saved since. */
    update: (platform: AdminPlatform, id: string, body: unknown, version?: string) =>
      requestParsed(platform, options.item, `${base}/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        ifMatch: version ? `"${version}"` : undefined,
      }),
    remove: (platform: AdminPlatform, id: string) =>
      platform.request<void>(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    /** One action on many rows: each done as its single operation would be (see `BulkResult`). */
    bulk: (platform: AdminPlatform, action: BulkAction, ids: string[]) =>
      requestParsed(platform, BulkResult, `${base}/bulk`, { method: 'POST', body: { action, ids } }),
    /** `POST <base>/{id}/<step>` (a draft's `submit`, its `return`): answers the updated entity. */
    step: (platform: AdminPlatform, id: string, step: string, body: unknown = {}) =>
      requestParsed(platform, options.item, `${base}/${encodeURIComponent(id)}/${step}`, {
        method: 'POST',
        body,
      }),
  };

  function useList(query: ListQuery) {
    const platform = usePlatform();
    return useQuery({
      queryKey: keys.list(query),
      queryFn: () => api.list(platform, query),
      placeholderData: keepPreviousData,
    });
  }

  function useOne(id: string | undefined) {
    const platform = usePlatform();
    return useQuery({
      queryKey: keys.one(id ?? ''),
      queryFn: () => api.get(platform, id ?? ''),
      enabled: Boolean(id),
    });
  }

  /** Invalidates what a write of this entity changes. */
  function useInvalidate() {
    const client = useQueryClient();
    return () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.all }),
        client.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
        client.invalidateQueries({ queryKey: ['admin', 'activity'] }),
      ]);
  }

  /** Creates (no id) or updates the entity (of `version`, when given: see `update`). */
  function useSave(id: string | undefined, version?: string) {
    const platform = usePlatform();
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: (body: unknown) =>
        id ? api.update(platform, id, body, version) : api.create(platform, body),
      onSuccess: () => invalidate(),
    });
  }

  /**
   * A change to one row (a status, the featured star) shown at once in every cached list and put back if the
   * server refuses; the lists are refreshed either way.
   */
  function useRowChange<P extends Partial<Row>>(
    write: (platform: AdminPlatform, id: string, change: P) => Promise<unknown>,
  ) {
    const platform = usePlatform();
    const client = useQueryClient();
    const invalidate = useInvalidate();
    const lists = { queryKey: [...keys.all, 'list'] };
    return useMutation({
      mutationFn: ({ id, change }: { id: string; change: P }) => write(platform, id, change),
      onMutate: async ({ id, change }) => {
        await client.cancelQueries(lists);
        const before = client.getQueriesData<Paginated<Row>>(lists);
        client.setQueriesData<Paginated<Row>>(
          lists,
          (page) =>
            page && {
              ...page,
              items: page.items.map((item) => (item.id === id ? { ...item, ...change } : item)),
            },
        );
        return { before };
      },
      onError: (_error, _input, context) => {
        for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
      },
      onSettled: () => invalidate(),
    });
  }

  /** One step of an entity's workflow (`submit`, `return`), refreshing what it changes. */
  function useStep(step: string) {
    const platform = usePlatform();
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: ({ id, body }: { id: string; body?: unknown }) => api.step(platform, id, step, body),
      onSuccess: () => invalidate(),
    });
  }

  /** The bulk bar's call (`run` of a list's `BulkSpec`); every list and the dashboard are read again. */
  function useBulk() {
    const platform = usePlatform();
    const invalidate = useInvalidate();
    const mutation = useMutation({
      mutationFn: ({ action, ids }: { action: BulkAction; ids: string[] }) => api.bulk(platform, action, ids),
      onSettled: () => invalidate(),
    });
    return (action: BulkAction, ids: string[]) => mutation.mutateAsync({ action, ids });
  }

  function useRemove() {
    const platform = usePlatform();
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: (id: string) => api.remove(platform, id),
      onSuccess: () => invalidate(),
    });
  }

  return { ...api, useList, useOne, useSave, useRemove, useBulk, useRowChange, useInvalidate, useStep };
}
