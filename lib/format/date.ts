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
