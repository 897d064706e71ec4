'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { channels as huChannels } from '@/lib/i18n/hu/channels';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { glideTo, pageTarget, slideStarts } from './slider-motion';
import { slidesCss } from './slides';
import styles from './Slider.module.scss';

const hu = { channels: huChannels };

/** SPEC.md §9: the featured slider turns every 2000 ms. */
export const AUTOPLAY_DELAY_MS = 2000;

interface Props {
  /** The slider's visible heading, also its accessible name. */
  title: string;
  headingLevel: 2 | 3;
  /** 1 for the featured carousel, 2 for the subcategory sliders (see slides.ts). */
  factor: number;
  loop?: boolean;
  autoplay?: boolean;
  children: ReactNode[];
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * A horizontal slider of channels with its heading and previous / next buttons. The row is a
 * scroll-snapped overflow (swipe, wheel and focus move it natively; no carousel library in the
 * page's first load), and slide widths come from CSS (slides.ts), so the server HTML is laid out
 * before any script runs. The buttons move a page of slides; a looping slider goes on from the
 * last page to the first and back. Autoplay pauses while the pointer is over the slider or focus
 * is inside it, so nothing moves under a reader or a click.
 */
export function Slider({ title, headingLevel, factor, loop = false, autoplay = false, children }: Props) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const rowRef = useRef<HTMLDivElement>(null);
  const [canPrev, setCanPrev] = useState(loop);
  const [canNext, setCanNext] = useState(true);
  const [scrollable, setScrollable] = useState(true);
  const hovered = useRef(false);
  const focused = useRef(false);
  const gliding = useRef<(() => void) | null>(null);

  const update = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const max = viewport.scrollWidth - viewport.clientWidth;
    setScrollable(max > 1);
    setCanPrev(max > 1 && (loop || viewport.scrollLeft > 1));
    setCanNext(max > 1 && (loop || viewport.scrollLeft < max - 1));
  }, [loop]);

  const move = useCallback(
    (direction: 1 | -1) => {
      const viewport = viewportRef.current;
      const row = rowRef.current;
      if (!viewport || !row) return;
      const max = viewport.scrollWidth - viewport.clientWidth;
      if (max <= 1) return;
      gliding.current?.();
      const left = viewport.scrollLeft;
      // A looping slider goes round: past the last page to the first, before the first to the last.
      let target: number;
      if (loop && direction > 0 && left >= max - 1) target = 0;
      else if (loop && direction < 0 && left <= 1) target = max;
      else target = pageTarget(left, viewport.clientWidth, slideStarts(row), max, direction);
      gliding.current = glideTo(viewport, target, () => {
        gliding.current = null;
        update();
      });
    },
    [loop, update],
  );

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    update();
    viewport.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      viewport.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      gliding.current?.();
    };
  }, [update]);

  // Slides scrolled out of the row are inert: Tab skips them (the buttons page to them), and focus
  // never lands on a card the reader cannot see (nor pauses the carousel behind the reader's back).
  useEffect(() => {
    const viewport = viewportRef.current;
    const row = rowRef.current;
    if (!viewport || !row || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) (entry.target as HTMLElement).inert = entry.intersectionRatio < 0.5;
      },
      { root: viewport, threshold: 0.5 },
    );
    for (const slide of Array.from(row.children)) observer.observe(slide);
    return () => observer.disconnect();
  }, [children.length]);

  useEffect(() => {
    if (!autoplay || prefersReducedMotion()) return;
    const timer = window.setInterval(() => {
      if (hovered.current || focused.current || gliding.current || document.hidden) return;
      move(1);
    }, AUTOPLAY_DELAY_MS);
    return () => window.clearInterval(timer);
  }, [autoplay, move]);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section
      className={styles.slider}
      aria-roledescription="carousel"
      aria-label={title}
      onMouseEnter={() => {
        hovered.current = true;
      }}
      onMouseLeave={() => {
        hovered.current = false;
      }}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
      }}
    >
      <style href="channel-slides" precedence="medium">
        {slidesCss()}
      </style>
      <div className={styles.head}>
        <Heading className={headingLevel === 2 ? styles.title : styles.subtitle}>{title}</Heading>
        {scrollable && (
          <div className={styles.buttons}>
            <button
              type="button"
              className={styles.arrow}
              aria-label={hu.channels.previous}
              disabled={!canPrev}
              onClick={() => move(-1)}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className={styles.arrow}
              aria-label={hu.channels.next}
              disabled={!canNext}
              onClick={() => move(1)}
            >
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </div>
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container} data-slides={factor} ref={rowRef}>
          {children.map((child, index) => (
            <div key={index} className={styles.slide} role="group" aria-roledescription="slide">
              {child}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
