/**
 * The scheduler's tick rules: which items a minute fires, and how late a fire may still take effect.
 * When a rule fires at all (Laravel's semantics at the shop's wall clock, CONTRACTS.md §3) and the
 * wall-clock arithmetic are the shared time rules of contracts/time; callers pass UTC milliseconds
 * from their injected clock.
 */
import {
  floorMinute,
  isDue,
  localMinute,
  MINUTE_MS,
  type LocalMinute,
  type ScheduleRule,
} from '../../../contracts/time';

/**
 * A fire is claimed only while its minute is current or within this grace after it ends. A tick
 * that waited on the database past it logs its minute as missed and sends nothing: an ad played
 * a minute late beside the next one is worse than one missed. The music plan keeps the same rule.
 */
export const FIRE_GRACE_MS = 15_000;

/** The last moment (clock ms) a fire or a plan boundary of `minute` may still take effect. */
export function minuteDeadline(minute: number): number {
  return floorMinute(minute) + MINUTE_MS + FIRE_GRACE_MS;
}

/**
 * The items due at this minute. The local time is computed once per distinct time zone; items of
 * an unknown time zone are never due (one shop's bad setting must not stop every other shop's tick).
 */
export function dueItems<T extends { rule: ScheduleRule; timeZone: string }>(
  minuteUtcMs: number,
  items: readonly T[],
): T[] {
  const locals = new Map<string, LocalMinute | null>();
  const due: T[] = [];
  for (const item of items) {
    let local = locals.get(item.timeZone);
    if (local === undefined) {
      try {
        local = localMinute(minuteUtcMs, item.timeZone);
      } catch {
        local = null;
      }
      locals.set(item.timeZone, local);
    }
    if (local !== null && isDue(item.rule, local)) due.push(item);
  }
  return due;
}
