import { addDays, wallClockIn } from '@/contracts/time/wall-clock';
import { player as huPlayer } from '@/lib/i18n/hu/player';

/**
 * The shop's day as the bar says it, on the shop's own clock (its time zone): the day words of a hold's
 * end and of the next opening, and the closed line. Whether the shop is open is shop-open.ts's
 * (which carries the shared rules of the shop's day, so it loads only once opening hours have arrived).
 */

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The day of `at` as the bar names it, on the shop's clock: 'ma' (the shop's today), 'holnap' (the
 * day after), else the weekday ('szerda'). The shop's next opening or a hold's end is within a week
 * but for a long holiday closure, where the weekday is still the day the doors open.
 */
export function shopDayWord(atMs: number, nowMs: number, timeZone: string): string {
  const at = wallClockIn(atMs, timeZone).dateKey;
  const today = wallClockIn(nowMs, timeZone).dateKey;
  if (at === today) return huPlayer.today;
  if (at === addDays(today, 1)) return huPlayer.tomorrow;
  return huPlayer.weekdays[wallClockIn(atMs, timeZone).weekday]!;
}

/** '{nap} HH:MM' of an instant, on the shop's clock (see shopDayWord). */
export function shopDayTime(atMs: number, nowMs: number, timeZone: string): { day: string; time: string } {
  const wall = wallClockIn(atMs, timeZone);
  return { day: shopDayWord(atMs, nowMs, timeZone), time: `${pad2(wall.hour)}:${pad2(wall.minute)}` };
}

/** Whether the shop is open at a moment, and while closed its next opening (shop-open.ts). */
export interface ShopDay {
  open: boolean;
  /** While closed: the next opening (null: none in the coming weeks). */
  opensAt: number | null;
}

/** The bar's line while the shop is closed: 'Zárva – nyitás holnap 08:00', or 'Zárva' with no opening ahead. */
export function closedLabel(day: ShopDay, nowMs: number, timeZone: string): string {
  if (day.opensAt === null) return huPlayer.closed;
  const { day: word, time } = shopDayTime(day.opensAt, nowMs, timeZone);
  return huPlayer.closedUntil(word, time);
}
