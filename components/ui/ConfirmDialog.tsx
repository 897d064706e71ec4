'use client';

import { useState, type ReactNode } from 'react';
import { Modal } from './Modal';
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
    <Modal
      open={open}
      onDismiss={() => !busy && onOpenChange(false)}
      title={title}
      titleClassName={styles.title}
      description={description}
      descriptionClassName={styles.text}
      className={styles.content}
      overlayClassName={styles.overlay}
    >
      <div className={styles.actions}>
        <button type="button" className={styles.cancel} disabled={busy} autoFocus onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? styles.danger : styles.confirm}
          disabled={busy}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
