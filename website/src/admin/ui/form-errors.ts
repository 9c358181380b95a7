import { isRequestFailure } from '@atelier/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { messageOf } from '../../lib/failure';
import { showToast } from '../../lib/toasts';

/**
 * A refused save: the server's field issues go to their fields (inline, as the form's own checks do), and
 * the "Error" toast says what happened.
 */
export function showSaveError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fallback: string,
) {
  if (isRequestFailure(error))
    for (const issue of error.issues) {
      const field = issue.path.split('.')[0];
      if (field) setError(field as Path<T>, { type: 'server', message: issue.message });
    }
  showToast('Error', messageOf(error, fallback), 'destructive');
}
