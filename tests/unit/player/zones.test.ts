import { createStore } from 'jotai';
import type { Player } from '@/contracts';
import type { Zone } from '@/contracts/zones';
import { PLAYABLE_CHANNEL } from '@/contracts/names';
import { commitPlayer, steerPlayer } from '@/lib/player/commit';
import { playerAtom } from '@/lib/player/state';
import {
  audioDeviceOnline,
  playerOfZone,
  rememberedZone,
  zoneOfDevice,
  zoneOfPlayer,
  zoneSoundedBy,
  zonesPlaying,
} from '@/lib/player/zones';
import { aPlayer } from './fixtures';

const CAFE: Zone = { id: 5, name: 'Kávézó', position: 0, player_id: 1 };
const TERRACE: Zone = { id: 6, name: 'Terasz', position: 1, player_id: 2 };
const ZONES = [CAFE, TERRACE];

const cafe = (over: Partial<Player> = {}): Player => aPlayer({ id: 1, zone_id: 5, zone_name: 'Kávézó', ...over });
const terrace = (over: Partial<Player> = {}): Player => aPlayer({ id: 2, zone_id: 6, zone_name: 'Terasz', ...over });

describe('which player is which zone', () => {
  it('finds a zone by its player and a player by its zone, by zone_id or else by the zone’s player_id', () => {
    expect(playerOfZone([cafe(), terrace()], TERRACE)?.id).toBe(2);
    expect(playerOfZone([aPlayer({ id: 2 })], TERRACE)?.id).toBe(2);
    expect(zoneOfPlayer(ZONES, terrace())).toBe(TERRACE);
    expect(zoneOfPlayer(ZONES, aPlayer({ id: 1 }))).toBe(CAFE);
    expect(zoneOfPlayer([], cafe())).toBeNull();
  });

  it('a device is listed with the zone it sounds for, else the one it last steered', () => {
    const players = [cafe({ session_id: 'pc-a' }), terrace({ session_id: 'pc-b' })];
    expect(zoneSoundedBy(ZONES, players, 'pc-b')).toBe(TERRACE);
    expect(zoneSoundedBy(ZONES, players, 'phone')).toBeNull();
    expect(zoneOfDevice(ZONES, players, { id: 'pc-a', zone_id: 6 })).toBe(CAFE);
    expect(zoneOfDevice(ZONES, players, { id: 'phone', zone_id: 6 })).toBe(TERRACE);
    expect(zoneOfDevice(ZONES, players, { id: 'phone', zone_id: null })).toBeNull();
  });

  it('a zone’s audio device is online when presence lists its session', () => {
    expect(audioDeviceOnline(cafe({ session_id: 'pc-a' }), [{ id: 'pc-a' }])).toBe(true);
    expect(audioDeviceOnline(cafe({ session_id: 'pc-a' }), [{ id: 'phone' }])).toBe(false);
    expect(audioDeviceOnline(cafe({ session_id: null }), [{ id: 'pc-a' }])).toBe(false);
  });
});

describe('the zone a page turns to', () => {
  const members = [{ id: 'phone', zone_id: 6 }];

  it('turns to the zone this device last steered', () => {
    expect(rememberedZone({ zones: ZONES, members, sessionId: 'phone', shown: cafe() })).toBe(TERRACE);
  });

  it('stays: already there, one zone, nothing remembered, a deleted zone, or this device sounds for the shown zone', () => {
    expect(rememberedZone({ zones: ZONES, members, sessionId: 'phone', shown: terrace() })).toBeNull();
    expect(rememberedZone({ zones: [CAFE], members, sessionId: 'phone', shown: cafe() })).toBeNull();
    expect(rememberedZone({ zones: ZONES, members: [{ id: 'phone' }], sessionId: 'phone', shown: cafe() })).toBeNull();
    expect(
      rememberedZone({ zones: ZONES, members: [{ id: 'phone', zone_id: 99 }], sessionId: 'phone', shown: cafe() }),
    ).toBeNull();
    expect(
      rememberedZone({ zones: ZONES, members, sessionId: 'phone', shown: cafe({ session_id: 'phone' }) }),
    ).toBeNull();
  });
});

describe("a tile's 'Szól:'", () => {
  it('names every zone playing it, in the zones’ order, the live player over the fetched one', () => {
    const channel: Partial<Player> = { playable_type: PLAYABLE_CHANNEL, playable_id: 3, is_playing: true };
    const players = [cafe({ ...channel, is_playing: false }), terrace(channel)];
    expect(zonesPlaying(ZONES, players, null, 'channel', 3)).toEqual(['Terasz']);
    // The bar's zone, pushed live: it plays now.
    expect(zonesPlaying(ZONES, players, cafe(channel), 'channel', 3)).toEqual(['Kávézó', 'Terasz']);
    expect(zonesPlaying(ZONES, players, cafe(channel), 'playlist', 3)).toEqual([]);
  });
});

describe('steering another zone’s player', () => {
  it('an answer of a call sent before the switch does not bring the other zone back', async () => {
    const store = createStore();
    store.set(playerAtom, cafe());
    let answer: (p: Player) => void = () => undefined;
    const pending = commitPlayer(store, () => new Promise<Player>((resolve) => (answer = resolve)));
    steerPlayer(store, terrace());
    answer(cafe({ is_playing: true }));
    expect(await pending).toBeNull();
    expect(store.get(playerAtom)?.id).toBe(2);
  });
});
