import { isRequestFailure } from '@atelier/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { messageOf } from '../../lib/failure';
import { showToast } from '../../lib/toasts';

/** The save's toast when nothing answered: the form keeps what was typed, to be saved again. */
const NOT_SAVED_OFFLINE = {
  title: 'Not saved',
  description: "Can't reach the server. What you typed is still here: save again once it answers.",
};

/**
 * A refused save: the server's field issues go to their fields (inline, as the form's own checks do), and
 * the "Error" toast says what happened. Nothing answering is said as such: the form keeps its values.
 */
export function showSaveError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fallback: string,
) {
  if (isRequestFailure(error) && error.status === 0) {
    showToast(NOT_SAVED_OFFLINE.title, NOT_SAVED_OFFLINE.description, 'destructive');
    return;
  }
  if (isRequestFailure(error))
    for (const issue of error.issues) {
      const field = issue.path.split('.')[0];
      if (field) setError(field as Path<T>, { type: 'server', message: issue.message });
    }
  showToast('Error', messageOf(error, fallback), 'destructive');
}
