'use client';

import type { Alert, WeeklyReportDay, WeeklyReportSpot } from '@/contracts/alerts';
import { DataTable, type Column } from '@/components/ui/DataTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { usableTimeZone } from '@/contracts/time/zones';
import { useShopTimeZone } from '@/lib/api/use-shop-time-zone';
import { wallClockIn } from '@/contracts/time/wall-clock';
import { formatDate } from '@/lib/format/date';
import { reports } from '@/lib/i18n/hu/reports';
import styles from './WeeklyReport.module.scss';

const hu = { reports };
const dayName = (index: number) => hu.reports.weekdays[index] ?? '';

const DAY_COLUMNS: readonly Column<WeeklyReportDay & { index: number }>[] = [
  {
    key: 'day',
    header: hu.reports.day,
    primary: true,
    cell: (d) => `${dayName(d.index)}, ${formatDate(d.date)}`,
  },
  {
    key: 'open',
    header: hu.reports.open,
    cell: (d) => hu.reports.hoursMinutes(d.open_minutes),
    align: 'end',
    width: '8rem',
  },
  {
    key: 'heard',
    header: hu.reports.heard,
    cell: (d) => hu.reports.hoursMinutes(d.heard_minutes),
    align: 'end',
    width: '9rem',
  },
  {
    key: 'share',
    header: hu.reports.share,
    cell: (d) => hu.reports.percent(d.heard_minutes, d.open_minutes),
    align: 'end',
    width: '6rem',
  },
  {
    key: 'silence',
    header: hu.reports.longestSilence,
    cell: (d) => hu.reports.hoursMinutes(d.longest_silence_minutes),
    align: 'end',
    width: '10rem',
  },
];

/** The days as a table: the charts' figures, readable row by row (and as cards on a phone). */
export function DaysTable({ days }: { days: readonly WeeklyReportDay[] }) {
  return (
    <DataTable
      rows={days.map((d, index) => ({ ...d, index }))}
      columns={DAY_COLUMNS}
      rowKey={(d) => d.date}
      caption={hu.reports.daysHeading}
    />
  );
}

const SPOT_COLUMNS: readonly Column<WeeklyReportSpot>[] = [
  { key: 'name', header: hu.reports.spot, primary: true, cell: (s) => s.name, sortValue: (s) => s.name },
  {
    key: 'planned',
    header: hu.reports.planned,
    cell: (s) => s.planned,
    sortValue: (s) => s.planned,
    align: 'end',
    width: '8rem',
  },
  {
    key: 'aired',
    header: hu.reports.aired,
    cell: (s) => (s.aired < s.planned ? <strong className={styles.short}>{s.aired}</strong> : s.aired),
    sortValue: (s) => s.aired,
    align: 'end',
    width: '8rem',
  },
  {
    key: 'completed',
    header: hu.reports.completed,
    cell: (s) => (s.completed === undefined ? '–' : s.completed),
    sortValue: (s) => s.completed ?? 0,
    align: 'end',
    width: '8rem',
  },
];

/** Each spot's plays against its planned fires; fewer plays than planned stand out. */
export function SpotsTable({ spots }: { spots: readonly WeeklyReportSpot[] }) {
  return (
    <DataTable
      rows={spots}
      columns={SPOT_COLUMNS}
      rowKey={(s) => s.id}
      caption={hu.reports.spotsHeading}
      empty={<EmptyState compact title={hu.reports.spotsEmpty} />}
    />
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The week's alerts, oldest first, at the shop's wall-clock time. */
export function WeekAlerts({ alerts }: { alerts: readonly Alert[] }) {
  const timeZone = usableTimeZone(useShopTimeZone());
  if (!alerts.length) return <EmptyState compact title={hu.reports.alertsEmpty} />;
  const at = (iso: string) => {
    const w = wallClockIn(Date.parse(iso), timeZone);
    return `${formatDate(w.dateKey)} ${pad(w.hour)}:${pad(w.minute)}`;
  };
  return (
    <ul className={styles.alerts}>
      {alerts.map((a) => (
        <li key={a.id} className={styles.alert}>
          <span className={styles.alertTitle}>{a.title}</span>
          <span className={styles.alertWhen}>
            {a.kind === 'spot_missed'
              ? // An event, not a state: its day and the minutes it missed.
                `${formatDate(wallClockIn(Date.parse(a.started_at), timeZone).dateKey)} ${a.minutes?.join(', ') ?? ''}`
              : `${at(a.started_at)} – ${a.closed_at ? at(a.closed_at) : hu.reports.stillOpen}`}
          </span>
          {a.closed_at && a.kind !== 'spot_missed' ? <span className={styles.solved}>{hu.reports.solved}</span> : null}
        </li>
      ))}
    </ul>
  );
}
