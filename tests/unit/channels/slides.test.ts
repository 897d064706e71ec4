import { FEATURED_FACTOR, SUBCATEGORY_FACTOR, slidesCss, slidesPerView } from '@/components/channels/slides';

it.each([
  [390, 1],
  [1100, 1],
  [1101, 2],
  [1366, 2],
  [1536, 2],
  [1537, 3],
  [2560, 3],
])('the featured carousel shows at %i px %i slide(s)', (width, count) => {
  expect(slidesPerView(width, FEATURED_FACTOR)).toBe(count);
});

it('subcategory sliders show twice as many', () => {
  expect([390, 1100, 1101, 1536, 1537].map((w) => slidesPerView(w, SUBCATEGORY_FACTOR))).toEqual([2, 2, 4, 4, 6]);
});

it('the CSS carries the same breakpoints', () => {
  const css = slidesCss();
  expect(css).toMatch(/^\[data-slides="1"\]\{--slides-per-view:1\}\[data-slides="2"\]\{--slides-per-view:2\}/);
  expect(css).toContain(
    '@media (min-width:1101px){[data-slides="1"]{--slides-per-view:2}[data-slides="2"]{--slides-per-view:4}}',
  );
  expect(css).toContain(
    '@media (min-width:1537px){[data-slides="1"]{--slides-per-view:3}[data-slides="2"]{--slides-per-view:6}}',
  );
});
