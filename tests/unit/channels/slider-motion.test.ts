import { pageTarget } from '@/components/channels/slider-motion';

// Four slides 300 px wide with 16 px gaps in a 616 px row: two per page, max offset 648.
const starts = [0, 316, 632, 948];
const max = 4 * 300 + 3 * 16 - 616;

it('a page forward lands on the first slide of the next page, never past the end', () => {
  expect(pageTarget(0, 616, starts, max, 1)).toBe(632);
  expect(pageTarget(632, 616, starts, max, 1)).toBe(max);
});

it('a page back lands on the first slide of the page before, never before the start', () => {
  expect(pageTarget(max, 616, starts, max, -1)).toBe(0);
  expect(pageTarget(316, 616, starts, max, -1)).toBe(0);
});

it('one slide per page moves by one slide', () => {
  const one = [0, 316, 632];
  expect(pageTarget(0, 300, one, 632, 1)).toBe(316);
  expect(pageTarget(316, 300, one, 632, 1)).toBe(632);
  expect(pageTarget(632, 300, one, 632, -1)).toBe(316);
});

it('moves even when the row is narrower than half a slide away', () => {
  expect(pageTarget(0, 100, starts, max, 1)).toBe(316);
  expect(pageTarget(316, 100, starts, max, -1)).toBe(0);
});
