/**
 * Dates as YYYY/MM/DD (SPEC.md §2, scheduler), or '-' when missing or unreadable.
 * A bare 'YYYY-MM-DD' is taken as a calendar day, so no time zone can shift it by one.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return `${day[1]}/${day[2]}/${day[3]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}

/** The wall-clock parts of an ISO 8601 moment as written (`2026-11-24T09:15:00+01:00`), ignoring its offset. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * A moment as 'YYYY/MM/DD HH:mm' on the wall clock it was written in, or '-'. The scheduler's API
 * writes its moments in the shop's offset: a manager on a laptop set to another zone still sees the
 * shop's time, so the parts are read from the text and never converted to the browser's zone.
 */
export function formatDateTime(value: string | null | undefined, options: { seconds?: boolean } = {}): string {
  const parts = value ? WALL_CLOCK.exec(value) : null;
  if (!parts) return '-';
  const seconds = options.seconds ? `:${parts[6] ?? '00'}` : '';
  return `${parts[1]}/${parts[2]}/${parts[3]} ${parts[4]}:${parts[5]}${seconds}`;
}

/** 'HH:mm' of an ISO moment on the wall clock it was written in (see `formatDateTime`), or '-'. */
export function formatTimeOfDay(value: string | null | undefined): string {
  const parts = value ? WALL_CLOCK.exec(value) : null;
  return parts ? `${parts[4]}:${parts[5]}` : '-';
}

/** A moment on a zone's wall clock: its calendar day, weekday (0 = Sunday), hour and minute. */
export interface WallClock {
  dateKey: string;
  weekday: number;
  hour: number;
  minute: number;
}

/** Creating a DateTimeFormat costs far more than using one: one per zone, kept for the page. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `ms` on the wall clock of `timeZone` (an IANA name). The shop's day (the plan's boundaries, a hold's
 * end) is in the shop's zone, which the device this runs on may not share.
 */
export function wallClockIn(ms: number, timeZone: string): WallClock {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const p of format.formatToParts(ms)) part[p.type] = p.value;
  const [year, month, day] = [Number(part.year), Number(part.month), Number(part.day)];
  return {
    dateKey: `${part.year}-${part.month}-${part.day}`,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    // Some ICU versions print midnight as 24 even with h23.
    hour: Number(part.hour) % 24,
    minute: Number(part.minute),
  };
}
