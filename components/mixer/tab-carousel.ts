/** SPEC.md §9: on phones the mixer's tabs are a carousel turning every 1500 ms. */
export const TAB_AUTOPLAY_MS = 1500;
/** Wider than this, every tab fits in one row and the carousel is switched off. */
export const CAROUSEL_OFF = '(min-width: 720px)';

/** What the manager does to take the row over: from then on it stays where they leave it. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'wheel', 'keydown', 'focusin'] as const;

/** Whether the manager has taken the row over: shared by every row started with it. */
export interface CarouselHold {
  taken: boolean;
}

/**
 * Drives a horizontally scrolling, scroll-snapped row (the browser does the swiping): it starts at
 * the item `startIndex`, then moves one item on every TAB_AUTOPLAY_MS, back to the first after the
 * last, until the first touch, wheel, key or focus inside it. That stop is for good: it is noted in
 * `hold`, and a row started later with the same hold (the next mixer page's) only shows its current
 * tab. Nothing turns in a wide window, where the row does not scroll, nor for someone who asked for
 * reduced motion. Returns the cleanup.
 */
export function startTabCarousel(viewport: HTMLElement, startIndex: number, hold: CarouselHold): () => void {
  const items = () => Array.from(viewport.querySelectorAll<HTMLElement>('li'));
  const offsetOf = (item: HTMLElement) => item.offsetLeft - (items()[0]?.offsetLeft ?? 0);
  const scrolls = () => !window.matchMedia(CAROUSEL_OFF).matches && viewport.scrollWidth > viewport.clientWidth + 1;

  const start = items()[startIndex];
  if (start && scrolls()) viewport.scrollLeft = offsetOf(start);

  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduced || hold.taken) return () => undefined;

  const turn = () => {
    if (!scrolls()) return;
    const all = items();
    const max = viewport.scrollWidth - viewport.clientWidth;
    // The first item that starts right of the current position; at the end the row starts again.
    const next =
      viewport.scrollLeft >= max - 1 ? undefined : all.find((item) => offsetOf(item) > viewport.scrollLeft + 1);
    viewport.scrollTo({ left: next ? Math.min(offsetOf(next), max) : 0, behavior: 'smooth' });
  };
  const timer = window.setInterval(turn, TAB_AUTOPLAY_MS);
  const stop = () => {
    window.clearInterval(timer);
    for (const type of INTERACTIONS) viewport.removeEventListener(type, takeOver);
  };
  const takeOver = () => {
    hold.taken = true;
    stop();
  };
  for (const type of INTERACTIONS) viewport.addEventListener(type, takeOver, { passive: true });
  return stop;
}
