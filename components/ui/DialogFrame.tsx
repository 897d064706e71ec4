'use client';

import * as Dialog from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { useReturnFocus } from '@/lib/ui/use-return-focus';
import { usePortalContainer } from './portal-container';
import { form } from '@/lib/i18n/hu/form';
import { CloseIcon } from './icons';
import styles from './DialogFrame.module.scss';

const hu = { form };

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The line under the title; without it the title describes the dialog too. */
  description?: ReactNode;
  children: ReactNode;
  /** Where focus goes on open (Radix's default: the first focusable element). */
  onOpenAutoFocus?: ComponentProps<typeof Dialog.Content>['onOpenAutoFocus'];
  className?: string;
}

/**
 * The one modal frame (Radix Dialog): overlay, a centred card that fits a phone, title, hint and
 * the close button. Forms (`ModalForm`) and pickers (the playlist modal) put their body in it.
 */
export function DialogFrame({ open, onOpenChange, title, description, children, onOpenAutoFocus, className }: Props) {
  const returnFocus = useReturnFocus(open);
  const container = usePortalContainer();

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={className ? `${styles.content} ${className}` : styles.content}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description ? <Dialog.Description className={styles.hint}>{description}</Dialog.Description> : null}
          {children}
          <Dialog.Close asChild>
            <button type="button" className={styles.close} aria-label={hu.form.close}>
              <CloseIcon />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
