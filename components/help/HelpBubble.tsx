'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { form } from '@/lib/i18n/hu/form';
import { help as huHelp } from '@/lib/i18n/hu/help';
import { HelpPanel, type HelpView } from './HelpPanel';
import styles from './Help.module.scss';

const hu = { form, help: huHelp };

/** A question mark in a circle: the round button's picture; its name is 'Segítség'. */
function HelpIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
      <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.6-3 4.5" strokeLinecap="round" />
      <circle cx="12" cy="18.2" r="0.6" fill="currentColor" />
    </svg>
  );
}

interface Props {
  /**
   * Where the panel is drawn: a strip along the top edge of the player bar, so the panel always
   * stands above the bar's controls, whatever the bar's height (null until that element exists).
   */
  container: HTMLElement | null;
  /** The player bar: using it leaves the panel open (music can be paused while reading). */
  playerBarId: string;
}

/**
 * The help bubble of the main layout (SPEC.md §2): a round 'Segítség' button above the player bar's
 * right end, opening the FAQ panel beside it (a sheet over the page's width on a phone). A non-modal
 * Radix Dialog: the page and the player stay usable, Escape closes it and focus returns to the button.
 */
export function HelpBubble({ container, playerBarId }: Props) {
  const [open, setOpen] = useState(false);
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
