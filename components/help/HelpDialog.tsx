'use client';

import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { form } from '@/lib/i18n/hu/form';
import { HelpPanel, type HelpView } from './HelpPanel';
import styles from './Help.module.scss';

const hu = { form };

interface Props {
  id: string;
  /** The bubble that opened it: pressing it is not a press outside (it closes the panel itself). */
  bubble: RefObject<HTMLButtonElement | null>;
  /** The player bar: using it leaves the panel open (music can be paused while reading). */
  playerBarId: string;
  view: HelpView;
  onViewChange: (view: HelpView) => void;
  /** `refocus`: give focus back to the bubble (Escape, the close button, a followed link). */
  onClose: (refocus: boolean) => void;
}

/**
 * The help panel, open: Radix's non-modal Dialog beside the bubble (HelpBubble loads it on the first
 * use), so the page and the player stay usable. Focus goes to the title; Escape or the close button
 * closes it and focus returns to the bubble; a press or focus outside it (but in the player bar or on
 * the bubble) closes it and leaves focus where it went. Rendered in place (the bubble's dock), not
 * portalled.
 */
export function HelpDialog({ id, bubble, playerBarId, view, onViewChange, onClose }: Props) {
  const kept = (target: EventTarget | null) =>
    target instanceof Node &&
    Boolean(bubble.current?.contains(target) || document.getElementById(playerBarId)?.contains(target));

  return (
    <Dialog.Root open modal={false}>
      <Dialog.Content
        id={id}
        className={styles.panel}
        aria-describedby={undefined}
        onOpenAutoFocus={(event) => {
          // The title first: a screen reader says where it is, and the topics may still be loading.
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-help-title]')?.focus();
        }}
        // Focus is placed by onClose (the bubble) or stays where the reader moved it.
        onCloseAutoFocus={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => {
          event.preventDefault();
          onClose(true);
        }}
        onInteractOutside={(event) => {
          event.preventDefault();
          if (!kept(event.target)) onClose(false);
        }}
      >
        <HelpPanel view={view} onViewChange={onViewChange} onLeave={() => onClose(true)} />
        <button type="button" className={styles.close} aria-label={hu.form.close} onClick={() => onClose(true)}>
          <CloseIcon />
        </button>
      </Dialog.Content>
    </Dialog.Root>
  );
}
