import type { Track } from '@/contracts';
import type { GraphControl } from './engine-graph';
import type { OutputWatch } from './engine-output';
import { sounds, type EngineState } from './engine-state';
import { setMediaCors } from './media-cors';
import { PlayMeter } from './play-reports';

/** The crossfade's next track is started this much earlier, so it sounds by the fade's start. */
export const CROSSFADE_LEAD_S = 0.5;

/**
 * The music elements: the one of the current track (`state.audio`) and, with the graph, a spare one
 * that prefetches the announced next track for a crossfade, or plays on as the fading tail of the
 * track before (a crossfade, a skip's fade). Each has its proof-of-play meter.
 */
export class MusicElements {
  /** Every music element, the first (given or made) and the second one the graph adds. */
  readonly all: HTMLAudioElement[] = [];
  /** Proof of play, one meter per music element (a track going out in a crossfade is still heard). */
  private readonly meters = new Map<HTMLAudioElement, PlayMeter>();
  /** The next track loading on the spare element, to cross into once it sounds. */
  private crossfade: { element: HTMLAudioElement; onPlaying: () => void } | null = null;
  /** The element of the track going out (a crossfade, a skip's fade). */
  private tail: { element: HTMLAudioElement; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(
    private readonly state: EngineState,
    private readonly deps: {
      graph: GraphControl;
      output: OutputWatch;
      /** The engine's listeners go with the role: only the element of the current track drives it. */
      listen(element: HTMLAudioElement, on: boolean): void;
      /** The server's track the device has moved past, and the track that sounds instead (Outage.setAhead). */
      setAhead(of: number | null, track: Track | null): void;
    },
  ) {}

  /** The meter of the current track's element. */
  get meter(): PlayMeter | null {
    return this.meters.get(this.state.audio) ?? null;
  }

  /** A music element joins: its own proof-of-play meter (registered before the engine's listeners). */
  add(element: HTMLAudioElement): void {
    this.all.push(element);
    const onPlayed = this.state.hooks.onPlayed;
    if (onPlayed) this.meters.set(element, new PlayMeter(element, onPlayed));
  }

  /** The music element not playing the current track (made on first need, with the graph only). */
  spare(): HTMLAudioElement | null {
    const graph = this.state.graph;
    if (!graph) return null;
    let spare = this.all.find((element) => element !== this.state.audio);
    if (!spare) {
      spare = new Audio();
      spare.preload = 'auto';
      spare.hidden = true;
      this.add(spare);
      this.state.audio.parentNode?.appendChild(spare);
      graph.attachMusic(spare);
    }
    // Everything that feeds the graph is loaded with CORS (see mediaCorsReady).
    setMediaCors(spare, true);
    return spare;
  }

  /**
   * `incoming` becomes the music element; the one before goes on as the tail, fading out, for
   * `tailSeconds` (its meter keeps counting what is still heard of it), then stops.
   */
  handOver(incoming: HTMLAudioElement, tailSeconds: number): void {
    const old = this.state.audio;
    this.endTail();
    this.deps.listen(old, false);
    old.removeAttribute('data-player-audio');
    incoming.volume = old.volume;
    incoming.setAttribute('data-player-audio', '');
    this.state.audio = incoming;
    this.deps.listen(incoming, true);
    this.tail = { element: old, timer: setTimeout(() => this.endTail(), tailSeconds * 1000) };
  }

  /** The tail stops (its fade is over, or the music stops altogether): what it played is reported. */
  endTail(): void {
    const tail = this.tail;
    if (!tail) return;
    this.tail = null;
    clearTimeout(tail.timer);
    tail.element.pause();
    this.meters.get(tail.element)?.finish(false);
    tail.element.removeAttribute('src');
    tail.element.load();
  }

  /**
   * 'Áttűnés' seconds (plus a moment for the next file to start) before the track ends, the next one
   * the server announced starts on the spare element; once it sounds the two cross in equal-power
   * fades of that length and the server is told to move on (as at a track's end).
   */
  maybeCrossfade(): void {
    const s = this.state;
    const seconds = s.sound.crossfadeSeconds;
    if (!s.graph || seconds <= 0 || this.crossfade || this.tail || s.alone) return;
    if (s.spotHoldsFloor || s.ducked || s.audio.paused || !sounds(s)) return;
    const duration = s.audio.duration;
    if (!Number.isFinite(duration) || duration < seconds * 2 + 1) return;
    if (duration - s.audio.currentTime > seconds + CROSSFADE_LEAD_S) return;
    const next = s.player?.next_tracks?.[0];
    if (!next || next.id === s.loadedTrackId) return;
    const incoming = this.spare();
    if (!incoming) return;
    const graph = s.graph;
    this.meters.get(incoming)?.begin('track', next.id);
    graph.level(incoming, 'level', 'next.level', this.deps.graph.gainOf(next, false));
    graph.level(incoming, 'fade', 'next.fade', -Infinity);
    incoming.volume = s.audio.volume;
    incoming.src = next.url;
    incoming.load();
    const onPlaying = () => {
      if (this.crossfade?.element !== incoming) return;
      this.crossfade = null;
      incoming.removeEventListener('playing', onPlaying);
      this.crossTo(incoming, next, seconds);
    };
    this.crossfade = { element: incoming, onPlaying };
    incoming.addEventListener('playing', onPlaying);
    incoming.play()?.catch(() => this.cancelCrossfade());
  }

  /** A crossfade that has not started sounding yet is dropped (a skip, a spot, a pause came first). */
  cancelCrossfade(): void {
    const crossfade = this.crossfade;
    if (!crossfade) return;
    this.crossfade = null;
    const { element, onPlaying } = crossfade;
    element.removeEventListener('playing', onPlaying);
    element.pause();
    this.meters.get(element)?.finish(false);
    element.removeAttribute('src');
    element.load();
  }

  /** The engine is disposed: what every meter counted is reported, and they stop. */
  disposeMeters(): void {
    for (const meter of this.meters.values()) {
      meter.finish(false);
      meter.dispose();
    }
  }

  private crossTo(incoming: HTMLAudioElement, next: Track, seconds: number): void {
    const s = this.state;
    const graph = s.graph!;
    const old = s.audio;
    graph.equalPower(incoming, 'next.fade', true, seconds);
    graph.equalPower(old, 'tail.fade', false, seconds);
    // The tail plays to its end (its meter then reports it as played through).
    this.handOver(incoming, seconds + CROSSFADE_LEAD_S + 1);
    this.deps.setAhead(s.player?.track?.id ?? null, next);
    s.loadedTrackId = next.id;
    s.loadedItem = next;
    s.errorHandledForLoad = false;
    s.pendingSeek = null;
    s.progressTime = -1;
    // The server's answer (this track, from 0) is no move to follow.
    s.lastServerTime = null;
    s.lastReported = 0;
    s.hooks.onPosition(incoming.currentTime);
    s.hooks.onDuration(Number.isFinite(incoming.duration) ? incoming.duration : null);
    s.hooks.requestNext();
    this.deps.output.refresh();
  }
}
