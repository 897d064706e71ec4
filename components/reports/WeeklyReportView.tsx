import Form from 'next/form';
import type { WeeklyReport } from '@/contracts/alerts';
import { parseIsoWeek, shiftIsoWeek } from '@/contracts/iso-week';
import { PageHeading } from '@/components/layout/PageHeading';
import { EmptyState } from '@/components/ui/EmptyState';
import { IntentLink } from '@/components/ui/IntentLink';
import { TextField } from '@/components/ui/TextField';
import { formatDate } from '@/lib/format/date';
import { reports } from '@/lib/i18n/hu/reports';
import buttons from '@/components/mixer/buttons.module.scss';
import { ChartAxis, ChartLegend, DayChart } from './DayChart';
import { DaysTable, SpotsTable, WeekAlerts } from './ReportTables';
import styles from './WeeklyReport.module.scss';

const hu = { reports };

export const REPORTS_PATH = '/reports';
const weekHref = (week: string) => `${REPORTS_PATH}?week=${encodeURIComponent(week)}`;

/** The heading with the CSV download beside it (under it on a phone). */
function Top({ csv }: { csv: string | null }) {
  return (
    <div className={styles.top}>
      <PageHeading>{hu.reports.heading}</PageHeading>
      {csv ? (
        <a className={buttons.secondary} href={csv} download>
          {hu.reports.csv}
        </a>
      ) : null}
    </div>
  );
}

/**
 * The week picker: the previous and next week, and any week by its number. A plain GET form
 * (`next/form` navigates without a full load when the page's script runs), so the page and its
 * charts are drawn on the server for the week in the address.
 */
function WeekPicker({ week, current, error }: { week: string | null; current: string | null; error?: string }) {
  const shown = week ? parseIsoWeek(week) : null;
  const previous = shown ? shiftIsoWeek(shown, -1).week : null;
  const next = shown && current && shown.week < current ? shiftIsoWeek(shown, 1).week : null;
  return (
    <nav className={styles.picker} aria-label={hu.reports.pickerLabel}>
      {previous ? (
        <IntentLink className={buttons.secondary} href={weekHref(previous)}>
          {hu.reports.previous}
        </IntentLink>
      ) : null}
      <Form action={REPORTS_PATH} className={styles.pickerForm}>
        <TextField
          name="week"
          label={hu.reports.weekLabel}
          type="week"
          defaultValue={shown?.week ?? ''}
          max={current ?? undefined}
          required
          pattern="\d{4}-W\d{2}"
          placeholder="2026-W48"
          error={error}
        />
        <button type="submit" className={buttons.secondary}>
          {hu.reports.show}
        </button>
      </Form>
      {next ? (
        <IntentLink className={buttons.secondary} href={weekHref(next)}>
          {hu.reports.next}
        </IntentLink>
      ) : null}
    </nav>
  );
}

function Summary({ report }: { report: WeeklyReport }) {
  const open = report.days.reduce((s, d) => s + d.open_minutes, 0);
  const heard = report.days.reduce((s, d) => s + d.heard_minutes, 0);
  const longest = Math.max(0, ...report.days.map((d) => d.longest_silence_minutes));
  return (
    <dl className={styles.summary} aria-label={hu.reports.summaryLabel}>
      <div>
        <dt>{hu.reports.open}</dt>
        <dd>{hu.reports.hoursMinutes(open)}</dd>
      </div>
      <div>
        <dt>{hu.reports.heard}</dt>
        <dd>
          {hu.reports.hoursMinutes(heard)} <span className={styles.muted}>({hu.reports.percent(heard, open)})</span>
        </dd>
      </div>
      <div>
        <dt>{hu.reports.longestSilence}</dt>
        <dd>{hu.reports.hoursMinutes(longest)}</dd>
      </div>
    </dl>
  );
}

/** 'Heti jelentés' for one week: the summary, a chart per day, the days, the spots, the alerts. */
export function WeeklyReportView({ report }: { report: WeeklyReport }) {
  const current = report.current_week ?? null;
  const csv = `/api/reports/weekly?week=${encodeURIComponent(report.week)}&format=csv`;
  return (
    <>
      <Top csv={csv} />
      <p className={styles.intro}>{hu.reports.intro}</p>
      <WeekPicker week={report.week} current={current} />
      <h2 className={styles.weekTitle}>{hu.reports.weekTitle(report.week, report.from, report.to)}</h2>
      {report.hours_set === false ? (
        <p className={styles.note}>
          {hu.reports.noHours} <IntentLink href="/settings">{hu.reports.setHours}</IntentLink>
        </p>
      ) : null}
      <Summary report={report} />

      <section className={styles.section} aria-labelledby="report-charts">
        <h2 id="report-charts" className={styles.heading}>
          {hu.reports.chartsHeading}
        </h2>
        <ChartLegend
          items={{
            heard: hu.reports.heard,
            silence: hu.reports.silence,
            heardClosed: hu.reports.heardClosed,
            closed: hu.reports.closedDay,
          }}
        />
        <ol className={styles.days}>
          {report.days.map((d, i) => {
            const name = hu.reports.weekdays[i] ?? '';
            return (
              <li key={d.date} className={styles.day}>
                <div className={styles.dayHead}>
                  <span className={styles.dayName}>
                    {name} <span className={styles.muted}>{formatDate(d.date)}</span>
                  </span>
                  <span className={styles.dayFigures}>
                    {d.open_minutes === 0 && d.heard_minutes === 0
                      ? hu.reports.closedDay
                      : `${hu.reports.heard}: ${hu.reports.hoursMinutes(d.heard_minutes)} / ${hu.reports.hoursMinutes(d.open_minutes)}`}
                  </span>
                </div>
                <DayChart
                  day={d}
                  label={hu.reports.chartLabel(
                    `${name}, ${formatDate(d.date)}`,
                    hu.reports.hoursMinutes(d.open_minutes),
                    hu.reports.hoursMinutes(d.heard_minutes),
                    hu.reports.hoursMinutes(d.longest_silence_minutes),
                  )}
                />
              </li>
            );
          })}
        </ol>
        <ChartAxis />
      </section>

      <section className={styles.section} aria-labelledby="report-days">
        <h2 id="report-days" className={styles.heading}>
          {hu.reports.daysHeading}
        </h2>
        <DaysTable days={report.days} />
      </section>

      <section className={styles.section} aria-labelledby="report-spots">
        <h2 id="report-spots" className={styles.heading}>
          {hu.reports.spotsHeading}
        </h2>
        <SpotsTable spots={report.spots} />
      </section>

      <section className={styles.section} aria-labelledby="report-alerts">
        <h2 id="report-alerts" className={styles.heading}>
          {hu.reports.alertsHeading}
        </h2>
        <WeekAlerts alerts={report.alerts} />
      </section>
    </>
  );
}

/** A week in the address that does not exist or has not begun: the picker with the message, and the way to this week. */
export function WeeklyReportBadWeek() {
  return (
    <>
      <Top csv={null} />
      <WeekPicker week={null} current={null} error={hu.reports.badWeek} />
      <EmptyState tone="notice" title={hu.reports.badWeek} text={hu.reports.badWeekText}>
        <IntentLink href={REPORTS_PATH} className={buttons.secondary}>
          {hu.reports.currentWeek}
        </IntentLink>
      </EmptyState>
    </>
  );
}

/** The call failed: said plainly, with a way to ask again (a full load: the same address again). */
export function WeeklyReportFailed({ week }: { week: string | null }) {
  return (
    <>
      <Top csv={null} />
      <EmptyState tone="notice" title={hu.reports.loadFailed}>
        <a href={week ? weekHref(week) : REPORTS_PATH} className={buttons.secondary}>
          {hu.reports.retry}
        </a>
      </EmptyState>
    </>
  );
}

/** An API without the weekly report (a Laravel one): it says so, with the way to the play log. */
export function WeeklyReportUnavailable() {
  return (
    <>
      <Top csv={null} />
      <EmptyState tone="notice" title={hu.reports.unavailableTitle} text={hu.reports.unavailableText}>
        <IntentLink href="/mixer/play-log" className={buttons.secondary}>
          {hu.reports.backToLog}
        </IntentLink>
      </EmptyState>
    </>
  );
}
