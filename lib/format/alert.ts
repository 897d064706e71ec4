import { wallClockIn } from '@/contracts/time/wall-clock';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * When an alert's cause began (its ISO moment in UTC), on the shop's wall clock: 'HH:mm' on the
 * shop's today, 'YYYY/MM/DD HH:mm' before it; '-' when unreadable.
 */
export function formatAlertTime(iso: string, timeZone: string, now = Date.now()): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '-';
  const at = wallClockIn(ms, timeZone);
  const time = `${pad(at.hour)}:${pad(at.minute)}`;
  if (at.dateKey === wallClockIn(now, timeZone).dateKey) return time;
  return `${at.dateKey.replace(/-/g, '/')} ${time}`;
}

/** Whole minutes from an alert's start to its close (or to now while it is open), never below 0. */
export function alertMinutes(startedAt: string, closedAt: string | null, now = Date.now()): number {
  const from = Date.parse(startedAt);
  const to = closedAt === null ? now : Date.parse(closedAt);
  if (Number.isNaN(from) || Number.isNaN(to)) return 0;
  return Math.max(0, Math.floor((to - from) / 60_000));
}
