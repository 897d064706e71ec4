import type { Player } from '../../../contracts/player';
import type { Db } from '../db/client';
import { updatePlayer, type PlayerChanges, type PlayerRow } from '../db/queries/players';
import { afterListChange, planUpcoming, type Random } from './order';
import { playableKind } from './playables';
import type { PlayerResources } from './resource';

/** The fields whose change can change what comes next. */
const ORDER_FIELDS = ['trackId', 'isRandom', 'isRepeat', 'playableType', 'playableId', 'cyclePlayed'] as const;

export const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Whether writing `values` would leave `row` as it is. */
export function unchanged(row: PlayerRow, values: PlayerChanges): boolean {
  return Object.entries(values).every(([key, value]) => {
    const old = row[key as keyof PlayerRow];
    return Array.isArray(value) && Array.isArray(old)
      ? value.length === old.length && value.every((v, i) => v === old[i])
      : value === old;
  });
}

/** The track ids of the player's playable, in its order (undefined: it has none). */
export async function trackIdsOf(tx: Db, row: PlayerRow): Promise<number[] | undefined> {
  const kind = playableKind(row.playableType);
  if (!kind || row.playableId === null) return undefined;
  return kind.trackIds(tx, { customerId: row.customerId, id: row.playableId });
}

export interface LineUp {
  /**
   * `values` with the player's announced next tracks brought up to date when the change can move
   * them (`list`: the playable's tracks when the caller has them already).
   */
  withPlan(tx: Db, row: PlayerRow, values: PlayerChanges, list?: readonly number[]): Promise<PlayerChanges>;
  /**
   * A player after the list it plays changed from `before` to `after` (null: its playable is
   * gone): the new player when anything changed (or `renamed`), else undefined.
   */
  bringInLine(
    tx: Db,
    row: PlayerRow,
    after: readonly number[] | null,
    before: readonly number[],
    renamed: boolean,
  ): Promise<Player | undefined>;
}

/** What comes next on a player: its announced next tracks, and the player after its list changed. */
export function createLineUp({ random, resources }: { random: Random; resources: PlayerResources }): LineUp {
  async function withPlan(
    tx: Db,
    row: PlayerRow,
    values: PlayerChanges,
    list?: readonly number[],
  ): Promise<PlayerChanges> {
    if (!ORDER_FIELDS.some((f) => f in values)) return values;
    const after = { ...row, ...values };
    const tracks = list ?? (await trackIdsOf(tx, after));
    const previous =
      values.trackId !== undefined && values.trackId !== row.trackId && row.upcoming[0] === values.trackId
        ? row.upcoming.slice(1)
        : row.upcoming;
    return { ...values, upcoming: tracks ? planUpcoming(after, tracks, previous, random) : [] };
  }

  async function bringInLine(
    tx: Db,
    row: PlayerRow,
    after: readonly number[] | null,
    before: readonly number[],
    renamed: boolean,
  ): Promise<Player | undefined> {
    let values: PlayerChanges | null;
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
    return resources.resource(await updatePlayer(tx, row.id, values ?? {}), tx);
  }

  return { withPlan, bringInLine };
}
