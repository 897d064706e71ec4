import { formatTrackCount } from '@/lib/format/count';

it('counts tracks as N dal', () => {
  expect(formatTrackCount(0)).toBe('0 dal');
  expect(formatTrackCount(1)).toBe('1 dal');
  expect(formatTrackCount(42)).toBe('42 dal');
  expect(formatTrackCount(-3)).toBe('0 dal');
});
