import { Toast } from '../../lib/toast';
import { dismissToast, useToast } from '../../lib/toasts';

/** Where the account area's toasts appear. */
export function ToastHost() {
  const toast = useToast((state) => state.toast);
  return <Toast toast={toast} onDismiss={dismissToast} />;
}
