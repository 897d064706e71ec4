import type { Player, PlayableType } from '../../../contracts/player';
import { transaction, type Db } from '../db/client';
import { lockPlayersOfCustomer, lockPlayersOfPlayable } from '../db/queries/players';
import { trackIdsOf, type LineUp } from './line-up';
import { playableKind } from './playables';
import { PlayerRefusal } from './refusals';
import type { Actor, ChangeReason, PlayerService } from './types';

/**
 * Edits of what players play (a playable's tracks, name or deletion; the shop's blocked tracks), in
 * one transaction with the players they touch, which are brought in line (see PlayerService).
 */
export function createPlayableEdits({
  db,
  lineUp,
  notify,
}: {
  db: Db;
  lineUp: LineUp;
  notify: PlayerService['onPlayerChanged'];
}): Pick<PlayerService, 'editPlayable' | 'editBlockedTracks'> {
  async function editBlockedTracks<T>(actor: Actor, edit: (tx: Db) => Promise<T>): Promise<T> {
    const { result, changed } = await transaction(db, async (tx) => {
      const rows = await lockPlayersOfCustomer(tx, { customerId: actor.customerId });
      const before = await Promise.all(rows.map((row) => trackIdsOf(tx, row)));
      const result = await edit(tx);
      const changed: Player[] = [];
      for (const [i, row] of rows.entries()) {
        const was = before[i];
        if (!was) continue; // nothing to play: nothing to bring in line
        const player = await lineUp.bringInLine(tx, row, (await trackIdsOf(tx, row)) ?? [], was, false);
        if (player) changed.push(player);
      }
      return { result, changed };
    });
    // To every socket, the sender's too: its answer is the toggle, not the player, so the sender
    // learns of the player moving on only from this event.
    for (const player of changed) {
      await notify(player, { customerId: actor.customerId, reason: 'blocked-tracks' });
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
        const player = await lineUp.bringInLine(tx, row, still ? after : null, before, renamed);
        if (player) changed.push(player);
      }
      return { result, changed };
    });
    const reason: ChangeReason =
      changed.length && changed[0]!.playable === null ? 'playable-deleted' : 'playable-edited';
    for (const player of changed) {
      await notify(player, { customerId: actor.customerId, reason, exceptSocketId: actor.socketId });
    }
    return result;
  }

  return { editPlayable, editBlockedTracks };
}
