'use client';

import { useCallback, useId, useRef, useState, type ComponentType } from 'react';
import { help as huHelp } from '@/lib/i18n/hu/help';
import type { HelpDialog } from './HelpDialog';
import type { HelpView } from './HelpPanel';
import styles from './Help.module.scss';

const hu = { help: huHelp };

/** A question mark in a circle: the round button's picture; its name is 'Segítség'. */
export function HelpIcon() {
  return (
    <svg
      width="26"
      height="26"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      aria-hidden="true"
    >
      <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.6-3 4.5" strokeLinecap="round" />
      <circle cx="12" cy="18.2" r="0.6" fill="currentColor" />
    </svg>
  );
}

export interface HelpBubbleProps {
  /** The player bar: using it leaves the panel open (music can be paused while reading). */
  playerBarId: string;
}

const loadDialog = () => import('./HelpDialog');

/**
 * The help bubble of the main layout (SPEC.md §2): a round 'Segítség' button above the player bar's
 * right end, opening the FAQ panel beside it (a sheet over the page's width on a phone). Both sit in
 * the strip along the bar's top edge (AppFrame's dock), so the panel always stands above the bar's
 * controls. Every page has the bubble and few open it: the panel's code loads on hover or focus, or
 * on the first press. The reader's place (topic, answer) stays while the panel is closed.
 */
export function HelpBubble({ playerBarId }: HelpBubbleProps) {
  const [Panel, setPanel] = useState<ComponentType<Parameters<typeof HelpDialog>[0]> | null>(null);
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<HelpView>({ at: 'topics' });
  const bubble = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const warm = useCallback(() => void loadDialog(), []);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) bubble.current?.focus();
  }, []);

  const toggle = () => {
    if (open) return close(false);
    void loadDialog().then((m) => {
      setPanel(() => m.HelpDialog);
      setOpen(true);
    });
  };

  return (
    <>
      <button
        ref={bubble}
        type="button"
        className={styles.bubble}
        aria-label={hu.help.bubble}
        title={hu.help.bubble}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-state={open ? 'open' : 'closed'}
        data-help-bubble=""
        onPointerEnter={warm}
        onFocus={warm}
        onClick={toggle}
      >
        <HelpIcon />
      </button>
      {open && Panel ? (
        <Panel
          id={panelId}
          bubble={bubble}
          playerBarId={playerBarId}
          view={view}
          onViewChange={setView}
          onClose={close}
        />
      ) : null}
    </>
  );
}
