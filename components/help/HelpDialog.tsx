'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { HelpIcon, type HelpBubbleProps } from './HelpBubble';
import { form } from '@/lib/i18n/hu/form';
import { help as huHelp } from '@/lib/i18n/hu/help';
import { HelpPanel, type HelpView } from './HelpPanel';
import styles from './Help.module.scss';

const hu = { form, help: huHelp };

/**
 * The help bubble once it has been pressed (HelpBubble swaps it in, opened): a non-modal Radix
 * Dialog, so the page and the player stay usable, Escape closes it and focus returns to the button.
 */
export function HelpDialog({ container, playerBarId }: HelpBubbleProps) {
  const [open, setOpen] = useState(true);
  const [view, setView] = useState<HelpView>({ at: 'topics' });

  return (
    <Dialog.Root open={open} onOpenChange={setOpen} modal={false}>
      <Dialog.Trigger className={styles.bubble} aria-label={hu.help.bubble} title={hu.help.bubble} data-help-bubble="">
        <HelpIcon />
      </Dialog.Trigger>
      <Dialog.Portal container={container}>
        <Dialog.Content
          className={styles.panel}
          aria-describedby={undefined}
          // The title first: a screen reader says where it is, and the topics may still be loading.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-help-title]')?.focus();
          }}
          onInteractOutside={(event) => {
            const target = event.target as Element | null;
            if (target?.closest?.(`#${playerBarId}`)) event.preventDefault();
          }}
        >
          <HelpPanel view={view} onViewChange={setView} onLeave={() => setOpen(false)} />
          <Dialog.Close className={styles.close} aria-label={hu.form.close}>
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
