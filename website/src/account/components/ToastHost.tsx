import { Toast } from '../../public/components/Toast';
import { dismissToast, useToast } from '../toasts';

/** Where the account area's toasts appear. */
export function ToastHost() {
  const toast = useToast((state) => state.toast);
  return <Toast toast={toast} onDismiss={dismissToast} />;
}
