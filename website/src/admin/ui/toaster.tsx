import { Toast } from '../../lib/toast';
import { dismissToast, useToast } from '../../lib/toasts';

/** The admin's toasts: one at a time, the same store and live region as the account area. */
export function Toaster() {
  const toast = useToast((state) => state.toast);
  return <Toast toast={toast} onDismiss={dismissToast} />;
}
