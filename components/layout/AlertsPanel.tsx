'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { Alert, AlertsPage } from '@/contracts/alerts';
import { alertsApi, markAllAlertsRead } from '@/lib/api/alerts';
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
 * What the bell's list shows (AlertsBell keeps the list's region, open or hidden): its own chunk,
 * fetched after the page's load or when the pointer or focus reaches the bell, so a page's first
 * load does not carry it (issue 42, own JS).
 */
export function AlertsPanel({ page, now, onClose }: { page: AlertsPage; now: number; onClose: () => void }) {
  const zone = useShopTimeZone();
  const [busy, setBusy] = useState(false);
  const older = useOlderAlerts(page.data, page.last_page);
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
    <>
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
        <Link href={REPORTS_HREF} className={styles.reportLink} onClick={onClose}>
          {hu.alerts.weeklyReport}
        </Link>
      </div>
    </>
  );
}
