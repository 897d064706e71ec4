import type { createStore } from 'jotai';
import type { Player } from '@/contracts';
import { playerAtom } from './atoms';
import { playerApi } from './api';

type Store = ReturnType<typeof createStore>;

let issued = 0;
let applied = 0;

/**
 * Runs one player call and lets its answer replace the local player (SPEC.md §4). Calls may
 * overlap (a tap during a position report); an answer older than one already applied is
 * dropped, so a slow reply never undoes a newer state.
 */
export async function commitPlayer(store: Store, call: () => Promise<Player>): Promise<Player | null> {
  const ticket = ++issued;
  const player = await call();
  if (ticket < applied) return null;
  applied = ticket;
  store.set(playerAtom, player);
  return player;
}

/** The player id to steer: the one in the store, or the customer's first player. */
export async function ensurePlayerId(store: Store): Promise<number> {
  const current = store.get(playerAtom);
  if (current) return current.id;
  const players = await playerApi.list();
  const first = players[0];
  if (!first) throw new Error('No player for this customer');
  store.set(playerAtom, first);
  return first.id;
}
