import type { OutputState } from '@/contracts';
import { isOutput, sounds, type EngineState } from './engine-state';

/** The music has not moved for this long while it should sound: the device reports it stalled. */
export const STALL_MS = 5_000;

/**
 * What the music really does on this device (`onOutputState`), and the tap prompt (`onNeedsTap`): the
 * stall watch runs while the music should sound, and every part that changes what sounds asks for a
 * `refresh`.
 */
export class OutputWatch {
  /** What the music really does, as last told through `onOutputState`. */
  private outputState: OutputState | null = null;
  /** When the music element last moved on (or was asked to start): the stall watch counts from here. */
  private progressAt = 0;
  private stalled = false;
  private stallTimer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly state: EngineState) {}

  setNeedsTap(needed: boolean): void {
    if (this.state.needsTap === needed) return;
    this.state.needsTap = needed;
    this.state.hooks.onNeedsTap(needed);
    this.refresh();
  }

  /** Tells the app when what the music really does changed, and keeps the stall watch running while it should sound. */
  refresh(): void {
    const s = this.state;
    if (s.disposed) return;
    const watch = sounds(s) && !s.spotHoldsFloor && !s.needsTap;
    if (watch) this.startStallWatch();
    else {
      this.stop();
      this.stalled = false;
    }
    const state = this.current();
    if (state === undefined || state === this.outputState) return;
    this.outputState = state;
    s.hooks.onOutputState?.(state);
  }

  /** The music moved on, or was asked to start: the stall watch counts from now. */
  noteProgress(): void {
    this.progressAt = Date.now();
  }

  /** The music element's time changed (timeupdate). */
  timeMoved(): void {
    const s = this.state;
    // Only time that moves forward is music the shop hears (a seek back restarts the count too).
    if (s.audio.currentTime !== s.progressTime) {
      const first = s.progressTime < 0;
      s.progressTime = s.audio.currentTime;
      this.noteProgress();
      if (this.stalled || first) {
        this.stalled = false;
        this.refresh();
      }
    }
  }

  /** Stops the stall watch (the engine is disposed, or the music should not sound). */
  stop(): void {
    if (this.stallTimer) clearInterval(this.stallTimer);
    this.stallTimer = null;
  }

  /** What the music really does now; undefined while that is still being found out (a track loading). */
  private current(): OutputState | null | undefined {
    const s = this.state;
    if (!isOutput(s) || !s.player?.track) return null;
    // A muted element plays on silently (the only start a browser allows without a gesture).
    if (s.needsTap || s.audio.muted || (s.graph?.suspended && s.player.is_playing)) return 'needs_tap';
    if (!s.player.is_playing) return 'paused';
    if (s.spotHoldsFloor) return s.spot && !s.spot.paused && s.spot.readyState >= 3 ? 'audible' : undefined;
    if (this.stalled) return 'stalled';
    if (!s.audio.paused && s.progressTime >= 0) return 'audible';
    return undefined;
  }

  private startStallWatch(): void {
    if (this.stallTimer) return;
    this.noteProgress();
    this.stallTimer = setInterval(() => {
      const stalled = Date.now() - this.progressAt >= STALL_MS;
      if (stalled === this.stalled) return;
      this.stalled = stalled;
      this.refresh();
    }, 1000);
  }
}
