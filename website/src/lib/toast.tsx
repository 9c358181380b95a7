import { useEffect, useRef } from 'react';

export interface ToastMessage {
  /** Changes with every toast, so a repeated message restarts its timer. */
  key: number;
  title: string;
  description: string;
  tone: 'success' | 'destructive';
  /** A button in the toast ("Undo"): runs once, then the toast goes. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  run(): void;
}

const TOAST_MS = 5000;

/**
 * One toast at a time, in a live region that is always in the page (so screen readers announce what
 * appears in it). It dismisses itself after 5 s, but waits while the pointer or focus is on it.
 */
export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  const held = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    if (!toast) return;
    held.current = false;
    // Reading a toast (pointer on it) or reaching its button (focus in it) holds the timer.
    const element = box.current;
    const hold = () => {
      held.current = true;
    };
    const release = () => {
      held.current = false;
    };
    const events = [
      ['mouseenter', hold],
      ['mouseleave', release],
      ['focusin', hold],
      ['focusout', release],
    ] as const;
    for (const [name, handler] of events) element?.addEventListener(name, handler);
    let left = TOAST_MS;
    const tick = 250;
    const timer = window.setInterval(() => {
      if (held.current) return;
      left -= tick;
      if (left <= 0) dismiss.current();
    }, tick);
    return () => {
      window.clearInterval(timer);
      for (const [name, handler] of events) element?.removeEventListener(name, handler);
    };
  }, [toast]);

  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {toast && (
        <div key={toast.key} ref={box} className={`toast toast--${toast.tone}`}>
          <span className="toast__icon" aria-hidden="true">
            {toast.tone === 'success' ? (
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 7v6M12 16.5v.5" />
              </svg>
            )}
          </span>
          <div className="toast__body">
            <p className="toast__title">{toast.title}</p>
            <p className="toast__text">{toast.description}</p>
          </div>
          {toast.action && (
            <button
              type="button"
              className="toast__action"
              onClick={() => {
                onDismiss();
                toast.action?.run();
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss notification"
            onClick={onDismiss}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
