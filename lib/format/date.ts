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
