import { eq } from 'drizzle-orm';
import { PLAYABLE_CHANNEL, PLAYABLE_PLAYLIST, type PlayableType } from '../../../contracts/player';
import type { Db } from '../db/client';
import { listChannelTrackIds } from '../db/queries/channels';
import { blockedTrackIds } from '../db/queries/day-plan';
import { findPlaylist, listPlaylistTrackIds } from '../db/queries/playlists';
import { channels } from '../db/schema';

/**
 * What a player can play, by morph class (`players.playable_type`). A kind says whether a
 * customer may play a given id and which tracks it holds, in order. Channels are registered
 * here; playlists plug in with `registerPlayable` (their `find` filters by customer).
 */
export interface PlayableKind {
  type: PlayableType;
  /** The playable when this customer may play it, else undefined (answered 404). */
  find(db: Db, q: { customerId: number; id: number }): Promise<{ id: number; name: string } | undefined>;
  /** Track ids in play order, the shop's blocked tracks left out. */
  trackIds(db: Db, q: { customerId: number; id: number }): Promise<number[]>;
}

/**
 * A shop's blocked tracks ('Szám letiltása') never play from any channel or playlist: every list
 * a player's order is built from passes through here, so `next`, `next_tracks`, the start of a
 * playable and a jump all leave them out.
 */
async function withoutBlocked(db: Db, customerId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return ids;
  const blocked = await blockedTrackIds(db, { customerId });
  return blocked.size ? ids.filter((id) => !blocked.has(id)) : ids;
}

const kinds = new Map<string, PlayableKind>();

export function registerPlayable(kind: PlayableKind): void {
  kinds.set(kind.type, kind);
}

export function playableKind(type: string | null | undefined): PlayableKind | undefined {
  return type ? kinds.get(type) : undefined;
}

registerPlayable({
  type: PLAYABLE_CHANNEL,
  // Provider channels are open to every customer.
  async find(db, { id }) {
    const [row] = await db
      .select({ id: channels.id, name: channels.name })
      .from(channels)
      .where(eq(channels.id, id))
      .limit(1);
    return row;
  },
  trackIds: async (db, { customerId, id }) => withoutBlocked(db, customerId, await listChannelTrackIds(db, id)),
});

registerPlayable({
  type: PLAYABLE_PLAYLIST,
  // A playlist is its customer's alone: another customer's id finds nothing (404).
  async find(db, q) {
    const row = await findPlaylist(db, q);
    return row && { id: row.id, name: row.name };
  },
  trackIds: async (db, q) => withoutBlocked(db, q.customerId, await listPlaylistTrackIds(db, q)),
});
