import { onPlayRefused } from './decisions';
import type { GraphControl } from './engine-graph';
import type { OutputWatch } from './engine-output';
import { isOutput, sounds, type EngineState } from './engine-state';

/**
 * A click, key press or tap on the audio device: the one moment a browser lets audio start, so what
 * waits for one (the prompt's tap, a refused spot, a suspended audio context, a loaded track) starts
 * in it.
 */
export class Gestures {
  constructor(
    private readonly state: EngineState,
    private readonly deps: {
      output: OutputWatch;
      graphs: GraphControl;
      /** Starts the music (the engine's start). */
      start(): void;
    },
  ) {}

  /**
   * A click or key press on this device that should make it sound (the bar's ▶, its own entry in the
   * device menu, the space key): browsers let audio start inside such a gesture, so everything that
   * waits for one starts here, before the server is asked. The audio context resumes (Chromium's does
   * not by itself once the page has been clicked: without this the music went on silently through a
   * suspended graph, its time frozen), the prompt's tap is done when it waits, and with `play` a loaded
   * track starts now; the server's answer (through `apply`) then confirms or undoes it, and `settle`
   * undoes it when no answer comes.
   */
  playFromGesture(play: boolean): void {
    const s = this.state;
    if (s.disposed) return;
    if (s.needsTap || s.spotWaitsForTap || this.deps.graphs.tapForGraph) {
      this.startFromTap();
      return;
    }
    s.audio.muted = false;
    s.graph?.resume();
    if (!play || s.alone || s.spotHoldsFloor || s.loadedTrackId === null) return;
    if (!isOutput(s) || !s.audio.paused) return;
    this.deps.output.noteProgress();
    s.audio.play()?.catch((error: unknown) => {
      // Refused even inside the gesture: the prompt, once the server says it should sound (start asks again).
      if (onPlayRefused(error) === 'ask-for-tap' && sounds(s) && s.audio.paused) this.deps.output.setNeedsTap(true);
    });
  }

  /** After a press started by `playFromGesture`: the element follows the server's player again. */
  settle(): void {
    const s = this.state;
    if (s.disposed || s.alone) return;
    if (!sounds(s) && !s.audio.paused && !s.spotHoldsFloor) s.audio.pause();
  }

  /** Called from the tap on the prompt: the gesture lets the browser start audio at once. */
  startFromTap(): void {
    const s = this.state;
    // A muted element (see handleVolumeChange) may sound once the tap has unlocked the page.
    s.audio.muted = false;
    s.graph?.resume();
    this.deps.graphs.tapForGraph = false;
    this.deps.output.setNeedsTap(false);
    // A spot the browser refused starts now, in the tap's gesture; the music follows when it ends.
    const spot = s.spotWaitsForTap;
    s.spotWaitsForTap = null;
    spot?.();
    // Under a spot the music waits; the tap has unlocked the page, so it starts when the spot ends.
    if (sounds(s) && !s.spotHoldsFloor) this.deps.start();
  }
}
