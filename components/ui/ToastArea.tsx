'use client';

import { useAtomValue } from 'jotai';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { toastsAtom } from '@/lib/ui/toast';
import styles from './ToastArea.module.scss';

const hu = { toast: huToast };

/** Always mounted, so screen readers already watch the live region when a toast arrives. */
export function ToastArea() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className={styles.area} role="status" aria-live="polite" aria-label={hu.toast.regionLabel}>
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-testid="toast">
          {toast.message}
        </div>
      ))}
    </div>
  );
}
