'use client';

import { useEffect, useState } from 'react';
import type { PlayLogEntry, SpotDayCount } from '@/contracts/play-log';
import { DataTable, type Column } from '@/components/ui/DataTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { FormErrors } from '@/components/ui/form-errors';
import { IntentLink } from '@/components/ui/IntentLink';
import { SelectField, TextField } from '@/components/ui/TextField';
import { BrowserApiError } from '@/lib/api/fetcher';
import { exportHref, usePlayLog, useSpotCounts } from '@/lib/api/play-log';
import { formatDate, formatDateTime } from '@/lib/format/date';
import { formatClock } from '@/lib/format/duration';
import { pageHref, PLAY_LOG_TYPES, type PlayLogFilter, type PlayLogFilterType } from '@/lib/mixer/play-log';
import { errors } from '@/lib/i18n/hu/errors';
import { playLog } from '@/lib/i18n/hu/play-log';
import { reports } from '@/lib/i18n/hu/reports';
import { zones } from '@/lib/i18n/hu/zones';
import { useZoneUi } from '@/lib/api/zones';
import buttons from '../buttons.module.scss';
import { MixerHeader } from '../MixerHeader';
import styles from './PlayLogView.module.scss';

const hu = { errors, playLog, reports, zones };

const LOG_COLUMNS: readonly Column<PlayLogEntry>[] = [
  {
    key: 'time',
    header: hu.playLog.time,
    cell: (e) => formatDateTime(e.started_at, { seconds: true }),
    width: '13rem',
  },
  { key: 'type', header: hu.playLog.type, cell: (e) => hu.playLog.types[e.type], width: '7rem' },
  {
    key: 'name',
    header: hu.playLog.name,
    primary: true,
    cell: (e) =>
      e.spots?.length ? (
        <>
          {e.name}
          <span className={styles.detail}>{hu.playLog.scheduledSpots(e.spots.map((s) => s.name).join(', '))}</span>
        </>
      ) : (
        e.name
      ),
  },
  {
    key: 'heard',
    header: hu.playLog.heard,
    cell: (e) => (e.seconds === null ? '–' : formatClock(e.seconds)),
    align: 'end',
    width: '8rem',
  },
  {
    key: 'ended',
    header: hu.playLog.ended,
    cell: (e) => (e.ended === null ? '–' : e.ended ? hu.playLog.yes : hu.playLog.no),
    width: '7rem',
  },
];

/** 'Zóna' (issue 43, with more than one zone): the zone's name as it was then; a schedule's row is the shop's. */
const ZONE_COLUMN: Column<PlayLogEntry> = {
  key: 'zone',
  header: hu.zones.column,
  cell: (e) => e.zone_name ?? '–',
  width: '9rem',
};

/** The log's columns, with 'Zóna' after the type when the shop has zones. */
const LOG_COLUMNS_WITH_ZONE: readonly Column<PlayLogEntry>[] = [
  ...LOG_COLUMNS.slice(0, 2),
  ZONE_COLUMN,
  ...LOG_COLUMNS.slice(2),
];

const COUNT_COLUMNS: readonly Column<SpotDayCount>[] = [
  { key: 'day', header: hu.playLog.day, cell: (c) => formatDate(c.day), sortValue: (c) => c.day, width: '9rem' },
  { key: 'spot', header: hu.playLog.spot, cell: (c) => c.name, sortValue: (c) => c.name, primary: true },
  {
    key: 'plays',
    header: hu.playLog.plays,
    cell: (c) => c.plays,
    sortValue: (c) => c.plays,
    align: 'end',
    width: '8rem',
  },
  {
    key: 'completed',
    header: hu.playLog.completed,
    cell: (c) => c.completed,
    sortValue: (c) => c.completed,
    align: 'end',
    width: '8rem',
  },
];

/** A section whose call failed: it says so and offers to ask again; the rest of the page stays. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState tone="notice" title={hu.playLog.loadFailed}>
      <button type="button" className={buttons.secondary} onClick={onRetry}>
        {hu.errors.retry}
      </button>
    </EmptyState>
  );
}

/**
 * 'Lejátszási napló': what the shop's audio device really played (its own reports) beside what the
 * scheduler started, for a date range and a type, with the plays per spot per day (what an
 * advertiser asks for) and the CSV export. The filter lives in the address, so a link shows the same.
 */
export function PlayLogView({
  initialFilter,
  initialRange,
  weeklyReport = false,
}: {
  initialFilter: PlayLogFilter;
  initialRange: { from: string; to: string } | null;
  /** The API has the weekly report (an API without it, a Laravel one, gets no link to it). */
  weeklyReport?: boolean;
}) {
  const zoneUi = useZoneUi().length > 0;
  // The API fills in the default range; the inputs show it once known.
  const [filter, setFilter] = useState<PlayLogFilter>(() => ({
    ...initialFilter,
    from: initialFilter.from || initialRange?.from || '',
    to: initialFilter.to || initialRange?.to || '',
  }));
  const log = usePlayLog(filter);
  const counts = useSpotCounts(filter);

  useEffect(() => {
    window.history.replaceState(window.history.state, '', pageHref(filter));
  }, [filter]);

  const change = (next: Partial<PlayLogFilter>) => setFilter((f) => ({ ...f, ...next, page: next.page ?? 1 }));
  const fieldErrors = log.error instanceof BrowserApiError && log.error.status === 422 ? log.error.errors : {};
  const badRange = Object.keys(fieldErrors).length > 0;
  const page = log.data;

  return (
    <>
      <MixerHeader title={hu.playLog.heading}>
        {weeklyReport ? (
          <IntentLink className={buttons.secondary} href="/reports">
            {hu.reports.link}
          </IntentLink>
        ) : null}
        <a className={buttons.secondary} href={exportHref(filter)} download>
          {hu.playLog.export}
        </a>
      </MixerHeader>
      <p className={styles.intro}>{hu.playLog.intro}</p>

      <FormErrors value={fieldErrors}>
        <div className={styles.filters} role="group" aria-label={hu.playLog.logLabel}>
          <TextField
            name="from"
            label={hu.playLog.from}
            type="date"
            value={filter.from}
            max={filter.to || undefined}
            onChange={(e) => change({ from: e.target.value })}
          />
          <TextField
            name="to"
            label={hu.playLog.to}
            type="date"
            value={filter.to}
            min={filter.from || undefined}
            onChange={(e) => change({ to: e.target.value })}
          />
          <SelectField
            name="type"
            label={hu.playLog.type}
            value={filter.type}
            onChange={(e) => change({ type: e.target.value as PlayLogFilterType | '' })}
          >
            <option value="">{hu.playLog.allTypes}</option>
            {PLAY_LOG_TYPES.map((t) => (
              <option key={t} value={t}>
                {hu.playLog.types[t]}
              </option>
            ))}
          </SelectField>
        </div>
      </FormErrors>

      {badRange ? null : (
        <>
          <section className={styles.section} aria-labelledby="play-log-spots">
            <h2 id="play-log-spots" className={styles.heading}>
              {hu.playLog.spotsHeading}
            </h2>
            {counts.error ? (
              <LoadFailed onRetry={() => void counts.mutate()} />
            ) : counts.data ? (
              <DataTable
                rows={counts.data}
                columns={COUNT_COLUMNS}
                rowKey={(c) => `${c.day}-${c.spot_id}`}
                caption={hu.playLog.spotsLabel}
                empty={<EmptyState title={hu.playLog.spotsEmpty} />}
              />
            ) : null}
          </section>

          <section className={styles.section} aria-labelledby="play-log-entries">
            <h2 id="play-log-entries" className={styles.heading}>
              {hu.playLog.logHeading}
              {page ? <span className={styles.count}>{hu.playLog.total(page.total)}</span> : null}
            </h2>
            {log.error ? (
              <LoadFailed onRetry={() => void log.mutate()} />
            ) : page ? (
              <>
                <DataTable
                  rows={page.data}
                  columns={zoneUi ? LOG_COLUMNS_WITH_ZONE : LOG_COLUMNS}
                  rowKey={(e) => e.key}
                  caption={hu.playLog.logLabel}
                  empty={<EmptyState title={hu.playLog.empty} text={hu.playLog.emptyHint} />}
                />
                {page.last_page > 1 ? (
                  <nav className={styles.pager} aria-label={hu.playLog.logLabel}>
                    <button
                      type="button"
                      className={buttons.secondary}
                      disabled={page.current_page <= 1}
                      onClick={() => change({ page: page.current_page - 1 })}
                    >
                      {hu.playLog.previous}
                    </button>
                    <span aria-live="polite">{hu.playLog.page(page.current_page, page.last_page)}</span>
                    <button
                      type="button"
                      className={buttons.secondary}
                      disabled={page.current_page >= page.last_page}
                      onClick={() => change({ page: page.current_page + 1 })}
                    >
                      {hu.playLog.next}
                    </button>
                  </nav>
                ) : null}
              </>
            ) : null}
          </section>
        </>
      )}
    </>
  );
}
