import { showToast } from '../../../lib/toasts';

/** Copies a URL and says so ("Copied"). */
export async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast('Copied', text);
  } catch {
    showToast('Error', 'Could not copy to the clipboard', 'destructive');
  }
}
