import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list's search, page and filters, kept in the URL (so Back from a form returns to the same page). Any
 * change but the page goes back to page 1.
 */
export function useListParams<F extends string>(filters: readonly F[] = []) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const values = Object.fromEntries(filters.map((name) => [name, params.get(name) ?? ''])) as Record<
    F,
    string
  >;
  const set = useCallback(
    (changes: Record<string, string | number | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in changes)) next.delete('page');
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setQ = useCallback((value: string) => set({ q: value }), [set]);
  const setPage = useCallback((value: number) => set({ page: value }), [set]);
  return { page, q, filters: values, set, setQ, setPage };
}

/**
 * The server answers the last page when the asked one is past it (after deleting the only row of the last
 * page): the URL follows. Data kept on screen while the next page loads does not count.
 */
export function useFollowServerPage(
  list: { data?: { page: number }; isPlaceholderData: boolean },
  page: number,
  setPage: (page: number) => void,
) {
  const answered = list.isPlaceholderData ? undefined : list.data?.page;
  useEffect(() => {
    if (answered && answered !== page) setPage(answered);
  }, [answered, page, setPage]);
}
