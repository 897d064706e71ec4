import { clockSeconds, estimatePosition, trackLength } from '@/lib/player/use-position';

it("a remote clock counts on while playing but never past the track's length", () => {
  expect(estimatePosition(10, 0, 5_000, true, 185)).toBe(15);
  expect(estimatePosition(180, 0, 60_000, true, 185)).toBe(185);
  // Not playing (paused, or its device is gone): it stands where it was reported.
  expect(estimatePosition(180, 0, 60_000, false, 185)).toBe(180);
});

it('the length comes from the server, else the audio, else the formatted length', () => {
  expect(trackLength(185, 184.6, '3:05')).toBe(185);
  expect(trackLength(0, 184.6, '3:05')).toBe(184.6);
  expect(trackLength(undefined, null, '3:05')).toBe(185);
  expect(trackLength(null, null, '1:02:03')).toBe(3723);
  expect(trackLength(null, null, '')).toBe(0);
});

it('reads only real clock strings', () => {
  expect(clockSeconds('0:50')).toBe(50);
  expect(clockSeconds(' 12:07 ')).toBe(727);
  expect(clockSeconds('abc')).toBe(0);
  expect(clockSeconds('3:')).toBe(0);
  expect(clockSeconds(null)).toBe(0);
});
