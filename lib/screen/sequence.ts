/**
 * What an in-store screen shows, as a pure state machine: its default slideshow looping, and the
 * slideshows the scheduler sends played one pass each, in order, before it returns to the default.
 * No timers and no React here: the screen page drives it with one timeout per slide.
 */

export interface Slide {
  id: number;
  url: string;
  /** How long the slide stays, at least 1 s. */
  seconds: number;
}

export interface ScreenProgram {
  /** The default slideshow's slides (empty: nothing to show). */
  base: Slide[];
  /** Slideshows sent to play once, in order; the first one is playing now. */
  once: Slide[][];
  /** Index into the list playing now (`once[0]` when there is one, else `base`). */
  index: number;
  /** Counts every change of slide, so two equal slides in a row still cross-fade. */
  step: number;
}

export const MIN_SLIDE_SECONDS = 1;

export function emptyProgram(): ScreenProgram {
  return { base: [], once: [], index: 0, step: 0 };
}

function playable(slides: Slide[]): Slide[] {
  return slides.filter((s) => s.url);
}

function playing(program: ScreenProgram): Slide[] {
  return program.once[0] ?? program.base;
}

/** The slide on screen now, or null when there is nothing to show. */
export function currentSlide(program: ScreenProgram): Slide | null {
  return playing(program)[program.index] ?? null;
}

/** The slide that comes after the current one (to preload it), or null. */
export function upcomingSlide(program: ScreenProgram): Slide | null {
  return currentSlide(advance(program));
}

export function slideMillis(slide: Slide): number {
  const seconds = Number.isFinite(slide.seconds) ? slide.seconds : MIN_SLIDE_SECONDS;
  return Math.max(MIN_SLIDE_SECONDS, seconds) * 1000;
}

/** The next slide: on within the list; at its end a one-pass show gives way to the next, and the default loops. */
export function advance(program: ScreenProgram): ScreenProgram {
  const list = playing(program);
  if (program.index + 1 < list.length) return { ...program, index: program.index + 1, step: program.step + 1 };
  if (program.once.length > 0) {
    const once = dropEmpty(program.once.slice(1));
    return { ...program, once, index: 0, step: program.step + 1 };
  }
  return { ...program, index: 0, step: list.length > 1 ? program.step + 1 : program.step };
}

function dropEmpty(lists: Slide[][]): Slide[][] {
  return lists.map(playable).filter((l) => l.length > 0);
}

/**
 * A new default slideshow (the screen was edited, or its links were signed afresh). When the same
 * slides keep playing, the screen stays on the slide it shows, with the fresh URL; otherwise it starts
 * the new one from its first slide. A one-pass show in progress goes on.
 */
export function replaceBase(program: ScreenProgram, base: Slide[]): ScreenProgram {
  const next = playable(base);
  if (program.once.length > 0) return { ...program, base: next };
  const current = currentSlide(program);
  const sameSlides = next.length === program.base.length && next.every((s, i) => s.id === program.base[i]?.id);
  if (sameSlides && current) return { ...program, base: next };
  return { ...program, base: next, index: 0, step: program.step + 1 };
}

/** Slideshows to play one pass each, after any that are playing or waiting. */
export function queueOnce(program: ScreenProgram, shows: Slide[][]): ScreenProgram {
  const added = dropEmpty(shows);
  if (added.length === 0) return program;
  if (program.once.length > 0) return { ...program, once: [...program.once, ...added] };
  return { ...program, once: added, index: 0, step: program.step + 1 };
}
