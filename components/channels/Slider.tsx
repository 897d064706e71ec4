'use client';

import type { EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { channels as huChannels } from '@/lib/i18n/hu/channels';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@/components/ui/icons';
import { slidesCss } from './slides';
import { useWheelPaging } from './use-wheel-paging';
import styles from './Slider.module.scss';

const hu = { channels: huChannels };

/** SPEC.md §9: the featured slider turns every 2000 ms. */
export const AUTOPLAY_DELAY_MS = 2000;
/**
 * SPEC.md §9: a featured turn takes 750 ms. Embla's `duration` is not in milliseconds (its scroll
 * body eases towards the target); 38 takes about that long for a page of slides.
 */
export const SLIDE_DURATION = 38;

interface Props {
  /** The slider's visible heading, also its accessible name. */
  title: string;
  headingLevel: 2 | 3;
  /** 1 for the featured carousel, 2 for the subcategory sliders (see slides.ts). */
  factor: number;
  /** Past the last page the next button goes back to the first, and before the first to the last. */
  loop?: boolean;
  /** Turns by itself (the featured carousel), with a button that stops and starts it. */
  autoplay?: boolean;
  children: ReactNode[];
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/** Whether the reader asked for reduced motion (false on the server: nothing turns before hydration anyway). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches === true,
    () => false,
  );
}

/**
 * A horizontal slider of channels with its heading and previous / next buttons, on embla: swiping and
 * dragging move it, so do a sideways wheel or trackpad (a page per gesture), the arrow keys inside it,
 * and focus reaching a slide brings it into view. Slide widths come from CSS (slides.ts), so the server
 * HTML is laid out before any script runs. The buttons move a page of slides; a looping slider goes on
 * from the last page to the first and back.
 *
 * `autoplay` (embla's autoplay plugin) turns it every AUTOPLAY_DELAY_MS while nobody is at it: not while
 * the pointer is over it or focus inside it, not while it is being dragged, never for a reader who asked
 * for reduced motion (unless they start it themselves), and not after 'Forgatás megállítása' until
 * 'Forgatás indítása' (WCAG 2.2.2).
 */
export function Slider({ title, headingLevel, factor, loop = false, autoplay = false, children }: Props) {
  const reducedMotion = useReducedMotion();
  const plugins = useMemo(
    () =>
      autoplay
        ? [
            // Started and stopped here alone (see `playing` below), not by the plugin's own listeners.
            Autoplay({
              delay: AUTOPLAY_DELAY_MS,
              playOnInit: false,
              stopOnInteraction: false,
              stopOnMouseEnter: false,
              stopOnFocusIn: false,
            }),
          ]
        : [],
    [autoplay],
  );
  const [viewportRef, embla] = useEmblaCarousel(
    { align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps', duration: SLIDE_DURATION },
    plugins,
  );
  /** The reader's own choice with the button; until then, turning unless they asked for reduced motion. */
  const [choice, setChoice] = useState<'playing' | 'stopped' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const turning = autoplay && (choice ?? (reducedMotion ? 'stopped' : 'playing')) === 'playing';

  // Where the row stands, read from embla (before it has measured the row: scrollable, at its start).
  const subscribe = useCallback(
    (onChange: () => void) => {
      embla?.on('select', onChange).on('reInit', onChange);
      return () => void embla?.off('select', onChange).off('reInit', onChange);
    },
    [embla],
  );
  const scrollable = useSyncExternalStore(
    subscribe,
    () => (embla ? embla.scrollSnapList().length > 1 : true),
    () => true,
  );
  const atStart = useSyncExternalStore(
    subscribe,
    () => (embla ? !embla.canScrollPrev() : true),
    () => true,
  );
  const atEnd = useSyncExternalStore(
    subscribe,
    () => (embla ? !embla.canScrollNext() : false),
    () => false,
  );
  const canPrev = scrollable && (loop || !atStart);
  const canNext = scrollable && (loop || !atEnd);

  useEffect(() => {
    if (!embla) return;
    const onDown = () => setDragging(true);
    const onUp = () => setDragging(false);
    embla.on('pointerDown', onDown).on('pointerUp', onUp);
    return () => void embla.off('pointerDown', onDown).off('pointerUp', onUp);
  }, [embla]);

  const move = useCallback(
    (direction: 1 | -1) => {
      if (!embla) return;
      const jump = reducedMotion;
      if (direction > 0) {
        if (embla.canScrollNext()) embla.scrollNext(jump);
        else if (loop) embla.scrollTo(0, jump);
      } else if (embla.canScrollPrev()) embla.scrollPrev(jump);
      else if (loop) embla.scrollTo(embla.scrollSnapList().length - 1, jump);
    },
    [embla, loop, reducedMotion],
  );

  // The autoplay plugin turns only while nobody is at the carousel; a manual move starts its wait again.
  const playing = turning && !hovered && !focused && !dragging;
  useEffect(() => {
    // Embla has no plugins while it is off: `plugins()` is undefined then.
    const plugin = (embla?.plugins() as ReturnType<EmblaCarouselType['plugins']> | undefined)?.autoplay;
    if (!plugin) return;
    // With one snap the plugin does not start (it has no delays then) and its play() throws.
    if (playing && (embla?.scrollSnapList().length ?? 0) > 1) plugin.play(reducedMotion);
    else plugin.stop();
  }, [embla, playing, reducedMotion]);

  useWheelPaging(embla, move);

  // Slides out of the row are inert: Tab skips them (the buttons page to them), and focus never lands on
  // a card the reader cannot see (nor holds the carousel behind the reader's back).
  useEffect(() => {
    if (!embla || typeof IntersectionObserver === 'undefined') return;
    const viewport = embla.rootNode();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) (entry.target as HTMLElement).inert = entry.intersectionRatio < 0.5;
      },
      { root: viewport, threshold: 0.5 },
    );
    for (const slide of embla.slideNodes()) observer.observe(slide);
    return () => observer.disconnect();
  }, [embla, children.length]);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section
      className={styles.slider}
      aria-roledescription="carousel"
      aria-label={title}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}
      // Focus on the turn button itself holds nothing: 'Forgatás indítása' starts it at once.
      onFocus={(event) => setFocused(!(event.target as HTMLElement).hasAttribute('data-turn'))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <style href="channel-slides" precedence="medium">
        {slidesCss()}
      </style>
      <div className={styles.head}>
        <Heading className={headingLevel === 2 ? styles.title : styles.subtitle}>{title}</Heading>
        {scrollable && (
          <div className={styles.buttons}>
            {autoplay && (
              <button
                type="button"
                className={styles.turn}
                data-turn=""
                onClick={() => setChoice(turning ? 'stopped' : 'playing')}
              >
                {turning ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
                <span>{turning ? hu.channels.stopTurning : hu.channels.startTurning}</span>
              </button>
            )}
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
      <div
        className={styles.viewport}
        ref={viewportRef}
        onKeyDown={(event) => {
          if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
          if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
          event.preventDefault();
          move(event.key === 'ArrowRight' ? 1 : -1);
        }}
      >
        <div className={styles.container} data-slides={factor}>
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
