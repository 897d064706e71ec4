import type { OpeningHours } from '@/contracts/opening-hours';
import { DAY_KEYS } from '@/contracts/names';
import { closedLabel, shopDayWord } from '@/lib/player/shop-day';
import { isShopOpenAt, shopDayAt } from '@/lib/player/shop-open';

const ZONE = 'Europe/Budapest';
/** Monday–Saturday 08:00–20:00, Sunday closed. */
const WEEK: OpeningHours = {
  week: DAY_KEYS.map((day) => (day === 'sunday' ? { day, closed: true } : { day, open: '08:00', close: '20:00' })),
  exceptions: [],
};
/** Budapest is UTC+1 in January: 2031-01-07 is a Tuesday. */
const at = (local: string) => Date.parse(`${local}:00+01:00`);
const label = (hours: OpeningHours, now: number) => {
  const day = shopDayAt(hours, now, ZONE);
  return day && (day.open ? 'open' : closedLabel(day, now, ZONE));
};

describe('the shop day on the bar', () => {
  it("says closed and when it opens: 'ma', 'holnap', else the weekday", () => {
    expect(label(WEEK, at('2031-01-07T06:30'))).toBe('Zárva – nyitás ma 08:00');
    expect(label(WEEK, at('2031-01-07T12:00'))).toBe('open');
    expect(label(WEEK, at('2031-01-07T20:00'))).toBe('Zárva – nyitás holnap 08:00');
    // Saturday evening: Sunday is closed, Monday opens.
    expect(label(WEEK, at('2031-01-11T21:00'))).toBe('Zárva – nyitás hétfő 08:00');
  });

  it('follows an exception and a close past midnight', () => {
    const hours: OpeningHours = {
      week: DAY_KEYS.map((day) => ({ day, open: '18:00', close: '02:00' })),
      exceptions: [{ date: '2031-01-08', name: 'Leltár', closed: true }],
    };
    // Tuesday 01:00 is the tail of Monday's night: open.
    expect(label(hours, at('2031-01-07T01:00'))).toBe('open');
    // Wednesday is closed, so from Tuesday's 02:00 the next opening is Thursday 18:00.
    expect(label(hours, at('2031-01-07T03:00'))).toBe('Zárva – nyitás ma 18:00');
    expect(label(hours, at('2031-01-08T03:00'))).toBe('Zárva – nyitás holnap 18:00');
  });

  it('has nothing to say without opening hours, and says only closed when nothing opens', () => {
    expect(shopDayAt({ week: [], exceptions: [] }, at('2031-01-07T03:00'), ZONE)).toBeNull();
    expect(isShopOpenAt({ week: [], exceptions: [] }, at('2031-01-07T03:00'), ZONE)).toBe(true);
    const never: OpeningHours = { week: DAY_KEYS.map((day) => ({ day, closed: true as const })), exceptions: [] };
    expect(label(never, at('2031-01-07T12:00'))).toBe('Zárva');
  });

  it("counts 'ma' and 'holnap' on the shop's clock, not the device's", () => {
    // 23:30 UTC on Tuesday is Wednesday 08:30 in Tokyo: today there, tomorrow in Budapest.
    const wednesdayTokyo = Date.parse('2031-01-07T23:30:00Z');
    expect(shopDayWord(wednesdayTokyo, Date.parse('2031-01-07T22:00:00Z'), 'Asia/Tokyo')).toBe('ma');
    expect(shopDayWord(wednesdayTokyo, Date.parse('2031-01-07T12:00:00Z'), ZONE)).toBe('holnap');
  });
});
