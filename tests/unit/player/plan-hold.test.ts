import { planHoldLabel } from '@/lib/player/plan-hold';
import { wallClockIn } from '@/contracts/time/wall-clock';

/*
 * The hold's line is on the shop's clock: two zones far apart give different lines for the same
 * instants, so at most one of them can match this process's own zone.
 */
const until = new Date('2031-01-07T23:30:00Z');

describe('planHoldLabel', () => {
  it("names the shop's weekday and time, not this device's", () => {
    const eveningBefore = new Date('2031-01-07T12:00:00Z');
    // Tokyo (UTC+9): now Tuesday 21:00, the hold ends Wednesday 08:30: tomorrow there.
    expect(planHoldLabel(until, eveningBefore, 'Asia/Tokyo')).toBe('Kézi vezérlés holnap 08:30-ig');
    // New York (UTC−5): now Tuesday 07:00, the hold ends the same day at 18:30.
    expect(planHoldLabel(until, eveningBefore, 'America/New_York')).toBe('Kézi vezérlés ma 18:30-ig');
  });

  it("says 'ma' for the shop's today, even when the device's day differs", () => {
    const now = new Date('2031-01-07T22:00:00Z');
    // Tokyo: now Wednesday 07:00, the end Wednesday 08:30 — today there.
    expect(planHoldLabel(until, now, 'Asia/Tokyo')).toBe('Kézi vezérlés ma 08:30-ig');
    // Budapest (UTC+1): now Tuesday 23:00, the end past midnight — tomorrow.
    expect(planHoldLabel(until, now, 'Europe/Budapest')).toBe('Kézi vezérlés holnap 00:30-ig');
  });

  it('names a day further off by its weekday', () => {
    // Budapest: now Monday 2031-01-06 10:00, the end Wednesday 00:30.
    expect(planHoldLabel(until, new Date('2031-01-06T09:00:00Z'), 'Europe/Budapest')).toBe(
      'Kézi vezérlés szerda 00:30-ig',
    );
  });

  it("follows the shop's summer time", () => {
    // Budapest is UTC+2 in July: 10:00 UTC is noon there.
    const july = new Date('2031-07-08T10:00:00Z');
    expect(planHoldLabel(july, new Date('2031-07-08T06:00:00Z'), 'Europe/Budapest')).toBe('Kézi vezérlés ma 12:00-ig');
  });
});

describe('wallClockIn', () => {
  it('gives the calendar day, weekday, hour and minute in the zone', () => {
    expect(wallClockIn(Date.parse('2031-01-07T23:30:00Z'), 'Asia/Tokyo')).toEqual({
      dateKey: '2031-01-08',
      weekday: 3,
      hour: 8,
      minute: 30,
    });
    expect(wallClockIn(Date.parse('2031-01-07T23:00:00Z'), 'Europe/Budapest')).toEqual({
      dateKey: '2031-01-08',
      weekday: 3,
      hour: 0,
      minute: 0,
    });
  });
});
