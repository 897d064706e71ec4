import type { OutputState, Player, PlayerOutputState, PlayableType } from '../../../contracts/player';
import { transaction, type Db } from '../db/client';
import { getTracks, type TrackRow } from '../db/queries/channels';
import {
  createPlayer,
  findPlayerCommand,
  getPlayer,
  getPlayersByIds,
  isLoginLive as isLoginLiveQuery,
  listPlayers,
  lockCustomer,
  setPlayerOutput,
  lockPlayer,
  lockPlayersOfCustomer,
  lockPlayersOfPlayable,
  recordPlayerCommand,
  updatePlayer,
  type PlayerChanges,
  type PlayerRow,
} from '../db/queries/players';
import { trackResource } from '../resources';
import type { Storage } from '../storage';
import { PlayerRefusal } from './refusals';
import { afterListChange, nextStep, planUpcoming, startCycle, type Random } from './order';
import { playableKind } from './playables';

/**
 * The one place a player changes. Every mutation runs in a transaction holding the player row
 * (`FOR UPDATE`), so concurrent calls serialise and a failure leaves the player as it was; it
 * answers the new player and then calls `onPlayerChanged` (the realtime layer listens there and
 * broadcasts `UpdatePlayer`, skipping the sender's `X-Socket-ID`).
 */

export type { PlayerRow };

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
export type PressHold = (tx: Db, customerId: number) => Promise<Date | null>;

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
   * The music plan acts on the shop's player (its first): in one transaction holding it, `decide`
   * (which may claim the boundary with `tx`) answers what the plan calls for, or null for nothing.
   * Clears the press hold and notes the new version as the plan's. `force`: written even when
   * nothing else changes (a manager handing control back). Null: no player, or nothing decided.
   */
  applyPlan(
    customerId: number,
    decide: (row: PlayerRow, tx: Db) => Promise<PlanTarget | null>,
    options?: { force?: boolean },
  ): Promise<Player | null>;
  /**
   * A change of the shop's day (its opening hours, the plan, a block): `edit` runs in one transaction
   * with the shop's player (its first) locked before it, and answers, besides its result, the instant
   * a press's hold now lasts until (undefined: as it is). A hold that moves is written (the player's
   * `plan.hold_until`) and sent to every device after the commit.
   */
  editDayPlan<T>(
    customerId: number,
    edit: (tx: Db, row: PlayerRow | undefined) => Promise<{ result: T; holdUntil?: Date | null }>,
  ): Promise<T>;
  /** Wire shape of a row. */
  resource(row: PlayerRow): Promise<Player>;
  /** These players as they are now, whatever their shop (the realtime layer re-sends them after an outage). */
  latest(playerIds: readonly number[]): Promise<Player[]>;
}

type Tx = Db;
type Changes = PlayerChanges;
/** The output holder as a play press saw it before locking the player, and whether it was present. */
type OwnerSeen = { sessionId: string; online: boolean };

export function createPlayerService(options: PlayerServiceOptions): PlayerService {
  const { db, storage } = options;
  const random = options.random ?? Math.random;
  const listeners = new Set<PlayerListener>();
  let presence: PresenceCheck | undefined;
  let pressHold: PressHold | undefined;

  /** What a player's resource reads besides its row: its tracks (current and announced) and its playable. */
  interface ResourceReads {
    tracks: Map<number, TrackRow>;
    playable?: { type: string; id: number; found: { id: number; name: string } | undefined };
  }

  /** The reads of `row`'s resource; those already in `known` (read before the lock) are not read again. */
  async function resourceReads(row: PlayerRow, q: Db, known?: ResourceReads): Promise<ResourceReads> {
    const kind = playableKind(row.playableType);
    const ids = [...new Set([...(row.trackId !== null ? [row.trackId] : []), ...row.upcoming])];
    const tracks = new Map(known?.tracks);
    // One query for the current track and the announced ones.
    const missing = ids.filter((id) => !tracks.has(id));
    for (const track of missing.length ? await getTracks(q, missing) : []) tracks.set(track.id, track);
    let playable: ResourceReads['playable'];
    if (kind && row.playableId !== null) {
      const same = known?.playable && known.playable.type === kind.type && known.playable.id === row.playableId;
      playable = same
        ? known.playable
        : {
            type: kind.type,
            id: row.playableId,
            found: await kind.find(q, { customerId: row.customerId, id: row.playableId }),
          };
    }
    return { tracks, playable };
  }

  async function resource(row: PlayerRow, tx: Db = db, known?: ResourceReads): Promise<Player> {
    const kind = playableKind(row.playableType);
    const { tracks: byId, playable: read } = await resourceReads(row, tx, known);
    const track = row.trackId !== null ? byId.get(row.trackId) : undefined;
    const playable = read?.found;
    return {
      id: row.id,
      is_repeat: row.isRepeat,
      is_random: row.isRandom,
      is_playing: row.isPlaying,
      current_time: row.currentTime,
      volume: row.volume,
      session_id: row.sessionId,
      track: track ? trackResource(storage, track) : null,
      playable: kind && playable ? { type: kind.type, id: playable.id, name: playable.name } : null,
      playable_type: kind ? kind.type : null,
      playable_id: kind ? row.playableId : null,
      version: row.version,
      output:
        row.outputState && row.outputSince
          ? { state: row.outputState as PlayerOutputState, since: row.outputSince.toISOString() }
          : null,
      plan: {
        hold_until: row.planHoldUntil ? row.planHoldUntil.toISOString() : null,
        applied: row.planVersion !== null && row.planVersion === row.version,
      },
      next_tracks: row.upcoming.flatMap((id) => {
        const next = byId.get(id);
        return next ? [trackResource(storage, next)] : [];
      }),
    };
  }

  // Inside a mutation this must use the transaction: PGlite has one connection, and a query
  // outside an open transaction would wait for it forever (tests/server/player-deadlock.test.ts,
  // run on PGlite by npm run test:server:pglite, catches that).
  async function isLoginLive({ customerId, sessionId }: { customerId: number; sessionId: string }, q: Db = db) {
    const now = Date.now();
    return isLoginLiveQuery(q, {
      customerId,
      sessionId,
      idleAfter: new Date(now - options.sessionIdleMinutes * 60_000),
      createdAfter: new Date(now - options.sessionAbsoluteHours * 3_600_000),
      now: new Date(now),
    });
  }

  async function isSessionOnline(who: { customerId: number; sessionId: string }, q: Db = db) {
    if (!(await isLoginLive(who, q))) return false;
    return presence ? Boolean(await presence(who)) : true;
  }

  async function onPlayerChanged(player: Player, change: PlayerChange) {
    for (const listener of listeners) {
      try {
        await listener(player, change);
      } catch {
        // A failing listener (a broadcast) must not turn a committed change into an error.
      }
    }
  }

  /**
   * Whether the device holding output is still there, looked up before the player is locked: presence
   * lives in Redis, and nothing under the player's lock may wait on it (a slow or absent Redis would
   * hold every press of the shop). Undefined when the caller's play cannot take output anyway.
   */
  async function ownerBeforePlay(
    actor: Actor,
    row: PlayerRow | undefined,
    { toggle = false }: { toggle?: boolean } = {},
  ): Promise<OwnerSeen | undefined> {
    if (!actor.sessionId) return undefined;
    if (!row || row.sessionId === null || row.sessionId === actor.sessionId) return undefined;
    // A toggle that will pause takes no output.
    if (toggle && row.isPlaying) return undefined;
    return {
      sessionId: row.sessionId,
      online: await isSessionOnline({ customerId: row.customerId, sessionId: row.sessionId }),
    };
  }

  /** The owner after a device asks to play: it takes over when nobody live holds output. */
  async function ownerAfterPlay(tx: Tx, row: PlayerRow, actor: Actor, seen: OwnerSeen | undefined) {
    if (!actor.sessionId || row.sessionId === actor.sessionId) return row.sessionId ?? actor.sessionId;
    if (row.sessionId === null) return actor.sessionId;
    if (seen?.sessionId === row.sessionId) return seen.online ? row.sessionId : actor.sessionId;
    // The owner changed between the look and the lock: judged by its login alone, which needs no Redis.
    const live = await isLoginLive({ customerId: row.customerId, sessionId: row.sessionId }, tx);
    return live ? row.sessionId : actor.sessionId;
  }

  async function trackIdsOf(tx: Tx, row: PlayerRow): Promise<number[] | undefined> {
    const kind = playableKind(row.playableType);
    if (!kind || row.playableId === null) return undefined;
    return kind.trackIds(tx, { customerId: row.customerId, id: row.playableId });
  }

  /**
   * Locks the customer's player, lets `change` compute the new values, writes them, commits,
   * then notifies. `change` answering null means nothing changed (no write, no notification).
   */
  async function mutate(
    actor: Actor,
    playerId: number,
    reason: ChangeReason,
    change: (row: PlayerRow, tx: Tx) => Promise<Changes | null>,
    before?: PlayerRow,
  ): Promise<Player> {
    // A key is the login's own, for one request (method, path, body).
    const command = actor.commandKey
      ? { login: actor.sessionId ?? '', key: actor.commandKey, requestHash: actor.commandHash ?? '' }
      : undefined;
    // Before the lock, what the answer most likely needs (the player's tracks and playable as they
    // are now) and a press's hold of the music plan: under the lock run only the player's own
    // statements, so the presses of a busy shop queue for as short a time as the write takes. The
    // lock then reads again only what changed meanwhile.
    const seenBefore = before ?? (await getPlayer(db, { customerId: actor.customerId, id: playerId }));
    if (!seenBefore) throw new PlayerRefusal('not-found');
    const [known, hold] = await Promise.all([
      resourceReads(seenBefore, db),
      pressHold && mayBePress(reason, actor) ? pressHold(db, actor.customerId) : undefined,
    ]);
    // Under the player's lock: database work only (no Redis, no broadcast).
    const { player, changed } = await transaction(db, async (tx) => {
      const row = await lockPlayer(tx, { customerId: actor.customerId, id: playerId });
      if (!row) throw new PlayerRefusal('not-found');
      if (command) {
        // The same press again (a connection lost after the API took it, sent once more): its first
        // answer. The same key on another command or body is no repeat: refused, never answered so.
        const done = await findPlayerCommand(tx, { playerId: row.id, login: command.login, key: command.key });
        if (done && done.requestHash !== command.requestHash) throw new PlayerRefusal('key-reused');
        if (done) return { player: done.answer as Player, changed: false };
      }
      const values = await change(row, tx);
      let result: { player: Player; changed: boolean };
      if (!values) {
        result = { player: await resource(row, tx, known), changed: false };
      } else {
        // What the old device reported says nothing of the new one, which reports for itself.
        if (values.sessionId !== undefined && values.sessionId !== row.sessionId) {
          values.outputState = null;
          values.outputSince = null;
        }
        // A manager's press holds the music plan until its next boundary.
        if (hold !== undefined && isPress(reason, actor, row, values)) values.planHoldUntil = hold;
        result = {
          player: await resource(await updatePlayer(tx, row.id, await withPlan(tx, row, values)), tx, known),
          changed: true,
        };
      }
      if (command) await recordPlayerCommand(tx, { playerId: row.id, ...command, answer: result.player });
      return result;
    });
    if (changed)
      await onPlayerChanged(player, { customerId: actor.customerId, reason, exceptSocketId: actor.socketId });
    return player;
  }

  /** Whether a command of this kind can be a press that holds the music plan (see isPress). */
  function mayBePress(reason: ChangeReason, actor: Actor): boolean {
    return (
      !actor.automatic &&
      (reason === 'update-volume' ||
        reason === 'toggle-play' ||
        reason === 'next' ||
        reason === 'playable' ||
        reason === 'jump')
    );
  }

  /**
   * Whether a change is a person's press in the UI (play, pause, next, another channel or playlist,
   * a track, the volume slider) rather than the audio device's own doing (its periodic position
   * reports, the next track at a track's end).
   */
  function isPress(reason: ChangeReason, actor: Actor, row: PlayerRow, values: Changes): boolean {
    if (actor.automatic) return false;
    if (reason === 'update-volume') return values.volume !== undefined && values.volume !== row.volume;
    return reason === 'toggle-play' || reason === 'next' || reason === 'playable' || reason === 'jump';
  }

  async function applyPlan(
    customerId: number,
    decide: (row: PlayerRow, tx: Db) => Promise<PlanTarget | null>,
    { force = false }: { force?: boolean } = {},
  ): Promise<Player | null> {
    const player = await transaction(db, async (tx) => {
      const [row] = await lockPlayersOfCustomer(tx, { customerId });
      if (!row) return null;
      const target = await decide(row, tx);
      if (!target) return null;
      const values = await planChanges(tx, row, target);
      if (!values && !force && row.planHoldUntil === null) return null;
      return resource(
        await updatePlayer(tx, row.id, { ...values, planHoldUntil: null, planVersion: row.version + 1 }),
        tx,
      );
    });
    if (player) await onPlayerChanged(player, { customerId, reason: 'plan' });
    return player;
  }

  async function editDayPlan<T>(
    customerId: number,
    edit: (tx: Db, row: PlayerRow | undefined) => Promise<{ result: T; holdUntil?: Date | null }>,
  ): Promise<T> {
    const { result, player } = await transaction(db, async (tx) => {
      // The player first, then what `edit` locks: the order of every player mutation.
      const [row] = await lockPlayersOfCustomer(tx, { customerId });
      const { result, holdUntil } = await edit(tx, row);
      if (!row || holdUntil === undefined || (holdUntil?.getTime() ?? null) === (row.planHoldUntil?.getTime() ?? null))
        return { result, player: null };
      return { result, player: await resource(await updatePlayer(tx, row.id, { planHoldUntil: holdUntil }), tx) };
    });
    if (player) await onPlayerChanged(player, { customerId, reason: 'plan' });
    return result;
  }

  /** The player's changes for what the plan calls for; null: it is so already. */
  async function planChanges(tx: Tx, row: PlayerRow, target: PlanTarget): Promise<Changes | null> {
    const values: Changes = {};
    if (target.volume != null && target.volume !== row.volume) values.volume = target.volume;
    if (target.playing === false) {
      if (row.isPlaying) values.isPlaying = false;
      return Object.keys(values).length ? values : null;
    }
    const isRandom = target.shuffle ?? row.isRandom;
    // The first source with something to play.
    let source: { type: PlayableType; id: number; list: number[] } | undefined;
    for (const s of target.sources ?? []) {
      const kind = playableKind(s.type);
      if (!kind || !(await kind.find(tx, { customerId: row.customerId, id: s.id }))) continue;
      const list = await kind.trackIds(tx, { customerId: row.customerId, id: s.id });
      if (list.length) {
        source = { type: kind.type, id: s.id, list };
        break;
      }
    }
    const sameSource = source && row.playableType === source.type && row.playableId === source.id;
    let state = { trackId: row.trackId, isRandom, cyclePlayed: row.cyclePlayed, currentTime: row.currentTime };
    let list: readonly number[] | undefined;
    let previous: readonly number[] = row.upcoming;
    if (source && !sameSource) {
      list = source.list;
      previous = []; // nothing announced from the old source may play
      values.playableType = source.type;
      values.playableId = source.id;
      const [track] = row.trackId !== null ? await getTracks(tx, [row.trackId]) : [];
      const left = track ? track.duration - row.currentTime : 0;
      const finishFirst = !target.switchNow && row.isPlaying && track !== undefined && left <= FINISH_TRACK_MAX_S;
      if (finishFirst) {
        // The current track ends, then the new source's order begins.
        state = { ...state, cyclePlayed: [] };
      } else {
        const step = startCycle(list, isRandom, random);
        state = { trackId: step.trackId, isRandom, cyclePlayed: step.cyclePlayed, currentTime: 0 };
      }
    } else {
      list = await trackIdsOf(tx, { ...row, isRandom });
      if (isRandom !== row.isRandom)
        state = { ...state, cyclePlayed: isRandom && row.trackId !== null ? [row.trackId] : [] };
      if (state.trackId === null && list?.length) {
        const step = startCycle(list, isRandom, random);
        state = { trackId: step.trackId, isRandom, cyclePlayed: step.cyclePlayed, currentTime: 0 };
      }
    }
    if (state.trackId !== row.trackId) values.trackId = state.trackId;
    if (state.currentTime !== row.currentTime) values.currentTime = state.currentTime;
    if (isRandom !== row.isRandom) values.isRandom = isRandom;
    if (!sameIds(state.cyclePlayed, row.cyclePlayed)) values.cyclePlayed = state.cyclePlayed;
    const playing = target.playing === 'keep' ? row.isPlaying : state.trackId !== null;
    if (playing !== row.isPlaying) values.isPlaying = playing;
    if (list) {
      const upcoming = planUpcoming({ ...state, isRepeat: row.isRepeat }, list, previous, random);
      if (!sameIds(upcoming, row.upcoming)) values.upcoming = upcoming;
    }
    return Object.keys(values).length ? values : null;
  }

  /** The fields whose change can change what comes next. */
  const ORDER_FIELDS = ['trackId', 'isRandom', 'isRepeat', 'playableType', 'playableId', 'cyclePlayed'] as const;

  /**
   * `values` with the player's announced next tracks brought up to date when the change can move
   * them (`list`: the playable's tracks when the caller has them already).
   */
  async function withPlan(tx: Tx, row: PlayerRow, values: Changes, list?: readonly number[]): Promise<Changes> {
    if (!ORDER_FIELDS.some((f) => f in values)) return values;
    const after = { ...row, ...values };
    const tracks = list ?? (await trackIdsOf(tx, after));
    const previous =
      values.trackId !== undefined && values.trackId !== row.trackId && row.upcoming[0] === values.trackId
        ? row.upcoming.slice(1)
        : row.upcoming;
    return { ...values, upcoming: tracks ? planUpcoming(after, tracks, previous, random) : [] };
  }

  const sameIds = (a: readonly number[], b: readonly number[]) =>
    a.length === b.length && a.every((v, i) => v === b[i]);

  /** Whether writing `values` would leave `row` as it is. */
  function unchanged(row: PlayerRow, values: Changes): boolean {
    return Object.entries(values).every(([key, value]) => {
      const old = row[key as keyof PlayerRow];
      return Array.isArray(value) && Array.isArray(old)
        ? value.length === old.length && value.every((v, i) => v === old[i])
        : value === old;
    });
  }

  /**
   * A player after the list it plays changed from `before` to `after` (null: its playable is
   * gone): the new player when anything changed (or `renamed`), else undefined.
   */
  async function bringInLine(
    tx: Tx,
    row: PlayerRow,
    after: readonly number[] | null,
    before: readonly number[],
    renamed: boolean,
  ): Promise<Player | undefined> {
    let values: Changes | null;
    if (after === null) {
      values = {
        playableType: null,
        playableId: null,
        trackId: null,
        cyclePlayed: [],
        currentTime: 0,
        isPlaying: false,
      };
    } else {
      const next = afterListChange(row, before, after, random);
      const same =
        !next.moved &&
        !next.stop &&
        next.cyclePlayed.length === row.cyclePlayed.length &&
        next.cyclePlayed.every((id, i) => id === row.cyclePlayed[i]);
      values = same
        ? null
        : {
            trackId: next.trackId,
            cyclePlayed: next.cyclePlayed,
            ...(next.moved || next.stop ? { currentTime: 0 } : {}),
            ...(next.stop ? { isPlaying: false } : {}),
          };
    }
    if (values && unchanged(row, values)) values = null;
    // Reordered or edited: the announced next tracks follow the list as it is now, even when
    // the current track stays (a new order changes what comes after it).
    if (after !== null) {
      const planned = await withPlan(tx, row, { cyclePlayed: row.cyclePlayed, ...values }, after);
      if (!values && !sameIds(planned.upcoming ?? [], row.upcoming)) values = { upcoming: planned.upcoming ?? [] };
      else if (values) values = planned;
    }
    if (!values && !renamed) return undefined;
    return resource(await updatePlayer(tx, row.id, values ?? {}), tx);
  }

  async function editBlockedTracks<T>(actor: Actor, edit: (tx: Db) => Promise<T>): Promise<T> {
    const { result, changed } = await transaction(db, async (tx) => {
      const rows = await lockPlayersOfCustomer(tx, { customerId: actor.customerId });
      const before = await Promise.all(rows.map((row) => trackIdsOf(tx, row)));
      const result = await edit(tx);
      const changed: Player[] = [];
      for (const [i, row] of rows.entries()) {
        const was = before[i];
        if (!was) continue; // nothing to play: nothing to bring in line
        const player = await bringInLine(tx, row, (await trackIdsOf(tx, row)) ?? [], was, false);
        if (player) changed.push(player);
      }
      return { result, changed };
    });
    // To every socket, the sender's too: its answer is the toggle, not the player, so the sender
    // learns of the player moving on only from this event.
    for (const player of changed) {
      await onPlayerChanged(player, { customerId: actor.customerId, reason: 'blocked-tracks' });
    }
    return result;
  }

  async function editPlayable<T>(
    actor: Actor,
    target: { type: PlayableType; id: number },
    edit: (tx: Db) => Promise<T>,
  ): Promise<T> {
    const kind = playableKind(target.type);
    if (!kind) throw new PlayerRefusal('not-found');
    const q = { customerId: actor.customerId, id: target.id };
    const { result, changed } = await transaction(db, async (tx) => {
      // Players first, then whatever `edit` locks: the same order as every player mutation.
      const rows = await lockPlayersOfPlayable(tx, { customerId: actor.customerId, type: kind.type, id: target.id });
      const found = rows.length ? await kind.find(tx, q) : undefined;
      const before = found ? await kind.trackIds(tx, q) : [];
      const result = await edit(tx);
      if (!rows.length) return { result, changed: [] as Player[] };
      const still = await kind.find(tx, q);
      const after = still ? await kind.trackIds(tx, q) : [];
      const renamed = Boolean(found && still && found.name !== still.name);
      const changed: Player[] = [];
      for (const row of rows) {
        const player = await bringInLine(tx, row, still ? after : null, before, renamed);
        if (player) changed.push(player);
      }
      return { result, changed };
    });
    const reason: ChangeReason =
      changed.length && changed[0]!.playable === null ? 'playable-deleted' : 'playable-edited';
    for (const player of changed) {
      await onPlayerChanged(player, { customerId: actor.customerId, reason, exceptSocketId: actor.socketId });
    }
    return result;
  }

  const service: PlayerService = {
    resource: (row) => resource(row),
    async latest(playerIds) {
      return Promise.all((await getPlayersByIds(db, playerIds)).map((row) => resource(row)));
    },
    editPlayable,
    editBlockedTracks,
    onPlayerChanged,
    isSessionOnline: (q) => isSessionOnline(q),
    addListener(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setPresenceCheck(check) {
      presence = check;
    },
    setPressHold(hold) {
      pressHold = hold;
    },
    applyPlan,
    editDayPlan,

    async list(actor) {
      const { rows, created } = await transaction(db, async (tx) => {
        const scope = { customerId: actor.customerId };
        const existing = await listPlayers(tx, scope);
        if (existing.length) return { rows: existing, created: undefined };
        // Serialise first-player creation per customer by locking the customer row.
        await lockCustomer(tx, scope);
        const again = await listPlayers(tx, scope);
        if (again.length) return { rows: again, created: undefined };
        const row = await createPlayer(tx, scope);
        return { rows: [row], created: row };
      });
      const list = await Promise.all(rows.map((r) => resource(r)));
      if (created) {
        await onPlayerChanged(list[0]!, {
          customerId: actor.customerId,
          reason: 'created',
          exceptSocketId: actor.socketId,
        });
      }
      return list;
    },

    async get(actor, playerId) {
      const row = await getPlayer(db, { customerId: actor.customerId, id: playerId });
      if (!row) throw new PlayerRefusal('not-found');
      return resource(row);
    },

    toggleRandom: (actor, playerId) =>
      mutate(actor, playerId, 'random', async (row) => {
        const isRandom = !row.isRandom;
        return { isRandom, cyclePlayed: isRandom && row.trackId !== null ? [row.trackId] : [] };
      }),

    toggleRepeat: (actor, playerId) => mutate(actor, playerId, 'repeat', async (row) => ({ isRepeat: !row.isRepeat })),

    next: (actor, playerId) =>
      mutate(actor, playerId, 'next', async (row, tx) => {
        const list = await trackIdsOf(tx, row);
        if (!list) return null;
        const step = nextStep(row, list, random, row.upcoming[0]);
        const stop = step.trackId === null || (step.wrapped && !row.isRepeat);
        return {
          trackId: step.trackId,
          cyclePlayed: step.cyclePlayed,
          currentTime: 0,
          isPlaying: stop ? false : row.isPlaying,
        };
      }),

    togglePlay: async (actor, playerId) => {
      const before = await getPlayer(db, { customerId: actor.customerId, id: playerId });
      const seen = await ownerBeforePlay(actor, before, { toggle: true });
      return mutate(
        actor,
        playerId,
        'toggle-play',
        async (row, tx) => {
          if (row.isPlaying) return { isPlaying: false };
          let start: Changes = {};
          if (row.trackId === null) {
            const list = await trackIdsOf(tx, row);
            const step = list ? startCycle(list, row.isRandom, random) : undefined;
            if (!step || step.trackId === null) return null; // nothing to play
            start = { trackId: step.trackId, cyclePlayed: step.cyclePlayed, currentTime: 0 };
          }
          return { ...start, isPlaying: true, sessionId: await ownerAfterPlay(tx, row, actor, seen) };
        },
        before,
      );
    },

    loadTrack: (actor, playerId) =>
      mutate(actor, playerId, 'load-track', async (row, tx) => {
        const list = await trackIdsOf(tx, row);
        if (!list || (row.trackId !== null && list.includes(row.trackId))) return null;
        if (row.trackId === null && !list.length) return null;
        const step = startCycle(list, row.isRandom, random);
        return {
          trackId: step.trackId,
          cyclePlayed: step.cyclePlayed,
          currentTime: 0,
          isPlaying: step.trackId === null ? false : row.isPlaying,
        };
      }),

    updateVolume: (actor, playerId, input) =>
      mutate(actor, playerId, 'update-volume', async (row, tx) => {
        const values: Changes = {};
        // A report read before the player's last change restates an old volume: it undoes nothing.
        const outdated = input.version !== undefined && input.version < row.version;
        if (input.volume !== undefined && !outdated) values.volume = Math.round(input.volume);
        if (input.currentTime !== undefined) {
          const [track] = row.trackId !== null ? await getTracks(tx, [row.trackId]) : [];
          values.currentTime = track ? Math.min(input.currentTime, track.duration) : 0;
        }
        const same =
          (values.volume ?? row.volume) === row.volume && (values.currentTime ?? row.currentTime) === row.currentTime;
        return same ? null : values;
      }),

    setPlayable: async (actor, playerId, target) => {
      const before = await getPlayer(db, { customerId: actor.customerId, id: playerId });
      const seen = await ownerBeforePlay(actor, before);
      return mutate(
        actor,
        playerId,
        'playable',
        async (row, tx) => {
          const kind = playableKind(target.type);
          const found = kind && (await kind.find(tx, { customerId: actor.customerId, id: target.id }));
          if (!kind || !found) throw new PlayerRefusal('not-found');
          const list = await kind.trackIds(tx, { customerId: actor.customerId, id: target.id });
          if (target.trackId !== undefined && !list.includes(target.trackId)) {
            throw new PlayerRefusal('track-not-in-playable');
          }
          const step =
            target.trackId !== undefined
              ? { trackId: target.trackId, cyclePlayed: row.isRandom ? [target.trackId] : [] }
              : startCycle(list, row.isRandom, random);
          const playing = step.trackId !== null;
          return {
            playableType: kind.type,
            playableId: found.id,
            trackId: step.trackId,
            cyclePlayed: step.cyclePlayed,
            currentTime: 0,
            isPlaying: playing,
            sessionId: playing ? await ownerAfterPlay(tx, row, actor, seen) : row.sessionId,
          };
        },
        before,
      );
    },

    jumpToTrack: async (actor, playerId, trackId) => {
      const before = await getPlayer(db, { customerId: actor.customerId, id: playerId });
      const seen = await ownerBeforePlay(actor, before);
      return mutate(
        actor,
        playerId,
        'jump',
        async (row, tx) => {
          const list = await trackIdsOf(tx, row);
          if (!list || !list.includes(trackId)) throw new PlayerRefusal('not-found');
          const played = row.isRandom
            ? [...new Set([...row.cyclePlayed.filter((id) => list.includes(id)), trackId])]
            : [];
          return {
            trackId,
            cyclePlayed: played,
            currentTime: 0,
            isPlaying: true,
            sessionId: await ownerAfterPlay(tx, row, actor, seen),
          };
        },
        before,
      );
    },

    async reportOutput(actor, playerId, state) {
      return transaction(db, async (tx) => {
        const row = await lockPlayer(tx, { customerId: actor.customerId, id: playerId });
        if (!row) throw new PlayerRefusal('not-found');
        // A device that lost the output (a report racing a takeover) speaks for no sound of this player.
        if (!actor.sessionId || row.sessionId !== actor.sessionId) throw new PlayerRefusal('not-output');
        if (row.outputState === state) return { player: await resource(row, tx), changed: false };
        return {
          player: await resource(await setPlayerOutput(tx, row.id, { state, since: new Date() }), tx),
          changed: true,
        };
      });
    },

    async outputLoginsEnded(customerId, sessionIds) {
      if (sessionIds.length === 0) return [];
      return transaction(db, async (tx) => {
        const changed: Player[] = [];
        for (const row of await lockPlayersOfCustomer(tx, { customerId })) {
          if (!row.sessionId || !sessionIds.includes(row.sessionId) || row.outputState === 'logged_out') continue;
          changed.push(
            await resource(await setPlayerOutput(tx, row.id, { state: 'logged_out', since: new Date() }), tx),
          );
        }
        return changed;
      });
    },

    moveOutput: (actor, playerId, target) =>
      mutate(actor, playerId, 'move-output', async (row, tx) => {
        // Under the player's lock: of two devices taking over at once, the second sees the first's session.
        if (
          target.expectedSessionId !== undefined &&
          row.sessionId !== target.expectedSessionId &&
          row.sessionId !== target.sessionId
        ) {
          throw new PlayerRefusal('output-taken');
        }
        if (!(await isLoginLive({ customerId: row.customerId, sessionId: target.sessionId }, tx))) {
          throw new PlayerRefusal('not-found');
        }
        const [track] = row.trackId !== null ? await getTracks(tx, [row.trackId]) : [];
        const values: Changes = {
          sessionId: target.sessionId,
          currentTime: track ? Math.min(target.currentTime, track.duration) : 0,
        };
        return unchanged(row, values) ? null : values;
      }),
  };
  return service;
}
