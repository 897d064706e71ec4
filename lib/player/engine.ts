import type { OutputState, Player, PlayerSound, Track } from '@/contracts';
import { SOUND_SETTINGS_ABSENT, type SoundSettings } from '@/contracts/sound-settings';
import type { AudioGraph } from './audio-graph';
import {
  isOutputDevice,
  leaveReportTime,
  onMediaError,
  onPlayRefused,
  onTrackEnded,
  retryDelayMs,
  serverMovedPosition,
  shouldSound,
  REPORT_INTERVAL_MS,
} from './decisions';
import { AloneRun, type AlonePosition } from './alone';
import { mediaCorsReady, setMediaCors } from './media-cors';
import { bindMediaKeys, showOnMediaSession } from './media-session';
import { PlayMeter, type PlayReport } from './play-reports';
import { toElementVolume, VOLUME_MAX } from './volume';
import { createWakeLock } from './wake-lock';

/** What the engine needs from the app; it never calls the server itself. */
export interface EngineHooks {
  /** Seconds into the track, or null when this device holds no audio. */
  onPosition(seconds: number | null): void;
  /** Length the audio element found (more exact than the server's whole seconds). */
  onDuration(seconds: number | null): void;
  /** The browser refused to start audio: the bar shows the tap prompt until `startFromTap`. */
  onNeedsTap(needed: boolean): void;
  /**
   * What the music really does on this device, the moment it changes (null: this device is not the
   * output, or has nothing to play). The app tells the server, so the remotes stop claiming music the
   * shop does not hear.
   */
  onOutputState?(state: OutputState | null): void;
  /** Ask the server for the next track (ended, failed to load, media key). */
  requestNext(): void;
  /** Ask the server for a fresh copy of the current track (new signed URL). */
  requestReload(): void;
  /**
   * Report position and volume (`update-volume`). `leaving`: the page is being hidden or unloaded, so
   * the request must outlive it and nobody waits for the answer.
   */
  report(currentTime: number, volume: number, options?: { leaving?: boolean }): void;
  /** Media keys and the lock screen. */
  togglePlay(): void;
  /** A track could not be played; the engine has already chosen what to do. */
  onTrackFailed(): void;
  /** What this device really played of a track (proof of play), when it ends or gives way. */
  onPlayed?(report: PlayReport): void;
  /** Playing on alone (API away): the track that sounds now, which the stale player does not name. */
  onAloneTrack?(track: Track): void;
  /**
   * The device moved on to the announced next track by itself (a track's end, a crossfade) and the
   * server has not named it yet: the track that sounds meanwhile; null once the server's player names
   * what sounds again.
   */
  onAheadTrack?(track: Track | null): void;
  /** Playing on alone ran out of announced tracks: nothing sounds until the API is back. */
  onAloneExhausted?(): void;
}

/** With the graph: the music fades out over this long before a spot, and back in over MUSIC_FADE_IN_S after. */
export const MUSIC_FADE_OUT_S = 0.5;
export const MUSIC_FADE_IN_S = 1;
/** A sound shorter than this ducks the music to DUCK_LEVEL instead of pausing it (issue 28). */
export const DUCK_UNDER_S = 5;
export const DUCK_LEVEL = 0.3;
const DUCK_S = 0.2;
/** A skip fades the track out over this long (with the graph). */
export const SKIP_FADE_S = 0.3;
/** The crossfade's next track is started this much earlier, so it sounds by the fade's start. */
const CROSSFADE_LEAD_S = 0.5;
/** How long a new audio context may take to start by itself before the device asks for the tap. */
const GRAPH_START_MS = 500;
/** The same wait on a page that has had a click, whose context the browser lets resume (checkGraphStarts). */
const GRAPH_RESUME_ACTIVATED_MS = 3_000;

/** A sound short enough to play over the music, ducked (a spot always pauses it, as SPEC §4 says). */
export function ducksMusic(item: PlayerSound): boolean {
  return item.type === 'sound' && typeof item.duration === 'number' && item.duration < DUCK_UNDER_S;
}

/** The music has not moved for this long while it should sound: the device reports it stalled. */
export const STALL_MS = 5_000;

/** The music plan's volume changes glide over this long on the audio device (issue 26: 5 s). */
export const VOLUME_RAMP_MS = 5_000;
const VOLUME_RAMP_STEP_MS = 100;

/**
 * The audio engine (no React): one element for music, plus a slot for the element that plays
 * spots and sounds over paused music (SpotPlayer fills it). It follows the server's player:
 * only on the device the player names does it make sound.
 */
export class PlayerEngine {
  /**
   * The music element. With the graph a second one takes turns with it (a crossfade, a skip's fade):
   * this is always the one that plays the current track, `data-player-audio` marks it.
   */
  audio: HTMLAudioElement;
  /** Every music element, the first (given or made) and the second one the graph adds. */
  readonly musicElements: HTMLAudioElement[] = [];
  /** Spots and sounds play here; while it holds the floor the music element stays paused. */
  spot: HTMLAudioElement | null = null;
  private spotHoldsFloor = false;

  private player: Player | null = null;
  private sessionId: string | null = null;
  private loadedTrackId: number | null = null;
  private lastServerTime: number | null = null;
  private lastReported: number | null = null;
  private reloadedTrackId: number | null = null;
  private failuresInRow = 0;
  private needsTap = false;
  private reportTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pendingSeek: number | null = null;
  /** Set while a failed track is fetched again, so it resumes where the audio was. */
  private resumeAt: number | null = null;
  private errorHandledForLoad = false;
  private disposed = false;
  /** Proof of play, one meter per music element (a track going out in a crossfade is still heard). */
  private readonly meters = new Map<HTMLAudioElement, PlayMeter>();
  private get meter(): PlayMeter | null {
    return this.meters.get(this.audio) ?? null;
  }
  /** Set while the API is away: the device plays on from `base.next_tracks` and ignores stale states. */
  private alone: AloneRun | null = null;
  /** What the music really does, as last told through `onOutputState`. */
  private outputState: OutputState | null = null;
  /** When the music element last moved on (or was asked to start): the stall watch counts from here. */
  private progressAt = 0;
  private progressTime = -1;
  private stalled = false;
  private stallTimer: ReturnType<typeof setInterval> | null = null;
  /** The music plan's volume change under way: the element glides to `target` (0–1) over VOLUME_RAMP_MS. */
  private ramp: { target: number; timer: ReturnType<typeof setInterval> | ReturnType<typeof setTimeout> } | null = null;
  private readonly wakeLock = createWakeLock();
  /**
   * The Web Audio graph (audio-graph.ts), loaded on the first track of an API whose media carry CORS,
   * in a browser that has the API: item gains, fades and the plan's glides live there. Without it the
   * device plays as before.
   */
  private graph: AudioGraph | null = null;
  private graphLoading = false;
  /** The prompt shows because the audio context is suspended (not because the element was refused). */
  private tapForGraph = false;
  private sound: SoundSettings = SOUND_SETTINGS_ABSENT;
  /** The music track loaded (its loudness decides its gain). */
  private loadedItem: Track | null = null;
  /** The spot or sound playing over (or instead of) the music. */
  private spotItem: PlayerSound | null = null;
  /** A short sound plays over the music, which sounds at DUCK_LEVEL meanwhile. */
  private ducked = false;
  /** The next track loading on the spare element, to cross into once it sounds. */
  private crossfade: { element: HTMLAudioElement; onPlaying: () => void } | null = null;
  /**
   * The server's track the device has moved past by itself (a crossfade, or a cut at the track's end),
   * to the first track the server announced: until a state names another track, one still naming this
   * is the server not having answered the device's `next` yet, and is not followed back.
   */
  private aheadOf: number | null = null;
  /**
   * Set when the API went away while the device was ahead: the run starts on the announced track that
   * sounds, and the failed `next` that was asking for it does not move the run on again.
   */
  private aheadCounted = false;
  /** The element of the track going out (a crossfade, a skip's fade). */
  private tail: { element: HTMLAudioElement; timer: ReturnType<typeof setTimeout> } | null = null;
  private fadeTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set by the spot player when the browser refused the spot too: the tap starts it. */
  spotWaitsForTap: (() => void) | null = null;

  constructor(
    private readonly hooks: EngineHooks,
    audio?: HTMLAudioElement,
  ) {
    this.audio = audio ?? new Audio();
    this.audio.preload = 'auto';
    this.audio.setAttribute('data-player-audio', '');
    // Before our own listeners: an `ended` must close the meter's item before the next track loads.
    this.addMusicElement(this.audio);
    this.listen(this.audio, true);
    bindMediaKeys({
      play: () => {
        if (!this.player?.is_playing) this.hooks.togglePlay();
        else this.startFromTap();
      },
      pause: () => {
        if (this.player?.is_playing) this.hooks.togglePlay();
      },
      next: () => this.hooks.requestNext(),
    });
    if (typeof window !== 'undefined') {
      window.addEventListener('beforeunload', this.handleLeave);
      window.addEventListener('pagehide', this.handleLeave);
    }
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.handleLeave);
  }

  /** Follow a new server state (or a new device session). Cheap to call on every answer. */
  apply(player: Player | null, sessionId: string | null): void {
    if (this.disposed) return;
    // Playing on alone: states arriving now are older than what sounds; the return's reconciliation decides.
    if (this.alone) {
      this.sessionId = sessionId;
      return;
    }
    const previous = this.player;
    this.player = player;
    this.sessionId = sessionId;
    const output = isOutputDevice(player, sessionId);
    const track = player?.track ?? null;

    if (!output || !track) {
      this.silence(previous, sessionId);
      this.lastServerTime = player?.current_time ?? null;
      this.refreshOutput();
      return;
    }

    this.followVolume(previous, player!);

    // The device went on to the announced next track and the server has not answered its `next` yet.
    const behind = this.aheadOf !== null && track.id === this.aheadOf && this.loadedTrackId !== null;
    if (!behind) this.setAhead(null);
    if (behind) {
      // What sounds stays; the state's time is the old track's.
    } else if (track.id !== this.loadedTrackId) {
      const resume = this.resumeAt;
      this.resumeAt = null;
      this.load(track, resume ?? player!.current_time);
    } else if (serverMovedPosition(this.lastServerTime, player!.current_time, this.lastReported)) {
      this.seekElement(player!.current_time);
    }
    this.lastServerTime = behind ? null : player!.current_time;

    const sound = shouldSound(player, sessionId);
    if (sound && !this.spotHoldsFloor) this.start();
    else this.pauseAndReport(previous);
    // With nothing to start the prompt goes; while there is, it stays until the tap (see start).
    if (!sound) this.setNeedsTap(false);

    showOnMediaSession(this.player);
    this.updateReportTimer();
    this.refreshOutput();
  }

  /** The server's track the device has moved past (see aheadOf), and the track that sounds instead. */
  private setAhead(of: number | null, track: Track | null = null): void {
    const was = this.aheadOf;
    this.aheadOf = of;
    if (of !== null && track) this.hooks.onAheadTrack?.(track);
    else if (was !== null) this.hooks.onAheadTrack?.(null);
  }

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
    if (this.disposed) return;
    if (this.needsTap || this.spotWaitsForTap || this.tapForGraph) {
      this.startFromTap();
      return;
    }
    this.audio.muted = false;
    this.graph?.resume();
    if (!play || this.alone || this.spotHoldsFloor || this.loadedTrackId === null) return;
    if (!isOutputDevice(this.player, this.sessionId) || !this.audio.paused) return;
    this.noteProgress();
    this.audio.play()?.catch((error: unknown) => {
      // Refused even inside the gesture: the prompt, once the server says it should sound (start asks again).
      if (onPlayRefused(error) === 'ask-for-tap' && shouldSound(this.player, this.sessionId) && this.audio.paused)
        this.setNeedsTap(true);
    });
  }

  /** After a press started by `playFromGesture`: the element follows the server's player again. */
  settle(): void {
    if (this.disposed || this.alone) return;
    if (!shouldSound(this.player, this.sessionId) && !this.audio.paused && !this.spotHoldsFloor) this.audio.pause();
  }

  /** Called from the tap on the prompt: the gesture lets the browser start audio at once. */
  startFromTap(): void {
    // A muted element (see handleVolumeChange) may sound once the tap has unlocked the page.
    this.audio.muted = false;
    this.graph?.resume();
    this.tapForGraph = false;
    this.setNeedsTap(false);
    // A spot the browser refused starts now, in the tap's gesture; the music follows when it ends.
    const spot = this.spotWaitsForTap;
    this.spotWaitsForTap = null;
    spot?.();
    // Under a spot the music waits; the tap has unlocked the page, so it starts when the spot ends.
    if (shouldSound(this.player, this.sessionId) && !this.spotHoldsFloor) this.start();
  }

  /** The spot player: the browser refused to start a spot; `resume` plays it from the tap. */
  spotRefused(resume: () => void): void {
    this.spotWaitsForTap = resume;
    if (isOutputDevice(this.player, this.sessionId)) this.setNeedsTap(true);
  }

  /**
   * SpotPlayer uses this to pause music under a spot (`item`) and to resume it after. With the graph the
   * music fades out first: the answer is how long (ms) the spot waits for that; a short sound ducks the
   * music instead (it plays on, lower); the music fades back in after.
   */
  holdForSpot(hold: boolean, item?: PlayerSound): number {
    const graph = this.graph;
    this.clearFade();
    if (hold) {
      this.cancelCrossfade();
      this.endTail();
      this.spotItem = item ?? null;
      if (graph && item && this.spot) graph.level(this.spot, 'level', 'spot.level', this.gainOf(item, true));
      if (graph && item && ducksMusic(item) && !this.spotHoldsFloor) {
        this.ducked = true;
        graph.ramp(this.audio, 'fade', 'music.fade', DUCK_LEVEL, DUCK_S);
        this.refreshOutput();
        return 0;
      }
      this.ducked = false;
      const was = this.spotHoldsFloor;
      this.spotHoldsFloor = true;
      this.refreshOutput();
      if (!graph || was || this.audio.paused) {
        this.audio.pause();
        return 0;
      }
      graph.ramp(this.audio, 'fade', 'music.fade', 0, MUSIC_FADE_OUT_S);
      this.fadeTimer = setTimeout(() => {
        this.fadeTimer = null;
        if (this.spotHoldsFloor) this.audio.pause();
      }, MUSIC_FADE_OUT_S * 1000);
      return MUSIC_FADE_OUT_S * 1000;
    }
    this.spotItem = null;
    this.spotWaitsForTap = null;
    const paused = this.spotHoldsFloor;
    this.spotHoldsFloor = false;
    if (this.ducked || paused)
      graph?.ramp(this.audio, 'fade', 'music.fade', 1, MUSIC_FADE_IN_S, paused ? 0 : undefined);
    this.ducked = false;
    if (shouldSound(this.player, this.sessionId)) this.start();
    this.refreshOutput();
    return 0;
  }

  /**
   * The shop's sound settings (contracts/sound-settings.ts), read from its settings rows: the gains of
   * what sounds now follow at once.
   */
  setSoundSettings(settings: SoundSettings): void {
    this.sound = settings;
    this.applyLevels();
  }

  /** What the graph has scheduled (the music's and spot's gains) follows the items and settings now. */
  private applyLevels(): void {
    const graph = this.graph;
    if (!graph) return;
    graph.level(this.audio, 'level', 'music.level', this.gainOf(this.loadedItem, false));
    if (this.spotItem && this.spot) graph.level(this.spot, 'level', 'spot.level', this.gainOf(this.spotItem, true));
  }

  private gainOf(item: Track | PlayerSound | null, spot: boolean): number {
    return this.graphModule?.itemGainDb(item, this.sound, spot) ?? 0;
  }

  private graphModule: typeof import('./audio-graph') | null = null;

  /**
   * Loads the graph on the first track that needs it (our API's media, a browser with Web Audio). The
   * module comes in its own chunk, so a device that never builds a graph never downloads it.
   */
  private ensureGraph(): void {
    if (this.graph || this.graphLoading || !mediaCorsReady(this.player)) return;
    if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return;
    this.graphLoading = true;
    import('./audio-graph')
      .then((module) => {
        if (this.disposed) return;
        this.graphModule = module;
        this.graph = new module.AudioGraph(this.handleGraphState);
        this.graph.attachMusic(this.audio);
        if (this.spot) this.graph.attachSpot(this.spot);
        this.applyLevels();
        // A page already touched may sound at once; a context that is still suspended a moment later
        // waits for the tap.
        this.graph.resume();
        setTimeout(this.handleGraphState, GRAPH_START_MS);
      })
      .catch(() => {
        // The chunk could not be loaded (offline before it was kept): the device plays as before.
      })
      .finally(() => {
        this.graphLoading = false;
      });
  }

  private graphCheck: ReturnType<typeof setTimeout> | null = null;

  /**
   * The music is to sound through a suspended audio context (the output came back to this device, play
   * was pressed elsewhere): it is asked to resume, which a page that has had a click allows, and when it
   * is still suspended a moment later the device asks for the tap, as at the graph's start. Without this
   * a device the output returned to played silently with no prompt. A page that has had a click
   * (`navigator.userActivation`) is allowed to resume, which on a busy PC can take longer than a
   * moment: it is given GRAPH_RESUME_ACTIVATED_MS before the prompt, so a slow resume never shows a
   * prompt (and turns the next press on the bar into its tap) on a device that can sound.
   */
  private checkGraphStarts(): void {
    const graph = this.graph;
    if (!graph?.suspended || this.graphCheck) return;
    graph.resume();
    const activated = typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive === true;
    this.graphCheck = setTimeout(
      () => {
        this.graphCheck = null;
        this.handleGraphState();
      },
      activated ? GRAPH_RESUME_ACTIVATED_MS : GRAPH_START_MS,
    );
  }

  /** The spot player's element joins the graph (if there is one) before it loads an item. */
  spotElementReady(element: HTMLAudioElement, cors: boolean): void {
    if (cors) this.graph?.attachSpot(element);
  }

  /** The audio context started or stopped: a suspended one is silent, which the tap cures (needs_tap). */
  private readonly handleGraphState = (): void => {
    if (this.disposed || !this.graph) return;
    const sound = shouldSound(this.player, this.sessionId);
    if (this.graph.suspended) {
      if (sound && !this.needsTap) {
        this.tapForGraph = true;
        this.setNeedsTap(true);
      }
    } else {
      // Running (the tap, or a gesture elsewhere on the page): a prompt only the context wanted goes,
      // and so does one an element that plays by now no longer needs.
      const forGraph = this.tapForGraph;
      this.tapForGraph = false;
      if (this.needsTap && !this.audio.muted && !this.spotWaitsForTap && (forGraph || !this.audio.paused)) {
        this.setNeedsTap(false);
        if (sound && !this.spotHoldsFloor) this.start();
      }
    }
    this.refreshOutput();
  };

  private clearFade(): void {
    if (this.fadeTimer) clearTimeout(this.fadeTimer);
    this.fadeTimer = null;
  }

  /** The spot element started sounding (the shop hears the spot while the music waits). */
  spotSounding(): void {
    this.refreshOutput();
  }

  /**
   * The API is away: from now on the device goes on by itself, to the next tracks the server announced
   * (`next_tracks`, in the player's order, kept by the media cache), until `endAlone`. Only a sounding
   * output device of an API that announces its next tracks does (Laravel's does not: false).
   */
  beginAlone(): boolean {
    if (this.alone) return true;
    this.alone = AloneRun.begin(this.player, shouldSound(this.player, this.sessionId) && this.loadedTrackId !== null);
    const first = this.player?.next_tracks?.[0];
    if (
      this.alone &&
      this.aheadOf !== null &&
      this.aheadOf === this.player?.track?.id &&
      first?.id === this.loadedTrackId
    ) {
      // Already on the first announced track: the run counts it, and the return tells the server once.
      this.alone.advance();
      this.aheadCounted = true;
      this.hooks.onAloneTrack?.(first);
    }
    this.setAhead(null);
    return this.alone !== null;
  }

  get isAlone(): boolean {
    return this.alone !== null;
  }

  /** Where the device is now, while alone. The time is taken as the one last reported, so the answer does not seek. */
  alonePosition(): AlonePosition | null {
    if (!this.alone) return null;
    const position = this.alone.position(this.loadedTrackId, this.audio.currentTime);
    this.lastReported = position.time;
    return position;
  }

  /** The API is back and the device follows the server again (the next `apply` decides what sounds). */
  endAlone(): void {
    if (!this.alone) return;
    this.alone = null;
    this.aheadCounted = false;
    // The state applied next is compared with the time the device reported, not the stale base's.
    this.lastServerTime = null;
  }

  /** Next while alone (a track's end with the API away, the media key): the following announced track. */
  goOnAlone(): void {
    if (this.aheadCounted) {
      // The `next` that failed asked for the track that already sounds (see beginAlone).
      this.aheadCounted = false;
      return;
    }
    if (this.alone && !this.alone.isExhausted) this.advanceAlone();
  }

  /** Next on alone: the following announced track, or silence when none is left. */
  private advanceAlone(): void {
    const next = this.alone!.advance();
    if (!next) {
      this.hooks.onAloneExhausted?.();
      return;
    }
    this.resumeAt = null;
    this.load(next, 0);
    this.hooks.onAloneTrack?.(next);
    this.start();
  }

  get currentTime(): number | null {
    return this.loadedTrackId === null ? null : this.audio.currentTime;
  }

  /** Lets a slider move the sound before the server answers. */
  previewVolume(volume: number): void {
    this.stopRamp();
    this.audio.volume = toElementVolume(volume);
  }

  dispose(): void {
    this.disposed = true;
    if (this.graphCheck) clearTimeout(this.graphCheck);
    this.stopRamp();
    this.clearFade();
    this.cancelCrossfade();
    this.endTail();
    this.graph?.dispose();
    this.graph = null;
    this.wakeLock.dispose();
    this.stopStallWatch();
    for (const meter of this.meters.values()) {
      meter.finish(false);
      meter.dispose();
    }
    this.clearTimers();
    this.audio.pause();
    this.audio.removeAttribute('src');
    this.audio.load();
    this.listen(this.audio, false);
    if (typeof window !== 'undefined') {
      window.removeEventListener('beforeunload', this.handleLeave);
      window.removeEventListener('pagehide', this.handleLeave);
    }
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.handleLeave);
  }

  /** A music element joins: its own proof-of-play meter (registered before the engine's listeners). */
  private addMusicElement(element: HTMLAudioElement): void {
    this.musicElements.push(element);
    if (this.hooks.onPlayed) this.meters.set(element, new PlayMeter(element, this.hooks.onPlayed));
  }

  /** The engine's listeners go with the role: only the element of the current track drives it. */
  private listen(element: HTMLAudioElement, on: boolean): void {
    const method = on ? element.addEventListener.bind(element) : element.removeEventListener.bind(element);
    method('timeupdate', this.handleTime);
    method('loadedmetadata', this.handleMetadata);
    method('ended', this.handleEnded);
    method('error', this.handleError);
    method('playing', this.handlePlaying);
    method('pause', this.handlePause);
    method('volumechange', this.handleVolumeChange);
  }

  /** The music element not playing the current track (made on first need, with the graph only). */
  private spareElement(): HTMLAudioElement | null {
    const graph = this.graph;
    if (!graph) return null;
    let spare = this.musicElements.find((element) => element !== this.audio);
    if (!spare) {
      spare = new Audio();
      spare.preload = 'auto';
      spare.hidden = true;
      this.addMusicElement(spare);
      this.audio.parentNode?.appendChild(spare);
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
  private handOver(incoming: HTMLAudioElement, tailSeconds: number): void {
    const old = this.audio;
    this.endTail();
    this.listen(old, false);
    old.removeAttribute('data-player-audio');
    incoming.volume = old.volume;
    incoming.setAttribute('data-player-audio', '');
    this.audio = incoming;
    this.listen(incoming, true);
    this.tail = { element: old, timer: setTimeout(() => this.endTail(), tailSeconds * 1000) };
  }

  /** The tail stops (its fade is over, or the music stops altogether): what it played is reported. */
  private endTail(): void {
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
  private maybeCrossfade(): void {
    const seconds = this.sound.crossfadeSeconds;
    if (!this.graph || seconds <= 0 || this.crossfade || this.tail || this.alone) return;
    if (this.spotHoldsFloor || this.ducked || this.audio.paused || !shouldSound(this.player, this.sessionId)) return;
    const duration = this.audio.duration;
    if (!Number.isFinite(duration) || duration < seconds * 2 + 1) return;
    if (duration - this.audio.currentTime > seconds + CROSSFADE_LEAD_S) return;
    const next = this.player?.next_tracks?.[0];
    if (!next || next.id === this.loadedTrackId) return;
    const incoming = this.spareElement();
    if (!incoming) return;
    const graph = this.graph;
    this.meters.get(incoming)?.begin('track', next.id);
    graph.level(incoming, 'level', 'next.level', this.gainOf(next, false));
    graph.level(incoming, 'fade', 'next.fade', -Infinity);
    incoming.volume = this.audio.volume;
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

  private crossTo(incoming: HTMLAudioElement, next: Track, seconds: number): void {
    const graph = this.graph!;
    const old = this.audio;
    graph.equalPower(incoming, 'next.fade', true, seconds);
    graph.equalPower(old, 'tail.fade', false, seconds);
    // The tail plays to its end (its meter then reports it as played through).
    this.handOver(incoming, seconds + CROSSFADE_LEAD_S + 1);
    this.setAhead(this.player?.track?.id ?? null, next);
    this.loadedTrackId = next.id;
    this.loadedItem = next;
    this.errorHandledForLoad = false;
    this.pendingSeek = null;
    this.progressTime = -1;
    // The server's answer (this track, from 0) is no move to follow.
    this.lastServerTime = null;
    this.lastReported = 0;
    this.hooks.onPosition(incoming.currentTime);
    this.hooks.onDuration(Number.isFinite(incoming.duration) ? incoming.duration : null);
    this.hooks.requestNext();
    this.refreshOutput();
  }

  /** A crossfade that has not started sounding yet is dropped (a skip, a spot, a pause came first). */
  private cancelCrossfade(): void {
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

  private load(track: Track, startAt: number): void {
    const { url, id: trackId } = track;
    this.cancelCrossfade();
    this.setAhead(null);
    // With the graph a sounding track is not cut: it fades out over SKIP_FADE_S on the other element
    // while the new one starts on this role's.
    // A tail still fading out (a crossfade just made) gives way to the new fade.
    const sounding = !this.audio.paused && this.loadedTrackId !== null;
    if (sounding) this.endTail();
    const spare = sounding ? this.spareElement() : null;
    if (spare) {
      this.graph!.ramp(this.audio, 'fade', 'tail.fade', 0, SKIP_FADE_S);
      this.handOver(spare, SKIP_FADE_S);
      this.graph!.level(spare, 'fade', 'music.fade', 0);
    }
    // The track before (if it did not reach its end) is reported as far as it was heard.
    this.meter?.begin('track', trackId);
    this.loadedTrackId = trackId;
    this.loadedItem = track;
    this.errorHandledForLoad = false;
    // 'audible' is earned again by this track's own moving time, not the last one's.
    this.progressTime = -1;
    this.pendingSeek = startAt > 0 ? startAt : null;
    setMediaCors(this.audio, mediaCorsReady(this.player) || this.graph !== null);
    this.audio.src = url;
    this.audio.load();
    this.ensureGraph();
    this.applyLevels();
    this.hooks.onPosition(startAt);
  }

  private seekElement(seconds: number): void {
    if (this.audio.readyState >= 1) this.audio.currentTime = seconds;
    else this.pendingSeek = seconds;
    this.hooks.onPosition(seconds);
  }

  private start(): void {
    if (!this.audio.paused) return;
    // The stall watch counts from the start: a track that never begins to sound stalls too.
    this.noteProgress();
    // Refused once, the music waits for the tap on the prompt (startFromTap clears the flag first).
    // Trying again on every player update (a resync, another device's change, a spot ending) is refused
    // again, or, once the page has been touched anywhere, starts the music and takes the prompt away just
    // as the tap comes, which then lands on the control beneath it.
    if (this.needsTap) return;
    this.checkGraphStarts();
    const attempt = this.audio.play();
    // Old engines return undefined; there is nothing to catch then.
    attempt?.catch((error: unknown) => {
      switch (onPlayRefused(error)) {
        case 'ask-for-tap':
          if (shouldSound(this.player, this.sessionId) && this.audio.paused) this.setNeedsTap(true);
          break;
        case 'recover':
          // Usually the element's error event reports the same failure; handleError runs once per load.
          this.handleError();
          break;
        case 'ignore':
          break;
      }
    });
  }

  private pauseAndReport(previous: Player | null): void {
    this.cancelCrossfade();
    this.endTail();
    const wasSounding = !this.audio.paused;
    this.audio.pause();
    if (wasSounding && previous && this.player) this.reportNow();
  }

  /** This device is no longer the output (or nothing to play): stop and forget the track. */
  private silence(previous: Player | null, sessionId: string | null): void {
    this.setNeedsTap(false);
    const wasOutput = isOutputDevice(previous, sessionId) && this.loadedTrackId !== null;
    this.setAhead(null);
    this.cancelCrossfade();
    this.endTail();
    this.meter?.finish(false);
    if (wasOutput) {
      this.audio.pause();
      this.audio.removeAttribute('src');
      this.audio.load();
    }
    this.loadedTrackId = null;
    this.loadedItem = null;
    this.pendingSeek = null;
    this.clearTimers();
    this.hooks.onPosition(null);
    this.hooks.onDuration(null);
  }

  /**
   * The element's volume follows the player's: at once for a press, over VOLUME_RAMP_MS when the music
   * plan changed it while the music sounds (a block's volume). The glide is never reported: the reports
   * carry its target (see currentVolume).
   */
  private followVolume(previous: Player | null, player: Player): void {
    const target = toElementVolume(player.volume);
    if (this.ramp?.target === target) return;
    this.stopRamp();
    const planned = player.plan?.applied === true && previous !== null && previous.volume !== player.volume;
    if (!planned || this.audio.paused || this.audio.volume === target) {
      this.audio.volume = target;
      return;
    }
    const from = this.audio.volume;
    const graph = this.graph;
    if (graph) {
      // The glide lives in the graph: the element takes the new volume (the player's) at once and the
      // plan gain goes from where the sound was to 1; down to silence the element follows at the end.
      const seconds = VOLUME_RAMP_MS / 1000;
      if (target > 0) {
        this.audio.volume = target;
        graph.planRamp(1, seconds, from / target);
      } else graph.planRamp(0, seconds, 1);
      this.ramp = { target, timer: setTimeout(() => this.stopRamp(), VOLUME_RAMP_MS) };
      return;
    }
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const t = Math.min(1, (Date.now() - startedAt) / VOLUME_RAMP_MS);
      this.audio.volume = from + (target - from) * t;
      if (t >= 1) this.stopRamp();
    }, VOLUME_RAMP_STEP_MS);
    this.ramp = { target, timer };
  }

  private stopRamp(): void {
    if (!this.ramp) return;
    clearInterval(this.ramp.timer);
    this.audio.volume = this.ramp.target;
    this.graph?.planRamp(1, 0);
    this.ramp = null;
  }

  private reportNow(): void {
    if (!this.player || this.loadedTrackId === null || this.alone) return;
    // Ahead of the server (see aheadOf): its track is not the one sounding, so no time of ours fits it.
    if (this.aheadOf !== null) return;
    const time = this.audio.currentTime;
    this.lastReported = time;
    this.hooks.report(time, this.currentVolume());
  }

  /**
   * The volume the music has now (0–100). A slider or the mute button sets the element at once and the
   * server a moment later: a report sent in between must carry the new volume, not undo it.
   */
  private currentVolume(): number {
    return Math.round((this.ramp ? this.ramp.target : this.audio.volume) * VOLUME_MAX);
  }

  /**
   * The page is being hidden or unloaded: the output device tells the server where the music is, so a
   * reload (or another device) goes on from here rather than from the last periodic report. A reload
   * asks for the new page before pagehide fires (the old page goes only once the new one arrives), so
   * the report also goes at beforeunload: the new page's server-rendered player then has the position.
   */
  private readonly handleLeave = (event: Event): void => {
    if (this.disposed) return;
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
    const time = leaveReportTime({
      sounding: shouldSound(this.player, this.sessionId) && this.loadedTrackId !== null,
      elementPlaying: !this.audio.paused,
      spotHoldsFloor: this.spotHoldsFloor,
      position: this.pendingSeek ?? this.audio.currentTime,
      lastReported: this.lastReported,
    });
    if (time === null || !this.player || this.alone) return;
    this.lastReported = time;
    this.hooks.report(time, this.currentVolume(), { leaving: true });
  };

  private updateReportTimer(): void {
    const playing = shouldSound(this.player, this.sessionId);
    if (playing && !this.reportTimer) {
      this.reportTimer = setInterval(() => {
        if (!this.audio.paused) this.reportNow();
      }, REPORT_INTERVAL_MS);
    } else if (!playing && this.reportTimer) {
      clearInterval(this.reportTimer);
      this.reportTimer = null;
    }
  }

  private clearTimers(): void {
    if (this.reportTimer) clearInterval(this.reportTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.reportTimer = null;
    this.retryTimer = null;
  }

  private setNeedsTap(needed: boolean): void {
    if (this.needsTap === needed) return;
    this.needsTap = needed;
    this.hooks.onNeedsTap(needed);
    this.refreshOutput();
  }

  /** What the music really does now; undefined while that is still being found out (a track loading). */
  private currentOutput(): OutputState | null | undefined {
    if (!isOutputDevice(this.player, this.sessionId) || !this.player?.track) return null;
    // A muted element plays on silently (the only start a browser allows without a gesture).
    if (this.needsTap || this.audio.muted || (this.graph?.suspended && this.player.is_playing)) return 'needs_tap';
    if (!this.player.is_playing) return 'paused';
    if (this.spotHoldsFloor) return this.spot && !this.spot.paused && this.spot.readyState >= 3 ? 'audible' : undefined;
    if (this.stalled) return 'stalled';
    if (!this.audio.paused && this.progressTime >= 0) return 'audible';
    return undefined;
  }

  /** Tells the app when what the music really does changed, and keeps the stall watch running while it should sound. */
  private refreshOutput(): void {
    if (this.disposed) return;
    const watch = shouldSound(this.player, this.sessionId) && !this.spotHoldsFloor && !this.needsTap;
    if (watch) this.startStallWatch();
    else {
      this.stopStallWatch();
      this.stalled = false;
    }
    const state = this.currentOutput();
    if (state === undefined || state === this.outputState) return;
    this.outputState = state;
    this.hooks.onOutputState?.(state);
  }

  private noteProgress(): void {
    this.progressAt = Date.now();
  }

  private startStallWatch(): void {
    if (this.stallTimer) return;
    this.noteProgress();
    this.stallTimer = setInterval(() => {
      const stalled = Date.now() - this.progressAt >= STALL_MS;
      if (stalled === this.stalled) return;
      this.stalled = stalled;
      this.refreshOutput();
    }, 1000);
  }

  private stopStallWatch(): void {
    if (this.stallTimer) clearInterval(this.stallTimer);
    this.stallTimer = null;
  }

  private readonly handleTime = () => {
    if (this.loadedTrackId !== null) this.hooks.onPosition(this.audio.currentTime);
    this.maybeCrossfade();
    // Only time that moves forward is music the shop hears (a seek back restarts the count too).
    if (this.audio.currentTime !== this.progressTime) {
      const first = this.progressTime < 0;
      this.progressTime = this.audio.currentTime;
      this.noteProgress();
      if (this.stalled || first) {
        this.stalled = false;
        this.refreshOutput();
      }
    }
  };

  private readonly handlePause = () => {
    this.wakeLock.set(false);
    this.refreshOutput();
  };

  private readonly handleMetadata = () => {
    if (this.pendingSeek !== null) {
      const target = this.pendingSeek;
      this.pendingSeek = null;
      // A stored time past the end (the file changed) would end at once; start over instead.
      if (!Number.isFinite(this.audio.duration) || target < this.audio.duration - 1) this.audio.currentTime = target;
    }
    this.hooks.onDuration(Number.isFinite(this.audio.duration) ? this.audio.duration : null);
  };

  private readonly handlePlaying = () => {
    this.failuresInRow = 0;
    this.reloadedTrackId = null;
    this.noteProgress();
    // (A suspended audio context asks for the tap through handleGraphState.)
    this.setNeedsTap(this.audio.muted && shouldSound(this.player, this.sessionId));
    this.wakeLock.set(true);
    this.refreshOutput();
  };

  /**
   * We never mute the element (the mute button sets its volume), so a muted one was muted by the
   * browser (an autoplay policy lets a page start media only muted) or by something outside the app:
   * it may play with its time moving, and the shop hears nothing. That is a tap to ask for.
   */
  private readonly handleVolumeChange = () => {
    if (!isOutputDevice(this.player, this.sessionId)) return;
    if (this.audio.muted) this.setNeedsTap(shouldSound(this.player, this.sessionId));
    else if (this.needsTap && !this.audio.paused && !this.spotWaitsForTap && !this.graph?.suspended)
      this.setNeedsTap(false);
    this.refreshOutput();
  };

  private readonly handleEnded = () => {
    if (this.alone) {
      this.advanceAlone();
      return;
    }
    if (onTrackEnded(this.player, this.sessionId) !== 'request-next') return;
    this.cutToAnnounced();
    this.hooks.requestNext();
  };

  /**
   * At a track's end (no crossfade took it over) the first track the server announced starts at once,
   * from the media cache when it holds it, while the server is asked to move on: the shop hears no gap
   * however long the answer takes, and a server that does not answer finds the device already there
   * (see beginAlone). The answer normally names this track; if it names another (the plan, another
   * device), the device follows it.
   */
  private cutToAnnounced(): void {
    const current = this.player?.track;
    const next = this.player?.next_tracks?.[0];
    if (!current || !next || this.loadedTrackId !== current.id || next.id === current.id) return;
    if (this.spotHoldsFloor || !shouldSound(this.player, this.sessionId)) return;
    this.resumeAt = null;
    this.load(next, 0);
    this.setAhead(current.id, next);
    this.lastServerTime = null;
    this.lastReported = 0;
    this.start();
  }

  private readonly handleError = () => {
    // Alone, a file the cache does not hold cannot be fetched again: go on to the next one.
    if (this.alone) {
      if (this.loadedTrackId !== null && !this.errorHandledForLoad) {
        this.errorHandledForLoad = true;
        this.advanceAlone();
      }
      return;
    }
    const track = this.player?.track;
    if (!track || !isOutputDevice(this.player, this.sessionId) || this.loadedTrackId === null) return;
    if (this.errorHandledForLoad) return;
    this.errorHandledForLoad = true;
    this.failuresInRow += 1;
    const action = onMediaError({
      trackId: track.id,
      reloadedTrackId: this.reloadedTrackId,
      failuresInRow: this.failuresInRow,
    });
    if (action === 'reload-track') {
      this.reloadedTrackId = track.id;
      this.resumeAt = this.audio.currentTime > 0 ? this.audio.currentTime : null;
      // Forget the loaded track so the answer (same track, freshly signed URL) is loaded anew.
      this.loadedTrackId = null;
      this.hooks.requestReload();
      return;
    }
    this.hooks.onTrackFailed();
    if (action === 'skip') {
      this.hooks.requestNext();
      return;
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.hooks.requestNext();
    }, retryDelayMs(this.failuresInRow));
  };
}
