import { createStore } from 'jotai';
import type { Player } from '@/contracts';
import { playerAtom } from '@/lib/player/state';
import { applyPushedPlayer, commitPlayer, resyncPlayer } from '@/lib/player/commit';
import { playerApi } from '@/lib/player/api';
import { aPlayer } from '../player/fixtures';

jest.mock('@/lib/player/api', () => ({ playerApi: { list: jest.fn() } }));
const list = playerApi.list as jest.MockedFunction<typeof playerApi.list>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('pushed player states and in-flight answers', () => {
  beforeEach(() => list.mockReset());

  test('UpdatePlayer replaces the local player', () => {
    const store = createStore();
    store.set(playerAtom, aPlayer({ is_random: false }));
    expect(applyPushedPlayer(store, aPlayer({ is_random: true }))).toBe(true);
    expect(store.get(playerAtom)?.is_random).toBe(true);
  });

  test('a push for another player is ignored', () => {
    const store = createStore();
    store.set(playerAtom, aPlayer({ id: 1 }));
    expect(applyPushedPlayer(store, aPlayer({ id: 2, volume: 5 }))).toBe(false);
    expect(store.get(playerAtom)?.volume).toBe(80);
  });

  test('an answer to a call sent before the push does not undo it, and the player is fetched again', async () => {
    const store = createStore();
    store.set(playerAtom, aPlayer({ is_playing: true, is_random: false }));
    const answer = deferred<Player>();
    const call = commitPlayer(store, () => answer.promise);

    applyPushedPlayer(store, aPlayer({ is_playing: false, is_random: false }));
    list.mockResolvedValue([aPlayer({ is_playing: false, is_random: true })]);
    answer.resolve(aPlayer({ is_playing: true, is_random: true }));

    expect(await call).toBeNull();
    expect(store.get(playerAtom)?.is_playing).toBe(false);
    await flush();
    // The server's current state: this device's own change and the other device's both.
    expect(list).toHaveBeenCalledTimes(1);
    expect(store.get(playerAtom)).toMatchObject({ is_playing: false, is_random: true });
  });

  test('an answer to a call sent after the push applies as usual', async () => {
    const store = createStore();
    store.set(playerAtom, aPlayer());
    applyPushedPlayer(store, aPlayer({ volume: 40 }));
    await commitPlayer(store, async () => aPlayer({ volume: 60 }));
    expect(store.get(playerAtom)?.volume).toBe(60);
    expect(list).not.toHaveBeenCalled();
  });

  test('a resync that went out while a press was under way does not leave its older state behind', async () => {
    const store = createStore();
    store.set(playerAtom, aPlayer({ is_playing: false }));
    const press = deferred<Player>();
    const call = commitPlayer(store, () => press.promise);

    // The socket connects: the player is fetched while the press is still on its way, and the server
    // reads it before the press lands.
    list.mockResolvedValueOnce([aPlayer({ is_playing: false })]);
    const resync = resyncPlayer(store);
    await flush();
    expect(store.get(playerAtom)?.is_playing).toBe(false);

    // The press answers later: older ticket, dropped; then the player is fetched once more.
    list.mockResolvedValueOnce([aPlayer({ is_playing: true })]);
    press.resolve(aPlayer({ is_playing: true }));
    expect(await call).toBeNull();
    await resync;
    expect(list).toHaveBeenCalledTimes(2);
    expect(store.get(playerAtom)?.is_playing).toBe(true);
  });

  test('a resync with nothing under way fetches once', async () => {
    const store = createStore();
    store.set(playerAtom, aPlayer({ is_playing: false }));
    list.mockResolvedValueOnce([aPlayer({ is_playing: true })]);
    await resyncPlayer(store);
    expect(list).toHaveBeenCalledTimes(1);
    expect(store.get(playerAtom)?.is_playing).toBe(true);
  });
});

describe('with the server version, the newer state wins whatever the arrival order', () => {
  beforeEach(() => list.mockReset());

  test('a push older than the state shown is ignored', () => {
    const store = createStore();
    store.set(playerAtom, aPlayer({ version: 7, volume: 40 }));
    expect(applyPushedPlayer(store, aPlayer({ version: 6, volume: 90 }))).toBe(false);
    expect(store.get(playerAtom)?.volume).toBe(40);
    expect(applyPushedPlayer(store, aPlayer({ version: 8, volume: 60 }))).toBe(true);
    expect(store.get(playerAtom)?.volume).toBe(60);
  });

  test('an answer overtaken by a push applies when its version is newer, without fetching again', async () => {
    const store = createStore();
    store.set(playerAtom, aPlayer({ version: 1, is_playing: true }));
    const answer = deferred<Player>();
    const call = commitPlayer(store, () => answer.promise);
    applyPushedPlayer(store, aPlayer({ version: 2, is_random: true }));
    answer.resolve(aPlayer({ version: 3, is_playing: false, is_random: true }));
    expect(await call).toMatchObject({ version: 3 });
    await flush();
    expect(list).not.toHaveBeenCalled();
    expect(store.get(playerAtom)).toMatchObject({ version: 3, is_playing: false });
  });

  test('a slow answer older than the state shown is dropped', async () => {
    const store = createStore();
    store.set(playerAtom, aPlayer({ version: 1 }));
    const slow = deferred<Player>();
    const first = commitPlayer(store, () => slow.promise);
    await commitPlayer(store, async () => aPlayer({ version: 5, volume: 10 }));
    slow.resolve(aPlayer({ version: 4, volume: 99 }));
    expect(await first).toBeNull();
    expect(store.get(playerAtom)).toMatchObject({ version: 5, volume: 10 });
  });
});
