import type { Track } from '@/contracts';
import { onMediaError, onTrackEnded, retryDelayMs } from './decisions';
import type { Outage } from './engine-alone';
import { isOutput, sounds, type EngineState } from './engine-state';

/**
 * A track's end and a track that fails: the next announced track starts at once while the server is
 * asked to move on; a failed one is fetched again once, then skipped (after a pause when many fail in
 * a row).
 */
export class TrackEnd {
  private failuresInRow = 0;
  private reloadedTrackId: number | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly state: EngineState,
    private readonly deps: {
      outage: Outage;
      /** Loads a track on the music element from `startAt` (the engine's load). */
      load(track: Track, startAt: number): void;
      /** Starts the music (the engine's start). */
      start(): void;
    },
  ) {}

  /** The music element ended its track. */
  readonly ended = (): void => {
    const s = this.state;
    if (s.alone) {
      this.deps.outage.advance();
      return;
    }
    if (onTrackEnded(s.player, s.sessionId) !== 'request-next') return;
    this.cutToAnnounced();
    s.hooks.requestNext();
  };

  /** The music element plays: the failures in a row are over. */
  played(): void {
    this.failuresInRow = 0;
    this.reloadedTrackId = null;
  }

  /** The music element failed to load or play its track. */
  readonly failed = (): void => {
    const s = this.state;
    // Alone, a file the cache does not hold cannot be fetched again: go on to the next one.
    if (s.alone) {
      if (s.loadedTrackId !== null && !s.errorHandledForLoad) {
        s.errorHandledForLoad = true;
        this.deps.outage.advance();
      }
      return;
    }
    const track = s.player?.track;
    if (!track || !isOutput(s) || s.loadedTrackId === null) return;
    if (s.errorHandledForLoad) return;
    s.errorHandledForLoad = true;
    this.failuresInRow += 1;
    const action = onMediaError({
      trackId: track.id,
      reloadedTrackId: this.reloadedTrackId,
      failuresInRow: this.failuresInRow,
    });
    if (action === 'reload-track') {
      this.reloadedTrackId = track.id;
      s.resumeAt = s.audio.currentTime > 0 ? s.audio.currentTime : null;
      // Forget the loaded track so the answer (same track, freshly signed URL) is loaded anew.
      s.loadedTrackId = null;
      s.hooks.requestReload();
      return;
    }
    s.hooks.onTrackFailed();
    if (action === 'skip') {
      s.hooks.requestNext();
      return;
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      s.hooks.requestNext();
    }, retryDelayMs(this.failuresInRow));
  };

  /** A retry waiting to ask for the next track is dropped. */
  clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /**
   * At a track's end (no crossfade took it over) the first track the server announced starts at once,
   * from the media cache when it holds it, while the server is asked to move on: the shop hears no gap
   * however long the answer takes, and a server that does not answer finds the device already there
   * (see Outage.begin). The answer normally names this track; if it names another (the plan, another
   * device), the device follows it.
   */
  private cutToAnnounced(): void {
    const s = this.state;
    const current = s.player?.track;
    const next = s.player?.next_tracks?.[0];
    if (!current || !next || s.loadedTrackId !== current.id || next.id === current.id) return;
    if (s.spotHoldsFloor || !sounds(s)) return;
    s.resumeAt = null;
    this.deps.load(next, 0);
    this.deps.outage.setAhead(current.id, next);
    s.lastServerTime = null;
    s.lastReported = 0;
    this.deps.start();
  }
}
