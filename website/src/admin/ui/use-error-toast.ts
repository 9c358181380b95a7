import { useEffect } from 'react';
import { messageOf } from '../../lib/failure';
import { showToast } from '../../lib/toasts';

/** A query's failure as the destructive toast ("Error" / the server's message or the fallback). */
export function useErrorToast(error: unknown, fallback: string) {
  useEffect(() => {
    if (error) showToast('Error', messageOf(error, fallback), 'destructive');
  }, [error, fallback]);
}
