'use client';

import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { realtime as huRealtime } from '@/lib/i18n/hu/realtime';
import { connectionAtom } from '@/lib/realtime/atoms';
import styles from './RealtimeBadges.module.scss';

const hu = { realtime: huRealtime };

/** A first connection usually takes a moment; only a slow one is worth mentioning. */
const FIRST_CONNECT_GRACE_MS = 3_000;

/**
 * 'Kapcsolódás…' while the socket is down (or the player is being fetched again after it came
 * back), so a state that may be stale is never shown as current.
 */
export function ConnectionStatus() {
  const status = useAtomValue(connectionAtom);
  const [slow, setSlow] = useState(false);
  const [seen, setSeen] = useState(status);
  // Every change of status starts afresh; adjusted while rendering so no stale 'slow' is ever shown.
  if (seen !== status) {
    setSeen(status);
    setSlow(false);
  }

  useEffect(() => {
    if (status !== 'connecting') return;
    const timer = setTimeout(() => setSlow(true), FIRST_CONNECT_GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const show = status === 'offline' || (status === 'connecting' && slow);
  return (
    <p className={styles.connection} role="status" data-connection={status}>
      {show && (
        <span className={styles.connecting} title={hu.realtime.connectingHint}>
          <span className={styles.pulse} aria-hidden="true" />
          {hu.realtime.connecting}
        </span>
      )}
    </p>
  );
}
