import { DEFAULT_ZONE_NAME } from '../../../contracts/names';
import type { Player } from '../../../contracts/player';
import { transaction, type Db } from '../db/client';
import { getTracks } from '../db/queries/channels';
import {
  createPlayer,
  getPlayer,
  listPlayers,
  lockCustomer,
  lockPlayer,
  lockPlayersOfCustomer,
  setPlayerOutput,
  type PlayerChanges,
} from '../db/queries/players';
import { trackIdsOf, unchanged } from './line-up';
import type { Mutate } from './mutate';
import { nextStep, startCycle, type Random } from './order';
import { playableKind } from './playables';
import type { PresenceOwner } from './presence-owner';
import { PlayerRefusal } from './refusals';
import type { PlayerResources } from './resource';
import type { PlayerService } from './types';

type Changes = PlayerChanges;

/** The commands of the player's buttons, its devices and its reports (see PlayerService). */
export type PlayerCommands = Pick<
  PlayerService,
  | 'list'
  | 'get'
  | 'toggleRandom'
  | 'toggleRepeat'
  | 'next'
  | 'togglePlay'
  | 'loadTrack'
  | 'updateVolume'
  | 'setPlayable'
  | 'jumpToTrack'
  | 'reportOutput'
  | 'outputLoginsEnded'
  | 'moveOutput'
>;

export function createPlayerCommands({
  db,
  random,
  resources,
  owner,
  mutate,
  notify,
}: {
  db: Db;
  random: Random;
  resources: PlayerResources;
  owner: PresenceOwner;
  mutate: Mutate;
  notify: PlayerService['onPlayerChanged'];
}): PlayerCommands {
  const { resource } = resources;
  const { ownerBeforePlay, ownerAfterPlay, isLoginLive } = owner;
  const onPlayerChanged = notify;

  return {
    async list(actor) {
      const { rows, created } = await transaction(db, async (tx) => {
        const scope = { customerId: actor.customerId };
        const existing = await listPlayers(tx, scope);
        if (existing.length) return { rows: existing, created: undefined };
        // Serialise first-player creation per customer by locking the customer row.
        await lockCustomer(tx, scope);
        const again = await listPlayers(tx, scope);
        if (again.length) return { rows: again, created: undefined };
        const row = await createPlayer(tx, { ...scope, zoneName: DEFAULT_ZONE_NAME });
        return { rows: [{ ...row, zoneName: DEFAULT_ZONE_NAME }], created: row };
      });
      const list = await Promise.all(rows.map(async (r) => ({ ...(await resource(r)), zone_name: r.zoneName })));
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
}
