'use client';

import { atom, useAtomValue, useStore, type createStore } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import useSWR, { mutate } from 'swr';
import type { Player } from '@/contracts';
import type { Zone } from '@/contracts/zones';
import { useMe } from '@/lib/api/use-me';
import { useZoneUi, useZones, zonesApi } from '@/lib/api/zones';
import { zones as huZones } from '@/lib/i18n/hu/zones';
import { membersAtom } from '@/lib/realtime/atoms';
import { setMemberZone } from '@/lib/realtime/devices';
import { showToast } from '@/lib/ui/toast';
import { PLAYERS_KEY, playerApi } from './api';
import { steerPlayer } from './commit';
import { outputHeardAtAtom, outputSilentAtom, playerAtom, remoteSpotsAtom, sessionIdAtom } from './state';
import { askMoveZone, askWhichZone, zoneListAtom, zonePlayersAtom } from './zone-questions';
import { playerOfZone, rememberedZone, zoneOfPlayer, zoneSoundedBy, zonesPlaying } from './zones';

type Store = ReturnType<typeof createStore>;

/**
 * Every zone's player (`GET /api/players`), for the zone menu, the device menu and the tiles' 'Szól:'.
 * Only with the zone UI; read again on focus, every 15 s, and after a zone switch. The steered
 * zone's player is the live one (`playerAtom`), put over its row.
 */
export function useZonePlayers(): Player[] {
  const zones = useZoneUi();
  const live = useAtomValue(playerAtom);
  const { data } = useSWR<Player[], Error>(zones.length ? PLAYERS_KEY : null, playerApi.list, {
    refreshInterval: 15_000,
    shouldRetryOnError: false,
  });
  return useMemo(() => {
    const list = data ?? [];
    if (!live) return list;
    return list.some((p) => p.id === live.id) ? list.map((p) => (p.id === live.id ? live : p)) : [...list, live];
  }, [data, live]);
}

/**
 * Turns the bar to a zone's player: its state replaces the shown one (the controls and the realtime
 * subscription follow its id), and the zone is remembered for this device (`POST /api/devices/{id}/zone`),
 * which the other devices' menus hear. Answers the player, or null when the zone has none.
 */
export async function steerZone(store: Store, zone: Zone): Promise<Player | null> {
  const players = await playerApi.list();
  void mutate(PLAYERS_KEY, players, { revalidate: false });
  const player = playerOfZone(players, zone);
  if (!player) return null;
  if (store.get(playerAtom)?.id !== player.id) {
    steerPlayer(store, player);
    // What this device estimated or heard of the other zone's audio device is not this one's.
    store.set(remoteSpotsAtom, []);
    store.set(outputSilentAtom, false);
    store.set(outputHeardAtAtom, Date.now());
  }
  rememberZone(store, store.get(sessionIdAtom), zone.id);
  return player;
}

/** Remembers the zone a device steers: at once in the device list, then on the server (which tells the others). */
export function rememberZone(store: Store, sessionId: string | null, zoneId: number): void {
  if (!sessionId) return;
  store.set(membersAtom, (list) => setMemberZone(list, sessionId, zoneId));
  void zonesApi.rememberDeviceZone(sessionId, zoneId).catch(() => undefined);
}

export interface Steering {
  /** The zones when the zone UI shows (more than one), else empty. */
  zones: Zone[];
  /** The zone the bar steers. */
  current: Zone | null;
  /** The zone this device sounds for (it steers that one only), or null. */
  sounding: Zone | null;
  players: Player[];
  switchTo(zone: Zone): Promise<void>;
}

export function useSteering(): Steering {
  const store = useStore();
  const zones = useZoneUi();
  const live = useAtomValue(playerAtom);
  const players = useZonePlayers();
  const { data: me } = useMe();
  const sessionId = me?.session_id ?? null;
  const current = zoneOfPlayer(zones, live);
  const sounding =
    live && sessionId && live.session_id === sessionId ? current : zoneSoundedBy(zones, players, sessionId);
  const switchTo = useCallback(
    async (zone: Zone) => {
      try {
        await steerZone(store, zone);
      } catch {
        showToast(huZones.switchFailed, store);
      }
    },
    [store],
  );
  return { zones, current, sounding, players, switchTo };
}

/**
 * Turns the bar to the zone this device last steered, once presence tells it (the page's first render
 * shows the zone this login sounds for, or the first), and again whenever it changes elsewhere (another
 * device made this one the audio device of another zone). Never away from the zone this device sounds
 * for. Mount once (the player bar).
 */
export function useRememberedZone(): void {
  const store = useStore();
  const zones = useZoneUi();
  const members = useAtomValue(membersAtom);
  const shown = useAtomValue(playerAtom);
  const { data: me } = useMe();
  const sessionId = me?.session_id ?? null;
  // The shown zone was deleted (here, in the settings): the bar turns to the first zone.
  const all = useZones();
  const gone = all.length > 0 && typeof shown?.zone_id === 'number' && !all.some((z) => z.id === shown.zone_id);
  const target = gone ? (all[0] ?? null) : rememberedZone({ zones, members, sessionId, shown });
  useEffect(() => {
    if (!target) return;
    void steerZone(store, target).catch(() => undefined);
  }, [store, target]);
}

/** The zone the bar steers, when the zone UI shows (more than one zone), else null. */
export function useSteeredZone(): Zone | null {
  const zones = useZoneUi();
  return zoneOfPlayer(zones, useAtomValue(playerAtom));
}

/**
 * Before device `sessionId` becomes the audio device of `target`: when it sounds for another zone,
 * zoneMessages.moveAsk(that zone, target) is asked first. True: go on (nothing to ask, or yes).
 */
export async function confirmZoneMove(store: Store, target: Zone, sessionId: string | null): Promise<boolean> {
  const zones = store.get(zoneListAtom);
  if (zones.length < 2 || !sessionId) return true;
  const players = await playerApi.list().catch(() => null);
  if (!players) return true;
  const from = zoneSoundedBy(zones, players, sessionId);
  if (!from || from.id === target.id) return true;
  return askMoveZone(store, from.name, target.name);
}

/**
 * 'Lejátszás ezen az eszközön' with several zones: which zone's music (the bar's first), asked before
 * anything moves; the bar turns to that zone, after the move question when this device sounds for
 * another one. Null: cancelled; without the zone UI, the bar's player as before.
 */
export async function chooseZoneToPlayHere(store: Store): Promise<'go' | 'cancel'> {
  const zones = store.get(zoneListAtom);
  if (zones.length < 2) return 'go';
  const current = zoneOfPlayer(zones, store.get(playerAtom));
  const chosen = await askWhichZone(store, zones, current?.id ?? null);
  if (!chosen) return 'cancel';
  if (!(await confirmZoneMove(store, chosen, store.get(sessionIdAtom)))) return 'cancel';
  if (chosen.id !== current?.id && !(await steerZone(store, chosen))) return 'cancel';
  return 'go';
}

/**
 * Keeps zoneListAtom and zonePlayersAtom (the zones and their players, for code outside React and the
 * tiles) in step with the layout's list and the fetched players. Mount once (the player bar).
 */
export function useZoneAtoms(): void {
  const store = useStore();
  const zones = useZoneUi();
  const players = useZonePlayers();
  useEffect(() => {
    store.set(zoneListAtom, zones);
  }, [store, zones]);
  useEffect(() => {
    store.set(zonePlayersAtom, players);
  }, [store, players]);
}

/**
 * 'Szól: Kávézó, Terasz': the zones a channel or playlist plays in now, with the zone UI only (else
 * an empty string). Each tile re-renders only when its own text changes.
 */
export function useZonesPlaying(type: 'channel' | 'playlist', id: number): string {
  return useAtomValue(
    useMemo(
      () =>
        atom((get) => {
          const names = zonesPlaying(get(zoneListAtom), get(zonePlayersAtom), get(playerAtom), type, id);
          return names.length ? huZones.playsIn(names) : '';
        }),
      [type, id],
    ),
  );
}
