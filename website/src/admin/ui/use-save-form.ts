import type { UseMutationResult } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { showToast } from '../../lib/toasts';
import { showSaveError } from './form-errors';
import { useLeaveGuard } from './unsaved-guard';

interface SaveFormOptions<E, V extends FieldValues> {
  /** The entity's save mutation (`<entity>Api.useSave(id)`): create without an id, update with one. */
  mutation: UseMutationResult<E, Error, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: the form's transformed output type does not matter here
  form: UseFormReturn<V, any, any>;
  /** Where a successful save goes: the entity's list. */
  listPath: string;
  /** The success toast for the saved entity. */
  saved: (entity: E) => { title: string; description: string };
  /** The "Error" toast's text when the failure is not a server message. */
  failure: string;
}

/**
 * The save of a create/edit form: the unsaved-changes guard to render, and `save(body)` that writes, releases
 * the guard, shows the success toast and returns to the list — or puts the server's field issues at their
 * fields and shows the "Error" toast.
 */
export function useSaveForm<E, V extends FieldValues>(options: SaveFormOptions<E, V>) {
  const { mutation, form, listPath, saved, failure } = options;
  const navigate = useNavigate();
  const { guard, release } = useLeaveGuard(form.formState.isDirty);
  const save = async (body: unknown) => {
    try {
      const entity = await mutation.mutateAsync(body);
      // The form is still dirty in this render: let the move to the list through.
      release();
      const toast = saved(entity);
      showToast(toast.title, toast.description, 'success');
      navigate(listPath);
    } catch (error) {
      showSaveError(error, form.setError, failure);
    }
  };
  return { guard, save, busy: mutation.isPending };
}
