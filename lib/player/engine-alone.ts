import type { Track } from '@/contracts';
import { AloneRun, type AlonePosition } from './alone';
import { sounds, type EngineState } from './engine-state';

/**
 * The device ahead of the server (it moved on to the announced next track by itself) and playing on
 * alone while the API is away (`state.alone`): the announced tracks, in order, until the API is back.
 */
export class Outage {
  /**
   * Set when the API went away while the device was ahead: the run starts on the announced track that
   * sounds, and the failed `next` that was asking for it does not move the run on again.
   */
  private aheadCounted = false;

  constructor(
    private readonly state: EngineState,
    private readonly deps: {
      /** Loads a track on the music element from `startAt` (the engine's load). */
      load(track: Track, startAt: number): void;
      /** Starts the music (the engine's start). */
      start(): void;
    },
  ) {}

  /** The server's track the device has moved past (see state.aheadOf), and the track that sounds instead. */
  setAhead(of: number | null, track: Track | null = null): void {
    const s = this.state;
    const was = s.aheadOf;
    s.aheadOf = of;
    if (of !== null && track) s.hooks.onAheadTrack?.(track);
    else if (was !== null) s.hooks.onAheadTrack?.(null);
  }

  /**
   * The API is away: from now on the device goes on by itself, to the next tracks the server announced
   * (`next_tracks`, in the player's order, kept by the media cache), until `end`. Only a sounding
   * output device of an API that announces its next tracks does (Laravel's does not: false).
   */
  begin(): boolean {
    const s = this.state;
    if (s.alone) return true;
    s.alone = AloneRun.begin(s.player, sounds(s) && s.loadedTrackId !== null);
    const first = s.player?.next_tracks?.[0];
    if (s.alone && s.aheadOf !== null && s.aheadOf === s.player?.track?.id && first?.id === s.loadedTrackId) {
      // Already on the first announced track: the run counts it, and the return tells the server once.
      s.alone.advance();
      this.aheadCounted = true;
      s.hooks.onAloneTrack?.(first);
    }
    this.setAhead(null);
    return s.alone !== null;
  }

  /** Where the device is now, while alone. The time is taken as the one last reported, so the answer does not seek. */
  position(): AlonePosition | null {
    const s = this.state;
    if (!s.alone) return null;
    const position = s.alone.position(s.loadedTrackId, s.audio.currentTime);
    s.lastReported = position.time;
    return position;
  }

  /** The API is back and the device follows the server again (the next `apply` decides what sounds). */
  end(): void {
    const s = this.state;
    if (!s.alone) return;
    s.alone = null;
    this.aheadCounted = false;
    // The state applied next is compared with the time the device reported, not the stale base's.
    s.lastServerTime = null;
  }

  /** Next while alone (a track's end with the API away, the media key): the following announced track. */
  goOn(): void {
    if (this.aheadCounted) {
      // The `next` that failed asked for the track that already sounds (see begin).
      this.aheadCounted = false;
      return;
    }
    if (this.state.alone && !this.state.alone.isExhausted) this.advance();
  }

  /** Next on alone: the following announced track, or silence when none is left. */
  advance(): void {
    const s = this.state;
    const next = s.alone!.advance();
    if (!next) {
      s.hooks.onAloneExhausted?.();
      return;
    }
    s.resumeAt = null;
    this.deps.load(next, 0);
    s.hooks.onAloneTrack?.(next);
    this.deps.start();
  }
}
