import type { Player, PlayableType } from '../../../contracts/player';
import { transaction, type Db } from '../db/client';
import { getTracks } from '../db/queries/channels';
import {
  lockPlayerOfZone,
  lockPlayersOfCustomer,
  updatePlayer,
  type PlayerChanges,
  type PlayerRow,
} from '../db/queries/players';
import { sameIds, trackIdsOf } from './line-up';
import { planUpcoming, startCycle, type Random } from './order';
import { playableKind } from './playables';
import type { PlayerResources } from './resource';
import { FINISH_TRACK_MAX_S, type Actor, type ChangeReason, type PlanTarget, type PlayerService } from './types';

type Changes = PlayerChanges;

/**
 * The music plan on the player: what it calls for applied to the shop's player, the hold a manager's
 * press puts on it until the plan's next boundary, and a change of the shop's day moving that hold.
 */

/** Whether a command of this kind can be a press that holds the music plan (see isPress). */
export function mayBePress(reason: ChangeReason, actor: Actor): boolean {
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
export function isPress(reason: ChangeReason, actor: Actor, row: PlayerRow, values: Changes): boolean {
  if (actor.automatic) return false;
  if (reason === 'update-volume') return values.volume !== undefined && values.volume !== row.volume;
  return reason === 'toggle-play' || reason === 'next' || reason === 'playable' || reason === 'jump';
}

/** The player's changes for what the plan calls for; null: it is so already. */
async function planChanges(tx: Db, row: PlayerRow, target: PlanTarget, random: Random): Promise<Changes | null> {
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

/** The music plan on the shop's player, and a change of the shop's day moving a press's hold (see PlayerService). */
export function createPlanHold({
  db,
  random,
  resources,
  notify,
}: {
  db: Db;
  random: Random;
  resources: PlayerResources;
  notify: PlayerService['onPlayerChanged'];
}): Pick<PlayerService, 'applyPlan' | 'editDayPlan'> {
  const { resource } = resources;
  const onPlayerChanged = notify;

  async function applyPlan(
    customerId: number,
    zoneId: number,
    decide: (row: PlayerRow, tx: Db) => Promise<PlanTarget | null>,
    { force = false }: { force?: boolean } = {},
  ): Promise<Player | null> {
    const player = await transaction(db, async (tx) => {
      const row = await lockPlayerOfZone(tx, { customerId, zoneId });
      if (!row) return null;
      const target = await decide(row, tx);
      if (!target) return null;
      const values = await planChanges(tx, row, target, random);
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
    zoneId: number | null,
    edit: (tx: Db, rows: PlayerRow[]) => Promise<{ result: T; holds?: Map<number, Date | null> }>,
  ): Promise<T> {
    const { result, changed } = await transaction(db, async (tx) => {
      // The players first (in id order), then what `edit` locks: the order of every player mutation.
      const all = await lockPlayersOfCustomer(tx, { customerId });
      const rows = zoneId === null ? all : all.filter((r) => r.zoneId === zoneId);
      const { result, holds } = await edit(tx, rows);
      const changed: Player[] = [];
      for (const row of rows) {
        if (!holds?.has(row.id)) continue;
        const holdUntil = holds.get(row.id) ?? null;
        if ((holdUntil?.getTime() ?? null) === (row.planHoldUntil?.getTime() ?? null)) continue;
        changed.push(await resource(await updatePlayer(tx, row.id, { planHoldUntil: holdUntil }), tx));
      }
      return { result, changed };
    });
    for (const player of changed) await onPlayerChanged(player, { customerId, reason: 'plan' });
    return result;
  }

  return { applyPlan, editDayPlan };
}
