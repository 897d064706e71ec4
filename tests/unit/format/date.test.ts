import { formatDate, formatDateTime, formatTimeOfDay } from '@/lib/format/date';

describe('formatDate', () => {
  it('writes calendar days as YYYY/MM/DD without a time-zone shift', () => {
    expect(formatDate('2026-01-05')).toBe('2026/01/05');
    expect(formatDate('2026-12-31')).toBe('2026/12/31');
  });

  it('formats timestamps in local time', () => {
    const date = new Date(2026, 2, 7, 15, 30);
    expect(formatDate(date.toISOString())).toBe('2026/03/07');
  });

  it("shows '-' for a missing or unreadable date", () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate(undefined)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatDate('nem dátum')).toBe('-');
  });
});

describe('formatDateTime and formatTimeOfDay', () => {
  it("writes the shop's wall clock as the API wrote it, whatever the browser's zone", () => {
    expect(formatDateTime('2026-11-24T09:15:00+01:00')).toBe('2026/11/24 09:15');
    // Late evening in the shop is already the next day in UTC: still the shop's day.
    expect(formatDateTime('2026-11-24T23:45:00+01:00')).toBe('2026/11/24 23:45');
    expect(formatDateTime('2026-07-01T00:05:30+02:00')).toBe('2026/07/01 00:05');
    expect(formatTimeOfDay('2026-11-24T23:45:00+01:00')).toBe('23:45');
  });

  it("shows '-' for a missing or unreadable moment", () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatDateTime('')).toBe('-');
    expect(formatDateTime('holnap')).toBe('-');
    expect(formatTimeOfDay(null)).toBe('-');
  });
});
