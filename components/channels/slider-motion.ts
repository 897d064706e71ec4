/**
 * The moves of a channel slider over a scroll-snapped row (the browser does the swiping, the wheel
 * and the scrolling to a focused tile): a page forward or back, and a glide of SLIDE_MS between.
 */

/** SPEC.md §9: a featured turn takes 750 ms. */
export const SLIDE_MS = 750;

/** Where a page forward (+1) or back (−1) from `left` lands: the slide nearest one row width away. */
export function pageTarget(
  left: number,
  rowWidth: number,
  slideStarts: readonly number[],
  max: number,
  direction: 1 | -1,
): number {
  const wanted = left + direction * rowWidth;
  let best = direction > 0 ? max : 0;
  let bestDistance = Infinity;
  for (const start of slideStarts) {
    const distance = Math.abs(start - wanted);
    if (distance < bestDistance) {
      best = start;
      bestDistance = distance;
    }
  }
  // Never stand still when there is room to move, and never past either end.
  if (direction > 0 && best <= left + 1) best = slideStarts.find((start) => start > left + 1) ?? max;
  if (direction < 0 && best >= left - 1) best = [...slideStarts].reverse().find((start) => start < left - 1) ?? 0;
  return Math.max(0, Math.min(max, best));
}

/** The slide row's scroll offsets of its slides, measured from the first. */
export function slideStarts(row: HTMLElement): number[] {
  const slides = Array.from(row.children) as HTMLElement[];
  const first = slides[0]?.offsetLeft ?? 0;
  return slides.map((slide) => slide.offsetLeft - first);
}

function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3;
}

/**
 * Glides `viewport` to `left` in SLIDE_MS (at once for reduced motion). Snapping is off during the
 * glide, else every frame's position would be snapped; the target is a snap point, so nothing jumps
 * when it comes back. Returns a function that cancels the glide where it is.
 */
export function glideTo(viewport: HTMLElement, left: number, onDone?: () => void): () => void {
  const from = viewport.scrollLeft;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  if (reduced || Math.abs(left - from) < 1) {
    viewport.scrollLeft = left;
    onDone?.();
    return () => undefined;
  }
  viewport.style.scrollSnapType = 'none';
  let frame = 0;
  let start: number | null = null;
  const finish = () => {
    viewport.style.scrollSnapType = '';
    onDone?.();
  };
  const step = (now: number) => {
    start ??= now;
    const t = Math.min(1, (now - start) / SLIDE_MS);
    viewport.scrollLeft = from + (left - from) * easeOutCubic(t);
    if (t < 1) frame = requestAnimationFrame(step);
    else finish();
  };
  frame = requestAnimationFrame(step);
  return () => {
    cancelAnimationFrame(frame);
    finish();
  };
}
