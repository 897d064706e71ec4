'use client';

import { useAlerts } from '@/lib/api/alerts';
import { useShopTimeZone } from '@/lib/api/use-shop-time-zone';
import { formatAlertTime } from '@/lib/format/alert';
import { alerts as huAlerts } from '@/lib/i18n/hu/alerts';
import styles from './AlertBanner.module.scss';

const hu = { alerts: huAlerts };

/**
 * An open 'offline', 'blocked' or 'stalled' alert above every page of every device of the shop,
 * until it closes (the server's `open` list; the realtime events change it within seconds).
 */
export function AlertBanner() {
  const { page } = useAlerts();
  const zone = useShopTimeZone();
  const open = page?.open ?? [];
  return (
    <div className={styles.slot} role="alert">
      {open.map((alert) => (
        <div key={alert.id} className={styles.banner} data-alert-kind={alert.kind}>
          <strong className={styles.title}>{alert.title}</strong>
          <span className={styles.body}>
            {alert.body}{' '}
            <span className={styles.since}>({hu.alerts.since(formatAlertTime(alert.started_at, zone))})</span>
          </span>
        </div>
      ))}
    </div>
  );
}
