/**
 * Slides per view of the channel sliders (SPEC.md §9), by window width: the featured carousel shows
 * 1 up to 1100 px, 2 up to 1536 px, 3 above; subcategory sliders twice as many. The CSS below is made
 * from the same table, so the server-rendered HTML already has the final slide widths (no shift).
 */
export const SLIDE_BREAKPOINTS: readonly { maxWidth: number; perView: number }[] = [
  { maxWidth: 1100, perView: 1 },
  { maxWidth: 1536, perView: 2 },
  { maxWidth: Infinity, perView: 3 },
];

export const FEATURED_FACTOR = 1;
export const SUBCATEGORY_FACTOR = 2;

export function slidesPerView(windowWidth: number, factor: number): number {
  const row = SLIDE_BREAKPOINTS.find((breakpoint) => windowWidth <= breakpoint.maxWidth);
  return (row?.perView ?? 1) * factor;
}

/** The custom property the slider styles divide the track width by. */
export const PER_VIEW_VAR = '--slides-per-view';

/** Media queries setting PER_VIEW_VAR on `[data-slides="<factor>"]` for every breakpoint. */
export function slidesCss(factors: readonly number[] = [FEATURED_FACTOR, SUBCATEGORY_FACTOR]): string {
  const rules: string[] = [];
  let minWidth = 0;
  for (const { maxWidth, perView } of SLIDE_BREAKPOINTS) {
    const body = factors.map((f) => `[data-slides="${f}"]{${PER_VIEW_VAR}:${perView * f}}`).join('');
    rules.push(minWidth === 0 ? body : `@media (min-width:${minWidth}px){${body}}`);
    minWidth = maxWidth + 1;
  }
  return rules.join('');
}
