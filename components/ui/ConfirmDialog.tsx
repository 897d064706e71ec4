'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { useReturnFocus } from '@/lib/ui/use-return-focus';
import { usePortalContainer } from './portal-container';
import styles from './ConfirmDialog.module.scss';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The dialog stays open (buttons disabled) until this settles, then closes. */
  onConfirm: () => Promise<void> | void;
  /** Red confirm button, for what cannot be undone. */
  danger?: boolean;
}

/**
 * The one confirm dialog. Focus starts on the safe choice ('Mégse'), so a hurried Enter never
 * destroys anything; Escape and a click outside cancel.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  danger = false,
}: Props) {
  const [busy, setBusy] = useState(false);
  const returnFocus = useReturnFocus(open);
  const container = usePortalContainer();

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onOpenChange(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} onCloseAutoFocus={returnFocus}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className={styles.text}>{description}</Dialog.Description>
          ) : (
            <Dialog.Description className={styles.hidden}>{title}</Dialog.Description>
          )}
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <button type="button" className={styles.cancel} disabled={busy} autoFocus>
                {cancelLabel}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={danger ? styles.danger : styles.confirm}
              disabled={busy}
              onClick={() => void confirm()}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
