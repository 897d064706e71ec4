import type { createStore } from 'jotai';
import type { OutputChangedEvent, Player } from '@/contracts';
import { playerApi } from './api';
import { showsOutputAlive } from './decisions';
import { withLatestOutput } from './heard';
import { outputHeardAtAtom, playerAtom } from './state';

type Store = ReturnType<typeof createStore>;

let issued = 0;
let applied = 0;
/** Ticket of the last state pushed by the server (UpdatePlayer or a resync). */
let lastPush = 0;
let resyncing: Promise<Player | null> | null = null;
/** Calls whose answers have not come back yet. */
const inFlight = new Set<Promise<unknown>>();
/** Raised when the bar turns to another zone's player (issue 43): answers of calls sent before are dropped. */
let steerEpoch = 0;

/**
 * Whether `incoming` is at least as new as `current` by the server's `version` (raised by every
 * change); null when that cannot be told (another player, or an API that sends no version, where
 * the order of the calls decides as before).
 */
export function newerByVersion(incoming: Player, current: Player | null | undefined): boolean | null {
  if (!current || current.id !== incoming.id) return null;
  if (typeof incoming.version !== 'number' || typeof current.version !== 'number') return null;
  return incoming.version >= current.version;
}

/**
 * Runs one player call and lets its answer replace the local player (SPEC.md §4). Calls may
 * overlap (a tap during a position report); an answer older than one already applied is
 * dropped, so a slow reply never undoes a newer state.
 *
 * A pushed state (another device's change) counts as newer than calls still in flight. Their
 * answers are dropped then, but the server does not send this device its own changes, so such an
 * answer may hold the newest state after all: the player is fetched again to find out.
 */
export async function commitPlayer(store: Store, call: () => Promise<Player>): Promise<Player | null> {
  const ticket = ++issued;
  const epoch = steerEpoch;
  const pending = call();
  inFlight.add(pending);
  let player: Player;
  try {
    player = await pending;
  } finally {
    inFlight.delete(pending);
  }
  // The bar steers another zone's player now: this answer is of the one it left.
  if (epoch !== steerEpoch) return null;
  // With versions the server says which state is newer, whatever order the answers came in.
  const byVersion = newerByVersion(player, store.get(playerAtom));
  if (byVersion === false) return null;
  if (byVersion === null && ticket < applied) {
    if (ticket < lastPush) void resyncPlayer(store).catch(() => {});
    return null;
  }
  applied = Math.max(applied, ticket);
  store.set(playerAtom, withLatestOutput(player, store.get(playerAtom)));
  return player;
}

/** A state the server pushed (UpdatePlayer): applied at once, for the player this device shows. */
export function applyPushedPlayer(store: Store, player: Player): boolean {
  const current = store.get(playerAtom);
  if (current && current.id !== player.id) return false;
  // A push that a later answer already overtook (events and answers travel different ways).
  if (newerByVersion(player, current) === false) return false;
  if (showsOutputAlive(current ?? null, player)) store.set(outputHeardAtAtom, Date.now());
  const ticket = ++issued;
  applied = ticket;
  lastPush = ticket;
  store.set(playerAtom, withLatestOutput(player, current));
  return true;
}

/**
 * OutputChanged: the audio device's report, for the player and the device this device shows. It does
 * not raise `version`, so it goes beside the version order: only a later report replaces it.
 */
export function applyOutputChanged(store: Store, event: OutputChangedEvent): boolean {
  const current = store.get(playerAtom);
  if (!current || current.id !== event.player_id || current.session_id !== event.session_id) return false;
  const next = withLatestOutput({ ...current, output: event.output }, current);
  if (next.output === current.output) return false;
  store.set(playerAtom, next);
  return true;
}

/**
 * Fetches the player again and replaces the local one (after a socket drop, a sleep, or an
 * answer overtaken by a push). Overlapping requests share one call.
 *
 * A call still under way when the fetch goes out may change the player after the server has read it
 * (a press just as the socket connects): the fetch's answer, being the later one here, would then undo
 * that change, and the server does not push this device its own changes. So once those calls are
 * done the player is fetched once more.
 */
export function resyncPlayer(store: Store): Promise<Player | null> {
  if (resyncing) return resyncing;
  const overlapping = [...inFlight];
  const fetchOnce = () => {
    const wanted = store.get(playerAtom)?.id;
    return commitPlayer(store, async () => {
      const players = await playerApi.list();
      const found = players.find((p) => p.id === wanted) ?? players[0];
      if (!found) throw new Error('No player for this customer');
      return found;
    });
  };
  resyncing = fetchOnce()
    .then(async (player) => {
      if (!overlapping.length) return player;
      await Promise.allSettled(overlapping);
      return fetchOnce();
    })
    .finally(() => {
      resyncing = null;
    });
  return resyncing;
}

/**
 * The bar turns to another player (zones, issue 43: the zone it steers). Its state replaces the one
 * shown at once, whatever its version; calls still under way for the other player are forgotten.
 */
export function steerPlayer(store: Store, player: Player): void {
  steerEpoch += 1;
  applied = ++issued;
  store.set(playerAtom, player);
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
