import type { WeeklyReportDay } from '@/contracts/alerts';
import styles from './WeeklyReport.module.scss';

/**
 * One day's chart, drawn on the server as SVG (no chart code reaches the browser): the shop's
 * wall-clock day from 0 to 24 h, its open time where nothing was heard (silence), the time heard
 * while open, and what was heard while closed. Colours are the legend's (`ChartLegend`), told apart
 * by lightness and the silence's hatching too, not by hue alone. The figures are in its label and
 * in the table of days below, so a screen reader reads them there.
 */

type Span = readonly [number, number];
const DAY = 1440;
const HEIGHT = 24;

/** Where two ascending lists of [from, to) spans overlap. */
function overlap(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const from = Math.max(a[i]![0], b[j]![0]);
    const to = Math.min(a[i]![1], b[j]![1]);
    if (to > from) out.push([from, to]);
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return out;
}

const bars = (spans: readonly Span[], className: string) =>
  spans.map(([from, to]) => (
    <rect
      key={`${className}-${from}`}
      className={className}
      x={from}
      y={0}
      width={Math.max(to - from, 1)}
      height={HEIGHT}
    />
  ));

export function DayChart({ day, label }: { day: WeeklyReportDay; label: string }) {
  const open = day.open_spans ?? [];
  const heard = day.heard_spans ?? [];
  const heardOpen = overlap(open, heard);
  // One pattern per chart: ids are the document's, and seven charts share the page.
  const hatch = `silence-${day.date}`;
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${DAY} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      focusable="false"
    >
      <defs>
        <pattern id={hatch} width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="12" height="12" className={styles.silence} />
          <line x1="0" y1="0" x2="0" y2="12" className={styles.hatch} />
        </pattern>
      </defs>
      <rect className={styles.closed} x={0} y={0} width={DAY} height={HEIGHT} />
      {bars(heard, styles.heardClosed!)}
      {open.map(([from, to]) => (
        <rect
          key={`open-${from}`}
          fill={`url(#${hatch})`}
          x={from}
          y={0}
          width={Math.max(to - from, 1)}
          height={HEIGHT}
        />
      ))}
      {bars(heardOpen, styles.heard!)}
      {[360, 720, 1080].map((m) => (
        <line key={m} className={styles.tick} x1={m} x2={m} y1={0} y2={HEIGHT} vectorEffect="non-scaling-stroke" />
      ))}
    </svg>
  );
}

/** What the charts' colours mean, and the hours under them. */
export function ChartLegend({
  items,
}: {
  items: { heard: string; silence: string; heardClosed: string; closed: string };
}) {
  return (
    <ul className={styles.legend}>
      <li>
        <span className={`${styles.swatch} ${styles.swatchHeard}`} aria-hidden="true" />
        {items.heard}
      </li>
      <li>
        <span className={`${styles.swatch} ${styles.swatchSilence}`} aria-hidden="true" />
        {items.silence}
      </li>
      <li>
        <span className={`${styles.swatch} ${styles.swatchHeardClosed}`} aria-hidden="true" />
        {items.heardClosed}
      </li>
      <li>
        <span className={`${styles.swatch} ${styles.swatchClosed}`} aria-hidden="true" />
        {items.closed}
      </li>
    </ul>
  );
}

/** 0, 6, 12, 18 and 24 h under the charts. */
export function ChartAxis() {
  return (
    <div className={styles.axis} aria-hidden="true">
      {[0, 6, 12, 18, 24].map((h) => (
        <span key={h} style={{ left: `${(h / 24) * 100}%` }}>
          {h}
        </span>
      ))}
    </div>
  );
}
