'use client';

import { Suspense, type ReactNode } from 'react';
import { ToastArea } from '@/components/ui/ToastArea';
import { LazyVersionModal } from '@/components/ui/LazyVersionModal';
import { useMe } from '@/lib/api/use-me';
import { hu } from '@/lib/i18n/hu';
import { useAppVersionChanged } from '@/lib/ui/use-app-version-changed';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import styles from './AppFrame.module.scss';

export const MAIN_ID = 'main-content';

export function AppFrame({ children, player }: { children: ReactNode; player?: ReactNode }) {
  // Mounted for the whole session: its poll notices deploys and logouts made elsewhere.
  useMe();
  const versionChanged = useAppVersionChanged();

  return (
    <div className={styles.frame}>
      <a href={`#${MAIN_ID}`} className={styles.skipLink}>
        {hu.nav.skipToContent}
      </a>
      {/* Boundaries split hydration into slices the browser can interleave with input (nothing suspends). */}
      <Suspense>
        <Sidebar />
      </Suspense>
      <div className={styles.column}>
        <Suspense>
          <Header />
        </Suspense>
        <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
          {children}
        </main>
        {/* Reserved for the bottom player bar, which the player feature mounts here. */}
        <div id="player-bar" className={styles.playerSlot}>
          {player}
        </div>
      </div>
      <ToastArea />
      {versionChanged && <LazyVersionModal open />}
    </div>
  );
}
