import { dismissToast, useToast } from '../../lib/toasts';
import { Toast } from '../../public/components/Toast';

/** Where the account area's toasts appear. */
export function ToastHost() {
  const toast = useToast((state) => state.toast);
  return <Toast toast={toast} onDismiss={dismissToast} />;
}
