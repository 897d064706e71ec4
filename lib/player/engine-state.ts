import type { OutputState, Player, PlayerSound, Track } from '@/contracts';
import { SOUND_SETTINGS_ABSENT, type SoundSettings } from '@/contracts/sound-settings';
import type { AloneRun } from './alone';
import type { AudioGraph } from './audio-graph';
import { isOutputDevice, shouldSound } from './decisions';
import type { PlayReport } from './play-reports';

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

/**
 * What the engine's parts share (engine.ts puts them together): the server's player as last
 * applied, the elements, and the facts each part sets and the others read. Plain data: each part
 * owns its own timers and decisions.
 */
export interface EngineState {
  readonly hooks: EngineHooks;
  /**
   * The music element. With the graph a second one takes turns with it (a crossfade, a skip's fade):
   * this is always the one that plays the current track, `data-player-audio` marks it.
   */
  audio: HTMLAudioElement;
  /** Spots and sounds play here; while it holds the floor the music element stays paused. */
  spot: HTMLAudioElement | null;
  spotHoldsFloor: boolean;
  /** Set by the spot player when the browser refused the spot too: the tap starts it. */
  spotWaitsForTap: (() => void) | null;
  /** The spot or sound playing over (or instead of) the music. */
  spotItem: PlayerSound | null;
  /** A short sound plays over the music, which sounds at DUCK_LEVEL meanwhile. */
  ducked: boolean;
  player: Player | null;
  sessionId: string | null;
  loadedTrackId: number | null;
  /** The music track loaded (its loudness decides its gain). */
  loadedItem: Track | null;
  lastServerTime: number | null;
  lastReported: number | null;
  pendingSeek: number | null;
  /** Set while a failed track is fetched again, so it resumes where the audio was. */
  resumeAt: number | null;
  errorHandledForLoad: boolean;
  /** The music element's time as last seen moving (-1: not yet for this track); see OutputWatch. */
  progressTime: number;
  needsTap: boolean;
  /** Set while the API is away: the device plays on from `base.next_tracks` and ignores stale states. */
  alone: AloneRun | null;
  /**
   * The server's track the device has moved past by itself (a crossfade, or a cut at the track's end),
   * to the first track the server announced: until a state names another track, one still naming this
   * is the server not having answered the device's `next` yet, and is not followed back.
   */
  aheadOf: number | null;
  /**
   * The Web Audio graph (audio-graph.ts), loaded on the first track of an API whose media carry CORS,
   * in a browser that has the API: item gains, fades and the plan's glides live there. Without it the
   * device plays as before.
   */
  graph: AudioGraph | null;
  sound: SoundSettings;
  disposed: boolean;
}

export function engineState(hooks: EngineHooks, audio: HTMLAudioElement): EngineState {
  return {
    hooks,
    audio,
    spot: null,
    spotHoldsFloor: false,
    spotWaitsForTap: null,
    spotItem: null,
    ducked: false,
    player: null,
    sessionId: null,
    loadedTrackId: null,
    loadedItem: null,
    lastServerTime: null,
    lastReported: null,
    pendingSeek: null,
    resumeAt: null,
    errorHandledForLoad: false,
    progressTime: -1,
    needsTap: false,
    alone: null,
    aheadOf: null,
    graph: null,
    sound: SOUND_SETTINGS_ABSENT,
    disposed: false,
  };
}

/** The server's player says this device should sound now. */
export const sounds = (state: EngineState): boolean => shouldSound(state.player, state.sessionId);

/** The server's player names this device as its output. */
export const isOutput = (state: EngineState): boolean => isOutputDevice(state.player, state.sessionId);
