'use client';

import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect } from 'react';

/** How far a sideways wheel or trackpad gesture goes before it turns a page. */
export const WHEEL_PAGE_DELTA = 40;
/** A gesture ends when no wheel event has come for this long (a trackpad's momentum keeps sending). */
export const WHEEL_GESTURE_GAP_MS = 160;

/**
 * A sideways wheel or trackpad gesture over an embla viewport turns one page (`move`), whatever its
 * length: the gesture's first WHEEL_PAGE_DELTA px decide the direction, the rest of it (momentum
 * included) is spent. A mostly vertical gesture is left to the page.
 */
export function useWheelPaging(embla: EmblaCarouselType | undefined, move: (direction: 1 | -1) => void): void {
  useEffect(() => {
    const viewport = embla?.rootNode();
    if (!viewport) return;
    let sum = 0;
    let spent = false;
    let lastAt = -Infinity;
    const onWheel = (event: WheelEvent) => {
      const dx = event.deltaX || (event.shiftKey ? event.deltaY : 0);
      if (Math.abs(dx) <= Math.abs(event.shiftKey ? 0 : event.deltaY)) return;
      event.preventDefault();
      if (event.timeStamp - lastAt > WHEEL_GESTURE_GAP_MS) {
        sum = 0;
        spent = false;
      }
      lastAt = event.timeStamp;
      if (spent) return;
      sum += dx;
      if (Math.abs(sum) < WHEEL_PAGE_DELTA) return;
      spent = true;
      move(sum > 0 ? 1 : -1);
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [embla, move]);
}
