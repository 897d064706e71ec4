import type { Player } from '@/contracts';
import type { EngineState } from './engine-state';
import { toElementVolume, VOLUME_MAX } from './volume';

/** The music plan's volume changes glide over this long on the audio device (issue 26: 5 s). */
export const VOLUME_RAMP_MS = 5_000;
const VOLUME_RAMP_STEP_MS = 100;

/** The music element's volume: the player's, a slider's preview, and the music plan's glides. */
export class VolumeControl {
  /** The music plan's volume change under way: the element glides to `target` (0–1) over VOLUME_RAMP_MS. */
  private ramp: { target: number; timer: ReturnType<typeof setInterval> | ReturnType<typeof setTimeout> } | null = null;

  constructor(private readonly state: EngineState) {}

  /**
   * The element's volume follows the player's: at once for a press, over VOLUME_RAMP_MS when the music
   * plan changed it while the music sounds (a block's volume). The glide is never reported: the reports
   * carry its target (see current).
   */
  follow(previous: Player | null, player: Player): void {
    const audio = this.state.audio;
    const target = toElementVolume(player.volume);
    if (this.ramp?.target === target) return;
    this.stop();
    const planned = player.plan?.applied === true && previous !== null && previous.volume !== player.volume;
    if (!planned || audio.paused || audio.volume === target) {
      audio.volume = target;
      return;
    }
    const from = audio.volume;
    const graph = this.state.graph;
    if (graph) {
      // The glide lives in the graph: the element takes the new volume (the player's) at once and the
      // plan gain goes from where the sound was to 1; down to silence the element follows at the end.
      const seconds = VOLUME_RAMP_MS / 1000;
      if (target > 0) {
        audio.volume = target;
        graph.planRamp(1, seconds, from / target);
      } else graph.planRamp(0, seconds, 1);
      this.ramp = { target, timer: setTimeout(() => this.stop(), VOLUME_RAMP_MS) };
      return;
    }
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const t = Math.min(1, (Date.now() - startedAt) / VOLUME_RAMP_MS);
      this.state.audio.volume = from + (target - from) * t;
      if (t >= 1) this.stop();
    }, VOLUME_RAMP_STEP_MS);
    this.ramp = { target, timer };
  }

  /** A glide under way ends at its target now. */
  stop(): void {
    if (!this.ramp) return;
    clearInterval(this.ramp.timer);
    this.state.audio.volume = this.ramp.target;
    this.state.graph?.planRamp(1, 0);
    this.ramp = null;
  }

  /**
   * The volume the music has now (0–100). A slider or the mute button sets the element at once and the
   * server a moment later: a report sent in between must carry the new volume, not undo it.
   */
  current(): number {
    return Math.round((this.ramp ? this.ramp.target : this.state.audio.volume) * VOLUME_MAX);
  }

  /** Lets a slider move the sound before the server answers. */
  preview(volume: number): void {
    this.stop();
    this.state.audio.volume = toElementVolume(volume);
  }
}
