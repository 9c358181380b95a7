import type { ToastMessage } from './toast';

const KEY = 'atelier_flash';

export type Flash = Omit<ToastMessage, 'key'>;

/**
 * A toast carried across a full page load ("Logged out successfully" shown on the home page the user lands
 * on): kept in sessionStorage, shown and removed by the next page.
 */
export function leaveFlash(flash: Flash): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // Storage refused (private mode, quota): the toast is lost, nothing else.
  }
}

/** Whether a toast waits for this page, left where it is. */
export function hasFlash(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

export function takeFlash(): Flash | null {
  try {
    const saved = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return saved ? (JSON.parse(saved) as Flash) : null;
  } catch {
    return null;
  }
}
