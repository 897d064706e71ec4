import type { OutputState, Player, PlayableType } from '../../../contracts/player';
import type { Db } from '../db/client';
import type { PlayerRow } from '../db/queries/players';
import type { Storage } from '../storage';
import type { Random } from './order';

/** The player service's shapes: who asks, why a player changed, what the music plan calls for, and the service itself. */

/** Who is asking: the tenant, the caller's device session, and its socket (X-Socket-ID). */
export interface Actor {
  customerId: number;
  /** Device session id (`/api/me` session_id) of the caller. */
  sessionId: string | null;
  socketId?: string;
  /**
   * The caller's idempotency key for this command (`Idempotency-Key`, one per press): a command
   * whose key this login has already had applied to the player changes nothing and answers what it
   * answered then; the same key with another command or body is refused (422), never answered so.
   */
  commandKey?: string;
  /** sha256 of the keyed request's method, path (with its query) and body (see http/request.ts). */
  commandHash?: string;
  /**
   * The audio device acting by itself (a track's end asks for the next one): not a manager's
   * press, so it does not hold the music plan.
   */
  automatic?: boolean;
}

export type ChangeReason =
  | 'created'
  | 'random'
  | 'repeat'
  | 'next'
  | 'toggle-play'
  | 'load-track'
  | 'update-volume'
  | 'playable'
  | 'jump'
  /** Audio output moved to another device (sessions/{sessionId}). */
  | 'move-output'
  /** Its playable's tracks or name changed (e.g. the playing track was removed from a playlist). */
  | 'playable-edited'
  /** A track was blocked or unblocked for the shop: left out of the order (the playing one moves on). */
  | 'blocked-tracks'
  /** Its playable was deleted: stopped, with no playable and no track. */
  | 'playable-deleted'
  /** The shop's music plan applied a boundary, or a manager handed control back to it. */
  | 'plan';

export interface PlayerChange {
  customerId: number;
  reason: ChangeReason;
  /** The sender's socket: broadcasts skip it. */
  exceptSocketId?: string;
}

export type PlayerListener = (player: Player, change: PlayerChange) => void | Promise<void>;

/**
 * What the music plan calls for (server/src/scheduler/plan-runner.ts): `playing` true or false, or
 * 'keep' (a shop without opening hours: nothing starts or stops by itself); `sources` in order of
 * preference (the block's, then the default): the first with a playable track plays, none: the music
 * as it is; `volume` null: as it is; `switchNow`: a new source starts at once rather than after the
 * current track (which finishes first only when at most FINISH_TRACK_MAX_S of it is left).
 */
export interface PlanTarget {
  playing: boolean | 'keep';
  sources?: ReadonlyArray<{ type: PlayableType; id: number }>;
  volume?: number | null;
  shuffle?: boolean;
  switchNow?: boolean;
}

/** The part of a block's start that lets the current track finish: at most this many seconds left. */
export const FINISH_TRACK_MAX_S = 180;

/** The next boundary of the shop's plan a press holds the player until (null: the plan is off). */
export type PressHold = (tx: Db, customerId: number, zoneId: number) => Promise<Date | null>;

/** Answers whether a live device session is present (realtime presence); see isSessionOnline. */
export type PresenceCheck = (q: { customerId: number; sessionId: string }) => boolean | Promise<boolean>;

export interface PlayerServiceOptions {
  db: Db;
  storage: Storage;
  /** Session lifetimes, to tell an ended device session from a live one. */
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  random?: Random;
}

export interface PlayerService {
  /** The customer's players; creates the first one when there is none. */
  list(actor: Actor): Promise<Player[]>;
  get(actor: Actor, playerId: number): Promise<Player>;
  toggleRandom(actor: Actor, playerId: number): Promise<Player>;
  toggleRepeat(actor: Actor, playerId: number): Promise<Player>;
  next(actor: Actor, playerId: number): Promise<Player>;
  togglePlay(actor: Actor, playerId: number): Promise<Player>;
  loadTrack(actor: Actor, playerId: number): Promise<Player>;
  /**
   * A volume press, a seek, or the audio device's position report. `version`: the player's version the
   * volume was read from (a report's, a seek's); older than the player's, the volume is out of date
   * (the plan or another device changed the player since) and only the position is taken.
   */
  updateVolume(
    actor: Actor,
    playerId: number,
    input: { volume?: number; currentTime?: number; version?: number },
  ): Promise<Player>;
  setPlayable(
    actor: Actor,
    playerId: number,
    playable: { type: PlayableType; id: number; trackId?: number },
  ): Promise<Player>;
  jumpToTrack(actor: Actor, playerId: number, trackId: number): Promise<Player>;
  /**
   * The audio device says what it really does (`POST /api/players/{id}/output`). Only the device the
   * player names may (else `not-output`). Kept as `output: {state, since}` without raising `version`
   * and without `onPlayerChanged` (no UpdatePlayer): `changed` tells the caller to send OutputChanged.
   */
  reportOutput(actor: Actor, playerId: number, state: OutputState): Promise<{ player: Player; changed: boolean }>;
  /**
   * These device logins of the customer ended (logout, every login of a user ended): a player whose
   * output one of them holds says so (`output.state` `logged_out`, without raising `version`, as a
   * report), so the remotes stop saying they cannot tell whether it sounds. The changed players, for
   * OutputChanged.
   */
  outputLoginsEnded(customerId: number, sessionIds: string[]): Promise<Player[]>;
  /**
   * Hands audio output to the device login `sessionId` at `currentTime` (clamped to the track's
   * length). The target must be a live login of the same customer (not ended, not logged out),
   * else refused as not found; presence is not required, so a device whose socket is reconnecting can still be
   * chosen. Playing or paused stays as it was.
   */
  /** `expectedSessionId` (undefined: not checked): the owner the caller saw; another one is refused as `output-taken`. */
  moveOutput(
    actor: Actor,
    playerId: number,
    target: { sessionId: string; currentTime: number; expectedSessionId?: string | null },
  ): Promise<Player>;
  /**
   * Runs `edit` (a change to a playable's tracks, name, or its deletion) in one transaction with
   * the customer's players that have that playable, locked first, then brings those players in
   * line: a deleted playable stops them and clears playable and track; a removed current track
   * moves on to the next one (stopping at the end without repeat, or when the list is empty); a
   * new order takes effect from the next track. Anything `edit` throws rolls everything back.
   * Changed players are notified after the commit.
   */
  editPlayable<T>(actor: Actor, target: { type: PlayableType; id: number }, edit: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `edit` (a change to the shop's blocked tracks) in one transaction with every player of
   * the shop locked first, then brings each in line as `editPlayable` does: a blocked current track
   * moves on at once, and the announced next tracks leave it out.
   */
  editBlockedTracks<T>(actor: Actor, edit: (tx: Db) => Promise<T>): Promise<T>;

  /** Called after every committed change with the new player. */
  onPlayerChanged(player: Player, change: PlayerChange): Promise<void>;
  /** Adds a listener to onPlayerChanged; returns the remover. */
  addListener(listener: PlayerListener): () => void;
  /**
   * Whether a device session may keep audio output: it must be live (not ended or logged out)
   * and, once a presence check is set, present in the customer's presence channel.
   */
  isSessionOnline(q: { customerId: number; sessionId: string }): Promise<boolean>;
  setPresenceCheck(check: PresenceCheck | undefined): void;
  /** How a manager's press finds the instant it holds the music plan until (the plan runner's). */
  setPressHold(hold: PressHold | undefined): void;
  /**
   * The music plan acts on the zone's player: in one transaction holding it, `decide`
   * (which may claim the boundary with `tx`) answers what the plan calls for, or null for nothing.
   * Clears the press hold and notes the new version as the plan's. `force`: written even when
   * nothing else changes (a manager handing control back). Null: no player, or nothing decided.
   */
  applyPlan(
    customerId: number,
    zoneId: number,
    decide: (row: PlayerRow, tx: Db) => Promise<PlanTarget | null>,
    options?: { force?: boolean },
  ): Promise<Player | null>;
  /**
   * A change of the shop's day (its opening hours: every zone, `zoneId` null; a zone's plan or a
   * block: that zone): `edit` runs in one transaction with the players of those zones locked before
   * it, and answers, besides its result, the instant each press's hold now lasts until, by player id
   * (absent: as it is). A hold that moves is written (the player's `plan.hold_until`) and sent to
   * every device after the commit.
   */
  editDayPlan<T>(
    customerId: number,
    zoneId: number | null,
    edit: (tx: Db, rows: PlayerRow[]) => Promise<{ result: T; holds?: Map<number, Date | null> }>,
  ): Promise<T>;
  /** Wire shape of a row. */
  resource(row: PlayerRow): Promise<Player>;
  /** These players as they are now, whatever their shop (the realtime layer re-sends them after an outage). */
  latest(playerIds: readonly number[]): Promise<Player[]>;
}
