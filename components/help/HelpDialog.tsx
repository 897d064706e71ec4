'use client';

import { useEffect, useId, useRef, type RefObject } from 'react';
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
 * The help panel, open: a non-modal dialog beside the bubble (HelpBubble loads it on the first use),
 * so the page and the player stay usable. It behaves as Radix's non-modal Dialog did, without its
 * ≈11 kB gzip: focus goes to the title; Escape or the close button closes it and focus returns to the
 * bubble; a press or focus outside it (but in the player bar or on the bubble) closes it and leaves
 * focus where it went.
 */
export function HelpDialog({ id, bubble, playerBarId, view, onViewChange, onClose }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    // The title first: a screen reader says where it is, and the topics may still be loading.
    panel.current?.querySelector<HTMLElement>('[data-help-title]')?.focus();
  }, []);

  useEffect(() => {
    const kept = (target: EventTarget | null) =>
      target instanceof Node &&
      Boolean(
        panel.current?.contains(target) ||
        bubble.current?.contains(target) ||
        document.getElementById(playerBarId)?.contains(target),
      );
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose(true);
    };
    const onOutside = (event: Event) => {
      if (!kept(event.target)) onClose(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onOutside);
    // From the tick after opening: the press that opened the panel is not a press outside it.
    const listen = setTimeout(() => document.addEventListener('pointerdown', onOutside, true));
    return () => {
      clearTimeout(listen);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onOutside);
      document.removeEventListener('pointerdown', onOutside, true);
    };
  }, [bubble, playerBarId, onClose]);

  return (
    <div ref={panel} id={id} role="dialog" aria-labelledby={titleId} className={styles.panel} data-state="open">
      <HelpPanel titleId={titleId} view={view} onViewChange={onViewChange} onLeave={() => onClose(true)} />
      <button type="button" className={styles.close} aria-label={hu.form.close} onClick={() => onClose(true)}>
        <CloseIcon />
      </button>
    </div>
  );
}
