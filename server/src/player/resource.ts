import type { Player, PlayerOutputState } from '../../../contracts/player';
import type { Db } from '../db/client';
import { getTracks, type TrackRow } from '../db/queries/channels';
import type { PlayerRow } from '../db/queries/players';
import { trackResource } from '../resources';
import type { Storage } from '../storage';
import { playableKind } from './playables';

/** What a player's resource reads besides its row: its tracks (current and announced) and its playable. */
export interface ResourceReads {
  tracks: Map<number, TrackRow>;
  playable?: { type: string; id: number; found: { id: number; name: string } | undefined };
}

export interface PlayerResources {
  /** The reads of `row`'s resource; those already in `known` (read before the lock) are not read again. */
  reads(row: PlayerRow, q: Db, known?: ResourceReads): Promise<ResourceReads>;
  /** The wire shape of a row (`tx`: inside a transaction, read through it). */
  resource(row: PlayerRow, tx?: Db, known?: ResourceReads): Promise<Player>;
}

/** A player row as the wire's `Player`: its tracks signed, its playable named. */
export function createPlayerResources({ db, storage }: { db: Db; storage: Storage }): PlayerResources {
  async function reads(row: PlayerRow, q: Db, known?: ResourceReads): Promise<ResourceReads> {
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
    const { tracks: byId, playable: read } = await reads(row, tx, known);
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
      zone_id: row.zoneId,
      next_tracks: row.upcoming.flatMap((id) => {
        const next = byId.get(id);
        return next ? [trackResource(storage, next)] : [];
      }),
    };
  }

  return { reads, resource };
}
