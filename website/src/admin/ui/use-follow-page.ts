import { useEffect } from 'react';

/**
 * The server answers the last page when the asked one is past the end (after deleting the last row of a
 * page): the list's page control follows the page it was given.
 */
export function useFollowPage(shown: number | undefined, page: number, setPage: (page: number) => void) {
  useEffect(() => {
    if (shown && shown !== page) setPage(shown);
  }, [shown, page, setPage]);
}
