import { formatDate } from '@/lib/format/date';

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
