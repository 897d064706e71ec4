'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { HelpBubble } from '@/components/help/HelpBubble';
import { ToastArea } from '@/components/ui/ToastArea';
import { LazyVersionModal } from '@/components/ui/LazyVersionModal';
import { useMe } from '@/lib/api/use-me';
import { nav } from '@/lib/i18n/hu/nav';
import { useAppVersionChanged } from '@/lib/ui/use-app-version-changed';
import { AlertBanner } from './AlertBanner';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import styles from './AppFrame.module.scss';

const hu = { nav };

export const MAIN_ID = 'main-content';
const PLAYER_BAR_ID = 'player-bar';
/** The custom property the page's scroll padding reads (globals.scss): the dock's height in px. */
const DOCK_HEIGHT_VAR = '--dock-height';

/**
 * Keeps DOCK_HEIGHT_VAR on <html> equal to the dock's height, which changes with the bar's notices and
 * the screen's width: the page's bottom scroll padding is made from it, so a focused element is scrolled
 * above the bar and the help bubble instead of under them.
 */
function useDockHeight() {
  const dock = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = dock.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(DOCK_HEIGHT_VAR, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(DOCK_HEIGHT_VAR);
    };
  }, []);
  return dock;
}

export function AppFrame({ children, player }: { children: ReactNode; player?: ReactNode }) {
  // Mounted for the whole session: its poll notices deploys and logouts made elsewhere.
  useMe();
  const versionChanged = useAppVersionChanged();
  const dock = useDockHeight();

  return (
    <div className={styles.frame}>
      <a href={`#${MAIN_ID}`} className={styles.skipLink}>
        {hu.nav.skipToContent}
      </a>
      {/* Sidebar and header are in the shell, without Suspense boundaries of their own: once the shell
          passes ~12.8 kB (the /channels carousel is in it, being the page's LCP), React's server
          renderer moves every finished boundary out of place and shows it only after the first paint
          (+300 ms), so the header would push the page down 64 px after it was painted. */}
      <Sidebar />
      <div className={styles.column}>
        <Header />
        <AlertBanner />
        <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
          {children}
        </main>
        {/* The bottom player bar, and the help bubble standing on its top edge (never over its controls). */}
        <div className={styles.dock} ref={dock}>
          <div className={styles.helpLayer}>
            <HelpBubble playerBarId={PLAYER_BAR_ID} />
          </div>
          <div id={PLAYER_BAR_ID} className={styles.playerSlot}>
            {player}
          </div>
        </div>
      </div>
      <ToastArea />
      {versionChanged && <LazyVersionModal open />}
    </div>
  );
}
