'use client';

import type { ReactNode } from 'react';
import { form } from '@/lib/i18n/hu/form';
import { CloseIcon } from './icons';
import { Modal } from './Modal';
import styles from './DialogFrame.module.scss';

const hu = { form };

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The line under the title; without it the title describes the dialog too. */
  description?: ReactNode;
  children: ReactNode;
  /** Focus the dialog itself on open, not its first field (see `Modal`). */
  focusDialog?: boolean;
  className?: string;
}

/**
 * The one modal frame (`Modal`): overlay, a centred card that fits a phone, title, hint and the close
 * button. Forms (`ModalForm`) and pickers (the playlist modal) put their body in it.
 */
export function DialogFrame({ open, onOpenChange, title, description, children, focusDialog, className }: Props) {
  return (
    <Modal
      open={open}
      onDismiss={() => onOpenChange(false)}
      title={title}
      titleClassName={styles.title}
      description={description}
      descriptionClassName={styles.hint}
      className={className ? `${styles.content} ${className}` : styles.content}
      overlayClassName={styles.overlay}
      focusDialog={focusDialog}
    >
      {children}
      <button type="button" className={styles.close} aria-label={hu.form.close} onClick={() => onOpenChange(false)}>
        <CloseIcon />
      </button>
    </Modal>
  );
}
