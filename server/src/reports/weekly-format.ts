/**
 * The weekly report as a CSV for a Hungarian Excel (as the play log's export: UTF-8 with a BOM, `;`
 * between fields, decimal comma, formula-safe fields) and as the Monday mail ('Heti összesítő').
 */
import type { WeeklyReport } from '../../../contracts/alerts';
import { csvField } from '../http/csv';
import { isoWithOffset } from '../../../contracts/time';
import { weekTotals } from './weekly';

const WEEKDAYS = ['hétfő', 'kedd', 'szerda', 'csütörtök', 'péntek', 'szombat', 'vasárnap'];

/** '2026.11.23.' */
const hungarianDate = (dateKey: string) => `${dateKey.replace(/-/g, '.')}.`;
/** Minutes as hours with a decimal comma, two places ('7,50'). */
const hoursComma = (minutes: number) => (minutes / 60).toFixed(2).replace('.', ',');
/** '10 óra 5 perc', '45 perc', '0 perc'. */
export function hoursText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} perc`;
  return m ? `${h} óra ${m} perc` : `${h} óra`;
}
const percent = (heard: number, open: number) => (open > 0 ? Math.round((heard / open) * 100) : null);
/** '2026. 48. hét' */
export const weekLabel = (week: string) => `${week.slice(0, 4)}. ${Number(week.slice(6))}. hét`;
/** An alert's instant on the shop's wall clock, as the play log's CSV writes times ('2026.11.23 09:40'). */
const alertTime = (iso: string, timeZone: string) =>
  isoWithOffset(Date.parse(iso), timeZone).slice(0, 16).replace('T', ' ').replace(/-/g, '.');

export const WEEKLY_CSV_DAY_HEADER = [
  'Nap',
  'Dátum',
  'Nyitva (óra)',
  'Szólt a zene (óra)',
  'Szólt a zene (%)',
  'Leghosszabb csend (perc)',
];
export const WEEKLY_CSV_SPOT_HEADER = ['Szpot', 'Tervezett', 'Lejátszva', 'Végig szólt'];
export const WEEKLY_CSV_ALERT_HEADER = ['Értesítés', 'Kezdete', 'Vége'];

/** The page's rows in three blocks (days with the week's total, spots, alerts), blank lines between. */
export function weeklyCsv(report: WeeklyReport, timeZone: string): string {
  const line = (fields: Array<string | number | null>) => `${fields.map(csvField).join(';')}\r\n`;
  const totals = weekTotals(report);
  let out = `\uFEFF${line(WEEKLY_CSV_DAY_HEADER)}`;
  report.days.forEach((d, i) => {
    out += line([
      WEEKDAYS[i]!,
      hungarianDate(d.date),
      hoursComma(d.open_minutes),
      hoursComma(d.heard_minutes),
      percent(d.heard_minutes, d.open_minutes),
      d.longest_silence_minutes,
    ]);
  });
  out += line([
    'Összesen',
    `${hungarianDate(report.from)} – ${hungarianDate(report.to)}`,
    hoursComma(totals.open),
    hoursComma(totals.heard),
    percent(totals.heard, totals.open),
    totals.longest.minutes,
  ]);
  out += `\r\n${line(WEEKLY_CSV_SPOT_HEADER)}`;
  for (const s of report.spots) out += line([s.name, s.planned, s.aired, s.completed ?? null]);
  out += `\r\n${line(WEEKLY_CSV_ALERT_HEADER)}`;
  for (const a of report.alerts)
    out += line([a.title, alertTime(a.started_at, timeZone), a.closed_at ? alertTime(a.closed_at, timeZone) : null]);
  return out;
}

export const WEEKLY_MAIL_TITLE = 'Heti összesítő';

/** The Monday mail: the week in a few lines and the way to the page. */
export function weeklyMail(shopName: string, report: WeeklyReport, link: string) {
  const totals = weekTotals(report);
  const share = percent(totals.heard, totals.open);
  const range = `${hungarianDate(report.from)} – ${hungarianDate(report.to)}`;
  const summary = [
    `Nyitva: ${hoursText(totals.open)}`,
    `Szólt a zene: ${hoursText(totals.heard)}${share === null ? '' : ` (${share}%)`}`,
    totals.longest.date
      ? `Leghosszabb csend nyitvatartás alatt: ${hoursText(totals.longest.minutes)} (${hungarianDate(totals.longest.date)}, ${WEEKDAYS[report.days.findIndex((d) => d.date === totals.longest.date)]})`
      : 'Nyitvatartás alatt nem volt csend.',
  ];
  const dayLines = report.days.map(
    (d, i) =>
      `${WEEKDAYS[i]}, ${hungarianDate(d.date)}: nyitva ${hoursText(d.open_minutes)}, szólt ${hoursText(d.heard_minutes)}, leghosszabb csend ${hoursText(d.longest_silence_minutes)}`,
  );
  const spotLines = report.spots.length
    ? report.spots.map((s) => `${s.name}: ${s.aired} lejátszás / ${s.planned} tervezett`)
    : ['A héten nem volt szpot.'];
  const alertLine = report.alerts.length
    ? `A héten ${report.alerts.length} értesítés volt.`
    : 'A héten nem volt értesítés.';
  const hoursNote =
    report.hours_set === false
      ? ['Nincs nyitvatartás megadva: a nyitva töltött idő az első és az utolsó lejátszás közötti idő.']
      : [];
  const text = [
    'Kedves Felhasználó!',
    '',
    `A(z) ${shopName} heti összesítője: ${weekLabel(report.week)} (${range})`,
    '',
    ...summary,
    ...hoursNote,
    '',
    'Naponként:',
    ...dayLines,
    '',
    'Szpotok (lejátszva / tervezett):',
    ...spotLines,
    '',
    alertLine,
    '',
    'A teljes heti jelentés:',
    link,
    '',
    'Üdvözlettel:',
    shopName,
  ].join('\n');
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const list = (items: string[]) => `<ul>${items.map((s) => `<li>${escape(s)}</li>`).join('')}</ul>`;
  const html =
    `<p>Kedves Felhasználó!</p>` +
    `<p>A(z) ${escape(shopName)} heti összesítője: <strong>${escape(weekLabel(report.week))}</strong> (${escape(range)})</p>` +
    list([...summary, ...hoursNote]) +
    `<p>Naponként:</p>${list(dayLines)}` +
    `<p>Szpotok (lejátszva / tervezett):</p>${list(spotLines)}` +
    `<p>${escape(alertLine)}</p>` +
    `<p><a href="${escape(link)}">A teljes heti jelentés</a></p>` +
    `<p>Üdvözlettel:<br>${escape(shopName)}</p>`;
  return { subject: `[${shopName}] ${WEEKLY_MAIL_TITLE}`, text, html };
}
