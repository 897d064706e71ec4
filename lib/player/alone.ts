import type { Player, Track } from '@/contracts';

/** Where a device that played on alone is, for the report to the server once it is back. */
export interface AlonePosition {
  /** The last server state before the API went away. */
  base: Player;
  /** How many tracks of `base.next_tracks` the device went on to (0: still on `base.track`). */
  advanced: number;
  /** The track sounding now (null when the last cached one ended). */
  trackId: number | null;
  /** Seconds into it. */
  time: number;
}

/**
 * One stretch of playing on alone (no audio here: the engine loads what this names). The API is
 * away, so the device goes on by itself to the next tracks the server announced (`next_tracks`, in
 * the player's order, kept by the media cache) and counts how far it got for the return.
 */
export class AloneRun {
  private advanced = 0;
  private exhausted = false;

  private constructor(readonly base: Player) {}

  /**
   * A run starts only on a device that sounds the player's track, of an API that announces its next
   * tracks (Laravel's does not: null).
   */
  static begin(player: Player | null, sounding: boolean): AloneRun | null {
    if (!player || player.next_tracks === undefined || !sounding) return null;
    return new AloneRun(player);
  }

  /** True once the last announced track has ended: nothing sounds until the API is back. */
  get isExhausted(): boolean {
    return this.exhausted;
  }

  /** The following announced track, or null when none is left (the run is exhausted then). */
  advance(): Track | null {
    const next = this.base.next_tracks?.[this.advanced];
    if (!next) {
      this.exhausted = true;
      this.advanced = (this.base.next_tracks?.length ?? 0) + 1;
      return null;
    }
    this.advanced += 1;
    return next;
  }

  /** Where the run is, given the engine's loaded track and its element's time. */
  position(loadedTrackId: number | null, elementTime: number): AlonePosition {
    return {
      base: this.base,
      advanced: this.advanced,
      trackId: this.exhausted ? null : loadedTrackId,
      time: this.exhausted ? 0 : elementTime,
    };
  }
}
