import type { OpeningHours } from '@/contracts/opening-hours';
// The shared rules of the shop's day: the bar says closed exactly when the plan runner pauses the
// music and the scheduler leaves out an 'only open' spot.
import { compileHours, isOpenAt, openingBoundaries } from '@/contracts/time/hours';
import type { ShopDay } from './shop-day';

const DAY_MS = 86_400_000;
/** How far ahead the next opening is looked for: a long holiday closure is a few weeks at most. */
const OPENING_LOOK_AHEAD_MS = 60 * DAY_MS;

/** Open or closed at `nowMs`, and when it opens next; null when the shop has no opening hours (always open). */
export function shopDayAt(hours: OpeningHours, nowMs: number, timeZone: string): ShopDay | null {
  const compiled = compileHours(hours);
  if (compiled.alwaysOpen) return null;
  if (isOpenAt(compiled, nowMs, timeZone)) return { open: true, opensAt: null };
  const opening = openingBoundaries(compiled, nowMs, nowMs + OPENING_LOOK_AHEAD_MS, timeZone).find(
    (b) => b.kind === 'open',
  );
  return { open: false, opensAt: opening?.at ?? null };
}

/** Whether the shop is open at `atMs` (no opening hours: always). */
export function isShopOpenAt(hours: OpeningHours, atMs: number, timeZone: string): boolean {
  const compiled = compileHours(hours);
  return compiled.alwaysOpen || isOpenAt(compiled, atMs, timeZone);
}
