import type { UseMutationResult } from '@tanstack/react-query';
import { createElement, Fragment } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { showToast } from '../../lib/toasts';
import { useFormDraft } from './form-draft';
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
 * The save of a create/edit form: the unsaved-changes guard to render (with the offer of a draft kept from
 * an earlier visit), `save(body)` that writes, releases the guard, discards the draft, shows the success toast
 * and returns to the list — or keeps the form and its draft as typed, puts the server's field issues at their
 * fields and shows the "Error" toast — and `leave()`, which releases the guard and returns to the list.
 * What is typed and not saved is kept as a draft of "{entity}/{id or new}", the entity named by `listPath`.
 */
export function useSaveForm<E, V extends FieldValues>(options: SaveFormOptions<E, V>) {
  const { mutation, form, listPath, saved, failure } = options;
  const navigate = useNavigate();
  const { id } = useParams();
  const dirty = form.formState.isDirty;
  const draft = useFormDraft(form, `${listPath.split('/').pop()}/${id ?? 'new'}`, { dirty });
  const { guard, release } = useLeaveGuard(dirty, draft.discard);
  /**
   * Saves `body`; `next.afterSave` runs on the saved entity before the move to the list (submitting it for
   * review), and `next.saved` replaces the success toast.
   */
  const saveAnd = async (
    body: unknown,
    next: { afterSave?: (entity: E) => Promise<unknown>; saved?: { title: string; description: string } },
  ) => {
    try {
      const entity = await mutation.mutateAsync(body);
      await next.afterSave?.(entity);
      await draft.saved();
      // The form is still dirty in this render: let the move to the list through.
      release();
      const toast = next.saved ?? saved(entity);
      showToast(toast.title, toast.description, 'success');
      navigate(listPath);
    } catch (error) {
      draft.keep();
      showSaveError(error, form.setError, failure);
    }
  };
  const leave = () => {
    release();
    navigate(listPath);
  };
  const save = (body: unknown) => saveAnd(body, {});
  return {
    guard: createElement(Fragment, null, draft.banner, guard),
    save,
    saveAnd,
    leave,
    busy: mutation.isPending,
  };
}
