import { format } from '@/lib/i18n/hu/format';

const hu = { format };

/** 'N óra M perc' or 'M perc' (SPEC.md §9) from seconds. */
export function formatHoursMinutes(totalSeconds: number): string {
  const minutesTotal = Math.floor(Math.max(0, totalSeconds) / 60);
  const hours = Math.floor(minutesTotal / 60);
  const minutes = minutesTotal % 60;
  const { hours: h, minutes: m } = hu.format;
  return hours > 0 ? `${hours} ${h} ${minutes} ${m}` : `${minutes} ${m}`;
}

/** Player time m:ss. */
export function formatClock(totalSeconds: number): string {
  const s = Math.floor(Math.max(0, Number.isFinite(totalSeconds) ? totalSeconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
