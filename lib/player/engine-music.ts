import type { Track } from '@/contracts';
import { onPlayRefused } from './decisions';
import type { Outage } from './engine-alone';
import type { MusicElements } from './engine-crossfade';
import type { GraphControl } from './engine-graph';
import type { OutputWatch } from './engine-output';
import { isOutput, sounds, type EngineState } from './engine-state';
import type { TrackEnd } from './engine-track-end';
import { mediaCorsReady, setMediaCors } from './media-cors';
import { createWakeLock } from './wake-lock';

/** A skip fades the track out over this long (with the graph). */
export const SKIP_FADE_S = 0.3;

/**
 * The music element of the current track: a track loaded on it (with the graph, a sounding one fades
 * out on the spare element meanwhile), a seek, a start the browser may refuse, and its events, which
 * drive the position, the duration, the tap prompt and what the music really does.
 */
export class MusicPlayback {
  private readonly wakeLock = createWakeLock();

  constructor(
    private readonly state: EngineState,
    private readonly deps: {
      output: OutputWatch;
      graphs: GraphControl;
      elements: MusicElements;
      outage: Outage;
      trackEnd: TrackEnd;
    },
  ) {}

  /** The engine's listeners go with the role: only the element of the current track drives it. */
  listen(element: HTMLAudioElement, on: boolean): void {
    const method = on ? element.addEventListener.bind(element) : element.removeEventListener.bind(element);
    method('timeupdate', this.handleTime);
    method('loadedmetadata', this.handleMetadata);
    method('ended', this.deps.trackEnd.ended);
    method('error', this.deps.trackEnd.failed);
    method('playing', this.handlePlaying);
    method('pause', this.handlePause);
    method('volumechange', this.handleVolumeChange);
  }

  load(track: Track, startAt: number): void {
    const s = this.state;
    const { url, id: trackId } = track;
    this.deps.elements.cancelCrossfade();
    this.deps.outage.setAhead(null);
    // With the graph a sounding track is not cut: it fades out over SKIP_FADE_S on the other element
    // while the new one starts on this role's.
    // A tail still fading out (a crossfade just made) gives way to the new fade.
    const sounding = !s.audio.paused && s.loadedTrackId !== null;
    if (sounding) this.deps.elements.endTail();
    const spare = sounding ? this.deps.elements.spare() : null;
    if (spare) {
      s.graph!.ramp(s.audio, 'fade', 'tail.fade', 0, SKIP_FADE_S);
      this.deps.elements.handOver(spare, SKIP_FADE_S);
      s.graph!.level(spare, 'fade', 'music.fade', 0);
    }
    // The track before (if it did not reach its end) is reported as far as it was heard.
    this.deps.elements.meter?.begin('track', trackId);
    s.loadedTrackId = trackId;
    s.loadedItem = track;
    s.errorHandledForLoad = false;
    // 'audible' is earned again by this track's own moving time, not the last one's.
    s.progressTime = -1;
    s.pendingSeek = startAt > 0 ? startAt : null;
    setMediaCors(s.audio, mediaCorsReady(s.player) || s.graph !== null);
    s.audio.src = url;
    s.audio.load();
    this.deps.graphs.ensure();
    this.deps.graphs.applyLevels();
    s.hooks.onPosition(startAt);
  }

  seek(seconds: number): void {
    const s = this.state;
    if (s.audio.readyState >= 1) s.audio.currentTime = seconds;
    else s.pendingSeek = seconds;
    s.hooks.onPosition(seconds);
  }

  start(): void {
    const s = this.state;
    if (!s.audio.paused) return;
    // The stall watch counts from the start: a track that never begins to sound stalls too.
    this.deps.output.noteProgress();
    // Refused once, the music waits for the tap on the prompt (startFromTap clears the flag first).
    // Trying again on every player update (a resync, another device's change, a spot ending) is refused
    // again, or, once the page has been touched anywhere, starts the music and takes the prompt away just
    // as the tap comes, which then lands on the control beneath it.
    if (s.needsTap) return;
    this.deps.graphs.checkStarts();
    const attempt = s.audio.play();
    // Old engines return undefined; there is nothing to catch then.
    attempt?.catch((error: unknown) => {
      switch (onPlayRefused(error)) {
        case 'ask-for-tap':
          if (sounds(s) && s.audio.paused) this.deps.output.setNeedsTap(true);
          break;
        case 'recover':
          // Usually the element's error event reports the same failure; TrackEnd.failed runs once per load.
          this.deps.trackEnd.failed();
          break;
        case 'ignore':
          break;
      }
    });
  }

  private readonly handleTime = () => {
    const s = this.state;
    if (s.loadedTrackId !== null) s.hooks.onPosition(s.audio.currentTime);
    this.deps.elements.maybeCrossfade();
    this.deps.output.timeMoved();
  };

  private readonly handlePause = () => {
    this.wakeLock.set(false);
    this.deps.output.refresh();
  };

  private readonly handleMetadata = () => {
    const s = this.state;
    if (s.pendingSeek !== null) {
      const target = s.pendingSeek;
      s.pendingSeek = null;
      // A stored time past the end (the file changed) would end at once; start over instead.
      if (!Number.isFinite(s.audio.duration) || target < s.audio.duration - 1) s.audio.currentTime = target;
    }
    s.hooks.onDuration(Number.isFinite(s.audio.duration) ? s.audio.duration : null);
  };

  private readonly handlePlaying = () => {
    const s = this.state;
    this.deps.trackEnd.played();
    this.deps.output.noteProgress();
    // (A suspended audio context asks for the tap through GraphControl.)
    this.deps.output.setNeedsTap(s.audio.muted && sounds(s));
    this.wakeLock.set(true);
    this.deps.output.refresh();
  };

  /**
   * We never mute the element (the mute button sets its volume), so a muted one was muted by the
   * browser (an autoplay policy lets a page start media only muted) or by something outside the app:
   * it may play with its time moving, and the shop hears nothing. That is a tap to ask for.
   */
  private readonly handleVolumeChange = () => {
    const s = this.state;
    if (!isOutput(s)) return;
    if (s.audio.muted) this.deps.output.setNeedsTap(sounds(s));
    else if (s.needsTap && !s.audio.paused && !s.spotWaitsForTap && !s.graph?.suspended)
      this.deps.output.setNeedsTap(false);
    this.deps.output.refresh();
  };

  dispose(): void {
    this.wakeLock.dispose();
  }
}
