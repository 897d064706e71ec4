import type { Player } from '../../../contracts/player';
import { transaction, type Db } from '../db/client';
import {
  getPlayer,
  lockPlayer,
  releaseOutputElsewhere,
  updatePlayer,
  type PlayerChanges,
  type PlayerRow,
} from '../db/queries/players';
import { earlierAnswer, keyedCommand, recordAnswer } from './idempotency';
import type { LineUp } from './line-up';
import { isPress, mayBePress } from './plan-hold';
import { PlayerRefusal } from './refusals';
import type { PlayerResources } from './resource';
import type { Actor, ChangeReason, PlayerService, PressHold } from './types';

/**
 * Locks the customer's player, lets `change` compute the new values, writes them, commits,
 * then notifies. `change` answering null means nothing changed (no write, no notification).
 */
export type Mutate = (
  actor: Actor,
  playerId: number,
  reason: ChangeReason,
  change: (row: PlayerRow, tx: Db) => Promise<PlayerChanges | null>,
  before?: PlayerRow,
) => Promise<Player>;

/** The one way a command changes a player: under its lock, once per idempotency key, then told to the listeners. */
export function createMutate({
  db,
  resources,
  lineUp,
  notify,
  pressHold,
}: {
  db: Db;
  resources: PlayerResources;
  lineUp: LineUp;
  notify: PlayerService['onPlayerChanged'];
  /** The press hold as it is set now (PlayerService.setPressHold). */
  pressHold: () => PressHold | undefined;
}): Mutate {
  const { resource } = resources;
  return async (actor, playerId, reason, change, before) => {
    const command = keyedCommand(actor);
    // Before the lock, what the answer most likely needs (the player's tracks and playable as they
    // are now) and a press's hold of the music plan: under the lock run only the player's own
    // statements, so the presses of a busy shop queue for as short a time as the write takes. The
    // lock then reads again only what changed meanwhile.
    const seenBefore = before ?? (await getPlayer(db, { customerId: actor.customerId, id: playerId }));
    if (!seenBefore) throw new PlayerRefusal('not-found');
    const hold = pressHold();
    const [known, holdUntil] = await Promise.all([
      resources.reads(seenBefore, db),
      hold && mayBePress(reason, actor) ? hold(db, actor.customerId, seenBefore.zoneId) : undefined,
    ]);
    // Under the player's lock: database work only (no Redis, no broadcast). Moving the output locks
    // a second player (the zone the device sounded for); two devices crossing zones at once lock the
    // same two in opposite orders, and PostgreSQL ends one of them as a deadlock: that one runs again.
    const { player, changed, released } = await retryDeadlock(() =>
      transaction(db, async (tx) => {
        let released: Player[] = [];
        const row = await lockPlayer(tx, { customerId: actor.customerId, id: playerId });
        if (!row) throw new PlayerRefusal('not-found');
        if (command) {
          const done = await earlierAnswer(tx, row.id, command);
          if (done) return { player: done, changed: false, released };
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
            // A device sounds for one zone at most: the zone it sounded for pauses with no audio device.
            if (values.sessionId !== null) {
              const others = await releaseOutputElsewhere(tx, {
                customerId: row.customerId,
                sessionId: values.sessionId,
                exceptPlayerId: row.id,
              });
              released = await Promise.all(others.map((other) => resource(other, tx)));
            }
          }
          // A manager's press holds the music plan until its next boundary.
          if (holdUntil !== undefined && isPress(reason, actor, row, values)) values.planHoldUntil = holdUntil;
          result = {
            player: await resource(await updatePlayer(tx, row.id, await lineUp.withPlan(tx, row, values)), tx, known),
            changed: true,
          };
        }
        if (command) await recordAnswer(tx, row.id, command, result.player);
        return { ...result, released };
      }),
    );
    // The zones that lost the device first (every device, the sender's too: its answer is the other player).
    for (const other of released) await notify(other, { customerId: actor.customerId, reason: 'move-output' });
    if (changed) await notify(player, { customerId: actor.customerId, reason, exceptSocketId: actor.socketId });
    return player;
  };
}

/** PostgreSQL's deadlock_detected: the transaction was rolled back and may simply run again. */
const DEADLOCK = '40P01';
const DEADLOCK_TRIES = 3;

function isDeadlock(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === DEADLOCK) return true;
  }
  return false;
}

async function retryDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= DEADLOCK_TRIES || !isDeadlock(err)) throw err;
    }
  }
}
