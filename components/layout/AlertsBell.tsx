'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import type { Alert } from '@/contracts/alerts';
import { BellIcon } from '@/components/ui/icons';
import { alertsApi, markAllAlertsRead, useAlerts } from '@/lib/api/alerts';
import { useShopTimeZone } from '@/lib/api/use-shop-time-zone';
import { alertMinutes, formatAlertTime } from '@/lib/format/alert';
import { alerts as huAlerts } from '@/lib/i18n/hu/alerts';
import { showToast } from '@/lib/ui/toast';
import { form as huForm } from '@/lib/i18n/hu/form';
import styles from './AlertsBell.module.scss';

const hu = { alerts: huAlerts, form: huForm };

/** The weekly report's page (its own feature; the bell's list links to it). */
export const REPORTS_HREF = '/reports';

/**
 * The list past its first page (20 alerts): 'Korábbi értesítések' asks for the next page and adds
 * what the first page does not already show (alerts opened since then shift the pages).
 */
function useOlderAlerts(first: Alert[], lastPage: number) {
  const [older, setOlder] = useState<Alert[]>([]);
  const [loaded, setLoaded] = useState(1);
  const [busy, setBusy] = useState(false);
  const shown = new Set(first.map((a) => a.id));
  const rows = [...first, ...older.filter((a) => !shown.has(a.id))];
  const more = async () => {
    setBusy(true);
    try {
      const next = await alertsApi.page(loaded + 1);
      setOlder((o) => {
        const known = new Set(o.map((a) => a.id));
        return [...o, ...next.data.filter((a) => !known.has(a.id))];
      });
      setLoaded(next.current_page);
    } catch {
      showToast(hu.alerts.loadFailed);
    } finally {
      setBusy(false);
    }
  };
  return { rows, hasMore: loaded < lastPage, busy, more };
}

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

function AlertRow({ alert, zone, now }: { alert: Alert; zone: string; now: number }) {
  const state = alert.kind !== 'recovered' && alert.kind !== 'spot_missed';
  return (
    <li className={alert.read ? styles.item : `${styles.item} ${styles.unread}`} data-alert-kind={alert.kind}>
      <span className={styles.itemTitle}>
        {!alert.read ? <span className={styles.newMark}>{hu.alerts.unreadMark}</span> : null}
        {alert.title}
      </span>
      <span className={styles.itemBody}>{alert.body}</span>
      <span className={styles.itemMeta}>
        <time dateTime={alert.started_at}>{formatAlertTime(alert.started_at, zone, now)}</time>
        {state ? (
          <>
            <span aria-hidden="true"> · </span>
            <span>{hu.alerts.duration(alertMinutes(alert.started_at, alert.closed_at, now))}</span>
            <span aria-hidden="true"> · </span>
            {alert.closed_at ? (
              <span className={styles.resolved}>{hu.alerts.resolved}</span>
            ) : (
              <span className={styles.ongoing}>{hu.alerts.ongoing}</span>
            )}
          </>
        ) : null}
      </span>
    </li>
  );
}

/**
 * The header's bell 'Értesítések': the unread count, and on a press the shop's latest alerts (newest
 * first) with 'Összes olvasottnak jelölése' and a link to the weekly report. Shown only when the API
 * has alerts (a Laravel API answers 404).
 */
export function AlertsBell() {
  const { page, supported } = useAlerts();
  const zone = useShopTimeZone();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [now, resetNow] = useListNow(open);
  const older = useOlderAlerts(page?.data ?? [], page?.last_page ?? 1);

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

  const readAll = async () => {
    setBusy(true);
    try {
      await markAllAlertsRead();
    } catch {
      showToast(hu.form.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.root} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.bell}
        aria-label={unread > 0 ? `${hu.alerts.bell}, ${hu.alerts.unread(unread)}` : hu.alerts.bell}
        aria-expanded={open}
        aria-controls={panelId}
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
        <div className={styles.panelHead}>
          <h2 className={styles.panelTitle}>{hu.alerts.listTitle}</h2>
          <button
            type="button"
            className={styles.textButton}
            disabled={busy || unread === 0}
            onClick={() => void readAll()}
          >
            {hu.alerts.markAllRead}
          </button>
        </div>
        {page.data.length === 0 ? (
          <p className={styles.empty}>{hu.alerts.empty}</p>
        ) : (
          <ol className={styles.list}>
            {older.rows.map((alert) => (
              <AlertRow key={alert.id} alert={alert} zone={zone} now={now} />
            ))}
          </ol>
        )}
        {older.hasMore ? (
          <button type="button" className={styles.textButton} disabled={older.busy} onClick={() => void older.more()}>
            {hu.alerts.older}
          </button>
        ) : null}
        <div className={styles.panelFoot}>
          <Link href={REPORTS_HREF} className={styles.reportLink} onClick={() => setOpen(false)}>
            {hu.alerts.weeklyReport}
          </Link>
        </div>
      </div>
    </div>
  );
}
