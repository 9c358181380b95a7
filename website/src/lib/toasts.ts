import { create } from 'zustand';
import { type Flash, leaveFlash } from './flash';
import type { ToastAction, ToastMessage } from './toast';

/** The account area's one toast at a time (a new one replaces the last). */
export const useToast = create<{ toast: ToastMessage | null }>(() => ({ toast: null }));

let counter = 0;

export function showToast(
  title: string,
  description: string,
  tone: Flash['tone'] = 'success',
  action?: ToastAction,
): void {
  counter += 1;
  useToast.setState({ toast: { key: counter, title, description, tone, action } });
}

export const dismissToast = () => useToast.setState({ toast: null });

/** Leaves a page of the site for another with a full load, the toast following it there. */
export function goWithToast(href: string, flash: Flash): void {
  leaveFlash(flash);
  window.location.assign(href);
}
