'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { BellIcon } from '@/components/ui/icons';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/components/ui/lazy';
import { useAlerts } from '@/lib/api/alerts';
import { alerts as huAlerts } from '@/lib/i18n/hu/alerts';
import styles from './AlertsBell.module.scss';

const hu = { alerts: huAlerts };

/**
 * The list's rows, paging and buttons (AlertsPanel.tsx): fetched once the page has loaded, and at
 * once when the pointer or focus reaches the bell; mounted at the first opening and kept after it.
 */
const LazyAlertsPanel = lazyComponent(() => import('./AlertsPanel').then((m) => m.AlertsPanel));

/** The clock the list's 'how long' is read on: set when the list opens, ticking while it is open. */
function useListNow(active: boolean): [number, () => void] {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [active]);
  return [now, () => setNow(Date.now())];
}

/**
 * The header's bell 'Értesítések': the unread count, and on a press the shop's latest alerts (newest
 * first) with 'Összes olvasottnak jelölése' and a link to the weekly report. Shown only when the API
 * has alerts (a Laravel API answers 404).
 */
export function AlertsBell() {
  const { page, supported } = useAlerts();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [now, resetNow] = useListNow(open);
  const opened = useOpenedOnce(open);

  // A press outside or Escape closes the list (Escape gives the focus back to the bell).
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (supported !== true || !page) return null;
  const unread = page.unread;

  return (
    <div className={styles.root} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.bell}
        aria-label={unread > 0 ? `${hu.alerts.bell}, ${hu.alerts.unread(unread)}` : hu.alerts.bell}
        aria-expanded={open}
        aria-controls={panelId}
        {...preloadOnIntent(LazyAlertsPanel)}
        onClick={() => {
          resetNow();
          setOpen((o) => !o);
        }}
      >
        <BellIcon size={24} />
        {unread > 0 ? (
          <span className={styles.count} data-unread={unread} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open} role="region" aria-label={hu.alerts.listTitle}>
        {opened ? <LazyAlertsPanel page={page} now={now} onClose={() => setOpen(false)} /> : null}
      </div>
    </div>
  );
}
