import { formatClock, formatHoursMinutes } from '@/lib/format/duration';

describe('formatHoursMinutes', () => {
  it('shows minutes only under an hour', () => {
    expect(formatHoursMinutes(0)).toBe('0 perc');
    expect(formatHoursMinutes(59 * 60 + 59)).toBe('59 perc');
  });
  it('shows hours and minutes from an hour', () => {
    expect(formatHoursMinutes(3600)).toBe('1 óra 0 perc');
    expect(formatHoursMinutes(2 * 3600 + 5 * 60 + 30)).toBe('2 óra 5 perc');
  });
});

describe('formatClock', () => {
  it('pads seconds', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});
