import { useEffect, useState } from 'react';
import { takeFlash } from '../../lib/flash';
import { Toast, type ToastMessage } from '../../lib/toast';
import '../styles/forms.css';

/** Shows the toast a previous page left for this one, if any (after hydration: the server never has one). */
export function FlashToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  useEffect(() => {
    const flash = takeFlash();
    if (flash) setToast({ ...flash, key: Date.now() });
  }, []);
  // No flash, no live region: the page keeps one status region of its own (the blog's filter line).
  return toast ? <Toast toast={toast} onDismiss={() => setToast(null)} /> : null;
}
