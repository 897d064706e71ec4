'use client';

import { useCallback, useState, type ComponentType } from 'react';
import { help as huHelp } from '@/lib/i18n/hu/help';
import type { HelpDialog } from './HelpDialog';
import styles from './Help.module.scss';

const hu = { help: huHelp };

/** A question mark in a circle: the round button's picture; its name is 'Segítség'. */
export function HelpIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
      <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.6-3 4.5" strokeLinecap="round" />
      <circle cx="12" cy="18.2" r="0.6" fill="currentColor" />
    </svg>
  );
}

export interface HelpBubbleProps {
  /**
   * Where the panel is drawn: a strip along the top edge of the player bar, so the panel always
   * stands above the bar's controls, whatever the bar's height (null until that element exists).
   */
  container: HTMLElement | null;
  /** The player bar: using it leaves the panel open (music can be paused while reading). */
  playerBarId: string;
}

const loadDialog = () => import('./HelpDialog');

/**
 * The help bubble of the main layout (SPEC.md §2): a round 'Segítség' button above the player bar's
 * right end, opening the FAQ panel beside it (a sheet over the page's width on a phone). Every page
 * has it and few open it, so until the first press it is this look-alike of the dialog's trigger:
 * Radix's dialog and the panel load on hover or focus and are swapped in, opened, on the press.
 */
export function HelpBubble(props: HelpBubbleProps) {
  const [Dialog, setDialog] = useState<ComponentType<Parameters<typeof HelpDialog>[0]> | null>(null);
  const warm = useCallback(() => void loadDialog(), []);
  if (Dialog) return <Dialog {...props} />;
  return (
    <button
      type="button"
      className={styles.bubble}
      aria-label={hu.help.bubble}
      title={hu.help.bubble}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      data-help-bubble=""
      onPointerEnter={warm}
      onFocus={warm}
      onClick={() => void loadDialog().then((m) => setDialog(() => m.HelpDialog))}
    >
      <HelpIcon />
    </button>
  );
}
