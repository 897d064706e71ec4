import type { Player, PlayerSound, Track } from '@/contracts';
import type { SoundSettings } from '@/contracts/sound-settings';
import type { AudioGraph } from './audio-graph';
import { isOutputDevice, serverMovedPosition, shouldSound } from './decisions';
import type { AlonePosition } from './alone';
import { Outage } from './engine-alone';
import { MusicElements } from './engine-crossfade';
import { Gestures } from './engine-gesture';
import { GraphControl } from './engine-graph';
import { MusicPlayback } from './engine-music';
import { OutputWatch } from './engine-output';
import { PositionReports } from './engine-reports';
import { SpotFloor } from './engine-spot';
import { engineState, type EngineHooks, type EngineState } from './engine-state';
import { TrackEnd } from './engine-track-end';
import { VolumeControl } from './engine-volume';
import { bindMediaKeys, showOnMediaSession } from './media-session';

export type { EngineHooks } from './engine-state';
export { STALL_MS } from './engine-output';
export { VOLUME_RAMP_MS } from './engine-volume';
export { DUCK_LEVEL, DUCK_UNDER_S, ducksMusic, MUSIC_FADE_IN_S, MUSIC_FADE_OUT_S } from './engine-spot';

export { SKIP_FADE_S } from './engine-music';

/**
 * The audio engine (no React): one element for music, plus a slot for the element that plays
 * spots and sounds over paused music (SpotPlayer fills it). It follows the server's player:
 * only on the device the player names does it make sound.
 *
 * This class follows the server and drives the music element; its parts, one concern each, share
 * `EngineState`: what the music really does and the tap prompt (engine-output.ts), the audio graph
 * (engine-graph.ts), the volume (engine-volume.ts), the music elements and the crossfade
 * (engine-crossfade.ts), spots (engine-spot.ts), a track's end and failure (engine-track-end.ts),
 * the outage (engine-alone.ts) and the position reports (engine-reports.ts).
 */
export class PlayerEngine {
  private readonly state: EngineState;
  private readonly output: OutputWatch;
  private readonly graphs: GraphControl;
  private readonly volume: VolumeControl;
  private readonly elements: MusicElements;
  private readonly spots: SpotFloor;
  private readonly outage: Outage;
  private readonly trackEnd: TrackEnd;
  private readonly reports: PositionReports;
  private readonly music: MusicPlayback;
  private readonly gestures: Gestures;

  constructor(hooks: EngineHooks, audio?: HTMLAudioElement) {
    const state = engineState(hooks, audio ?? new Audio());
    this.state = state;
    const start = () => this.music.start();
    const load = (track: Track, startAt: number) => this.music.load(track, startAt);
    this.output = new OutputWatch(state);
    this.graphs = new GraphControl(state, this.output, start);
    this.volume = new VolumeControl(state);
    this.outage = new Outage(state, { load, start });
    this.elements = new MusicElements(state, {
      graph: this.graphs,
      output: this.output,
      listen: (element, on) => this.music.listen(element, on),
      setAhead: (of, track) => this.outage.setAhead(of, track),
    });
    this.spots = new SpotFloor(state, { output: this.output, graph: this.graphs, elements: this.elements, start });
    this.trackEnd = new TrackEnd(state, { outage: this.outage, load, start });
    this.reports = new PositionReports(state, this.volume);
    this.music = new MusicPlayback(state, {
      output: this.output,
      graphs: this.graphs,
      elements: this.elements,
      outage: this.outage,
      trackEnd: this.trackEnd,
    });
    this.gestures = new Gestures(state, { output: this.output, graphs: this.graphs, start });

    this.audio.preload = 'auto';
    this.audio.setAttribute('data-player-audio', '');
    // Before our own listeners: an `ended` must close the meter's item before the next track loads.
    this.elements.add(this.audio);
    this.music.listen(this.audio, true);
    bindMediaKeys({
      play: () => {
        if (!state.player?.is_playing) hooks.togglePlay();
        else this.startFromTap();
      },
      pause: () => {
        if (state.player?.is_playing) hooks.togglePlay();
      },
      next: () => hooks.requestNext(),
    });
    if (typeof window !== 'undefined') {
      window.addEventListener('beforeunload', this.reports.leave);
      window.addEventListener('pagehide', this.reports.leave);
    }
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.reports.leave);
  }

  /**
   * The music element. With the graph a second one takes turns with it (a crossfade, a skip's fade):
   * this is always the one that plays the current track, `data-player-audio` marks it.
   */
  get audio(): HTMLAudioElement {
    return this.state.audio;
  }

  /** Every music element, the first (given or made) and the second one the graph adds. */
  get musicElements(): readonly HTMLAudioElement[] {
    return this.elements.all;
  }

  /** Spots and sounds play here; while it holds the floor the music element stays paused. */
  get spot(): HTMLAudioElement | null {
    return this.state.spot;
  }

  set spot(element: HTMLAudioElement | null) {
    this.state.spot = element;
  }

  /** Set by the spot player when the browser refused the spot too: the tap starts it. */
  get spotWaitsForTap(): (() => void) | null {
    return this.state.spotWaitsForTap;
  }

  set spotWaitsForTap(resume: (() => void) | null) {
    this.state.spotWaitsForTap = resume;
  }

  /** The audio graph, once loaded (see GraphControl). */
  private get graph(): AudioGraph | null {
    return this.state.graph;
  }

  private set graph(graph: AudioGraph | null) {
    this.state.graph = graph;
  }

  /** Follow a new server state (or a new device session). Cheap to call on every answer. */
  apply(player: Player | null, sessionId: string | null): void {
    const s = this.state;
    if (s.disposed) return;
    // Playing on alone: states arriving now are older than what sounds; the return's reconciliation decides.
    if (s.alone) {
      s.sessionId = sessionId;
      return;
    }
    const previous = s.player;
    s.player = player;
    s.sessionId = sessionId;
    const output = isOutputDevice(player, sessionId);
    const track = player?.track ?? null;

    if (!output || !track) {
      this.silence(previous, sessionId);
      s.lastServerTime = player?.current_time ?? null;
      this.output.refresh();
      return;
    }

    this.volume.follow(previous, player!);

    // The device went on to the announced next track and the server has not answered its `next` yet.
    const behind = s.aheadOf !== null && track.id === s.aheadOf && s.loadedTrackId !== null;
    if (!behind) this.outage.setAhead(null);
    if (behind) {
      // What sounds stays; the state's time is the old track's.
    } else if (track.id !== s.loadedTrackId) {
      const resume = s.resumeAt;
      s.resumeAt = null;
      this.music.load(track, resume ?? player!.current_time);
    } else if (serverMovedPosition(s.lastServerTime, player!.current_time, s.lastReported)) {
      this.music.seek(player!.current_time);
    }
    s.lastServerTime = behind ? null : player!.current_time;

    const sound = shouldSound(player, sessionId);
    if (sound && !s.spotHoldsFloor) this.music.start();
    else this.pauseAndReport(previous);
    // With nothing to start the prompt goes; while there is, it stays until the tap (see start).
    if (!sound) this.output.setNeedsTap(false);

    showOnMediaSession(s.player);
    this.reports.update();
    this.output.refresh();
  }

  /** See Gestures.playFromGesture. */
  playFromGesture(play: boolean): void {
    this.gestures.playFromGesture(play);
  }

  /** After a press started by `playFromGesture`: the element follows the server's player again. */
  settle(): void {
    this.gestures.settle();
  }

  /** Called from the tap on the prompt: the gesture lets the browser start audio at once. */
  startFromTap(): void {
    this.gestures.startFromTap();
  }

  /** The spot player: the browser refused to start a spot; `resume` plays it from the tap. */
  spotRefused(resume: () => void): void {
    this.spots.refused(resume);
  }

  /** The music under a spot (`item`) pauses, or ducks, and comes back after (see SpotFloor.hold). */
  holdForSpot(hold: boolean, item?: PlayerSound): number {
    return this.spots.hold(hold, item);
  }

  /**
   * The shop's sound settings (contracts/sound-settings.ts), read from its settings rows: the gains of
   * what sounds now follow at once.
   */
  setSoundSettings(settings: SoundSettings): void {
    this.state.sound = settings;
    this.graphs.applyLevels();
  }

  /** The spot player's element joins the graph (if there is one) before it loads an item. */
  spotElementReady(element: HTMLAudioElement, cors: boolean): void {
    this.graphs.spotElementReady(element, cors);
  }

  /** The spot element started sounding (the shop hears the spot while the music waits). */
  spotSounding(): void {
    this.output.refresh();
  }

  /** The API is away: the device plays on alone (see Outage.begin); false when it cannot. */
  beginAlone(): boolean {
    return this.outage.begin();
  }

  get isAlone(): boolean {
    return this.state.alone !== null;
  }

  /** Where the device is now, while alone. The time is taken as the one last reported, so the answer does not seek. */
  alonePosition(): AlonePosition | null {
    return this.outage.position();
  }

  /** The API is back and the device follows the server again (the next `apply` decides what sounds). */
  endAlone(): void {
    this.outage.end();
  }

  /** Next while alone (a track's end with the API away, the media key): the following announced track. */
  goOnAlone(): void {
    this.outage.goOn();
  }

  get currentTime(): number | null {
    return this.state.loadedTrackId === null ? null : this.state.audio.currentTime;
  }

  /** Lets a slider move the sound before the server answers. */
  previewVolume(volume: number): void {
    this.volume.preview(volume);
  }

  dispose(): void {
    const s = this.state;
    s.disposed = true;
    this.graphs.dispose();
    this.volume.stop();
    this.spots.clearFade();
    this.elements.cancelCrossfade();
    this.elements.endTail();
    this.graph?.dispose();
    this.graph = null;
    this.music.dispose();
    this.output.stop();
    this.elements.disposeMeters();
    this.clearTimers();
    s.audio.pause();
    s.audio.removeAttribute('src');
    s.audio.load();
    this.music.listen(s.audio, false);
    if (typeof window !== 'undefined') {
      window.removeEventListener('beforeunload', this.reports.leave);
      window.removeEventListener('pagehide', this.reports.leave);
    }
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.reports.leave);
  }

  private pauseAndReport(previous: Player | null): void {
    const s = this.state;
    this.elements.cancelCrossfade();
    this.elements.endTail();
    const wasSounding = !s.audio.paused;
    s.audio.pause();
    if (wasSounding && previous && s.player) this.reports.now();
  }

  /** This device is no longer the output (or nothing to play): stop and forget the track. */
  private silence(previous: Player | null, sessionId: string | null): void {
    const s = this.state;
    this.output.setNeedsTap(false);
    const wasOutput = isOutputDevice(previous, sessionId) && s.loadedTrackId !== null;
    this.outage.setAhead(null);
    this.elements.cancelCrossfade();
    this.elements.endTail();
    this.elements.meter?.finish(false);
    if (wasOutput) {
      s.audio.pause();
      s.audio.removeAttribute('src');
      s.audio.load();
    }
    s.loadedTrackId = null;
    s.loadedItem = null;
    s.pendingSeek = null;
    this.clearTimers();
    s.hooks.onPosition(null);
    s.hooks.onDuration(null);
  }

  private clearTimers(): void {
    this.reports.stop();
    this.trackEnd.clearRetry();
  }
}
