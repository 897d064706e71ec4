import type { Player } from '../../../contracts/player';
import { getPlayersByIds, type PlayerRow } from '../db/queries/players';
import { createPlayerCommands } from './commands';
import { createLineUp } from './line-up';
import { createMutate } from './mutate';
import { createPlanHold } from './plan-hold';
import { createPlayableEdits } from './playable-edits';
import { createPresenceOwner } from './presence-owner';
import { createPlayerResources } from './resource';
import type { PlayerChange, PlayerListener, PlayerService, PlayerServiceOptions, PressHold } from './types';

/**
 * The one place a player changes. Every mutation runs in a transaction holding the player row
 * (`FOR UPDATE`), so concurrent calls serialise and a failure leaves the player as it was; it
 * answers the new player and then calls `onPlayerChanged` (the realtime layer listens there and
 * broadcasts `UpdatePlayer`, skipping the sender's `X-Socket-ID`).
 *
 * Put together from one module per concern: the wire shape (resource.ts), who holds the output
 * (presence-owner.ts), what comes next (line-up.ts), the lock and write of a command with its
 * idempotency key (mutate.ts, idempotency.ts), the commands themselves (commands.ts), the music
 * plan and a press's hold of it (plan-hold.ts), and edits of what players play (playable-edits.ts).
 */

export type { PlayerRow };
export {
  FINISH_TRACK_MAX_S,
  type Actor,
  type ChangeReason,
  type PlanTarget,
  type PlayerChange,
  type PlayerListener,
  type PlayerService,
  type PlayerServiceOptions,
  type PresenceCheck,
  type PressHold,
} from './types';

export function createPlayerService(options: PlayerServiceOptions): PlayerService {
  const { db, storage } = options;
  const random = options.random ?? Math.random;
  const listeners = new Set<PlayerListener>();
  let pressHold: PressHold | undefined;

  async function onPlayerChanged(player: Player, change: PlayerChange) {
    for (const listener of listeners) {
      try {
        await listener(player, change);
      } catch {
        // A failing listener (a broadcast) must not turn a committed change into an error.
      }
    }
  }

  const notify = onPlayerChanged;
  const resources = createPlayerResources({ db, storage });
  const owner = createPresenceOwner(options);
  const lineUp = createLineUp({ random, resources });
  const mutate = createMutate({ db, resources, lineUp, notify, pressHold: () => pressHold });

  return {
    resource: (row) => resources.resource(row),
    async latest(playerIds) {
      return Promise.all((await getPlayersByIds(db, playerIds)).map((row) => resources.resource(row)));
    },
    ...createPlayableEdits({ db, lineUp, notify }),
    onPlayerChanged,
    isSessionOnline: (q) => owner.isSessionOnline(q),
    addListener(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setPresenceCheck: (check) => owner.setPresenceCheck(check),
    setPressHold(hold) {
      pressHold = hold;
    },
    ...createPlanHold({ db, random, resources, notify }),
    ...createPlayerCommands({ db, random, resources, owner, mutate, notify }),
  };
}
