import type { PlayerSound } from '@/contracts';
import type { MusicElements } from './engine-crossfade';
import type { GraphControl } from './engine-graph';
import type { OutputWatch } from './engine-output';
import { isOutput, sounds, type EngineState } from './engine-state';

/** With the graph: the music fades out over this long before a spot, and back in over MUSIC_FADE_IN_S after. */
export const MUSIC_FADE_OUT_S = 0.5;
export const MUSIC_FADE_IN_S = 1;
/** A sound shorter than this ducks the music to DUCK_LEVEL instead of pausing it (issue 28). */
export const DUCK_UNDER_S = 5;
export const DUCK_LEVEL = 0.3;
const DUCK_S = 0.2;

/** A sound short enough to play over the music, ducked (a spot always pauses it, as SPEC §4 says). */
export function ducksMusic(item: PlayerSound): boolean {
  return item.type === 'sound' && typeof item.duration === 'number' && item.duration < DUCK_UNDER_S;
}

/**
 * The music's side of a spot (the spot player plays it): the music pauses under it, fading out first
 * with the graph, or ducks under a short sound, and comes back after; a spot the browser refused
 * waits for the tap.
 */
export class SpotFloor {
  private fadeTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly state: EngineState,
    private readonly deps: {
      output: OutputWatch;
      graph: GraphControl;
      elements: MusicElements;
      /** Starts the music (the engine's start). */
      start(): void;
    },
  ) {}

  /** The spot player: the browser refused to start a spot; `resume` plays it from the tap. */
  refused(resume: () => void): void {
    this.state.spotWaitsForTap = resume;
    if (isOutput(this.state)) this.deps.output.setNeedsTap(true);
  }

  /**
   * SpotPlayer uses this to pause music under a spot (`item`) and to resume it after. With the graph the
   * music fades out first: the answer is how long (ms) the spot waits for that; a short sound ducks the
   * music instead (it plays on, lower); the music fades back in after.
   */
  hold(hold: boolean, item?: PlayerSound): number {
    const s = this.state;
    const { output } = this.deps;
    const graph = s.graph;
    this.clearFade();
    if (hold) {
      this.deps.elements.cancelCrossfade();
      this.deps.elements.endTail();
      s.spotItem = item ?? null;
      if (graph && item && s.spot) graph.level(s.spot, 'level', 'spot.level', this.deps.graph.gainOf(item, true));
      if (graph && item && ducksMusic(item) && !s.spotHoldsFloor) {
        s.ducked = true;
        graph.ramp(s.audio, 'fade', 'music.fade', DUCK_LEVEL, DUCK_S);
        output.refresh();
        return 0;
      }
      s.ducked = false;
      const was = s.spotHoldsFloor;
      s.spotHoldsFloor = true;
      output.refresh();
      if (!graph || was || s.audio.paused) {
        s.audio.pause();
        return 0;
      }
      graph.ramp(s.audio, 'fade', 'music.fade', 0, MUSIC_FADE_OUT_S);
      this.fadeTimer = setTimeout(() => {
        this.fadeTimer = null;
        if (s.spotHoldsFloor) s.audio.pause();
      }, MUSIC_FADE_OUT_S * 1000);
      return MUSIC_FADE_OUT_S * 1000;
    }
    s.spotItem = null;
    s.spotWaitsForTap = null;
    const paused = s.spotHoldsFloor;
    s.spotHoldsFloor = false;
    if (s.ducked || paused) graph?.ramp(s.audio, 'fade', 'music.fade', 1, MUSIC_FADE_IN_S, paused ? 0 : undefined);
    s.ducked = false;
    if (sounds(s)) this.deps.start();
    output.refresh();
    return 0;
  }

  clearFade(): void {
    if (this.fadeTimer) clearTimeout(this.fadeTimer);
    this.fadeTimer = null;
  }
}
