/**
 * Zones (issue 43) as the player sees them: pure rules, no React. The bar steers one zone's player at a
 * time (`playerAtom` holds it, and the realtime subscription follows its id); these tell which one,
 * and what the other zones do, from `GET /api/players` (one player per zone, with `zone_id`).
 */
import type { Device, Player } from '@/contracts';
import type { Zone } from '@/contracts/zones';
import { PLAYABLE_CHANNEL, PLAYABLE_PLAYLIST } from '@/contracts/names';

/** The player of a zone: by its `zone_id`, else by the zone's `player_id`. */
export function playerOfZone(players: readonly Player[], zone: Pick<Zone, 'id' | 'player_id'>): Player | null {
  return players.find((p) => p.zone_id === zone.id) ?? players.find((p) => p.id === zone.player_id) ?? null;
}

/** The zone a player plays for: by its `zone_id`, else the zone naming it as its player. */
export function zoneOfPlayer(zones: readonly Zone[], player: Pick<Player, 'id' | 'zone_id'> | null): Zone | null {
  if (!player) return null;
  return zones.find((z) => z.id === player.zone_id) ?? zones.find((z) => z.player_id === player.id) ?? null;
}

/** The zone a device sounds for (it is that player's audio device), or null. */
export function zoneSoundedBy(
  zones: readonly Zone[],
  players: readonly Player[],
  sessionId: string | null | undefined,
): Zone | null {
  if (!sessionId) return null;
  const player = players.find((p) => p.session_id === sessionId);
  return player ? zoneOfPlayer(zones, player) : null;
}

/**
 * The zone a device is listed with in the device menu: the one it sounds for, else the one it last
 * steered (its presence's `zone_id`), else none.
 */
export function zoneOfDevice(
  zones: readonly Zone[],
  players: readonly Player[],
  device: Pick<Device, 'id' | 'zone_id'>,
): Zone | null {
  return zoneSoundedBy(zones, players, device.id) ?? zones.find((z) => z.id === device.zone_id) ?? null;
}

/**
 * The zone a page that just loaded turns to: none while this device sounds for a zone (it steers that
 * one, or its music would stop), else the one this device last steered (its presence's `zone_id`) when
 * it is still a zone and not the one shown already.
 */
export function rememberedZone(input: {
  zones: readonly Zone[];
  members: readonly Pick<Device, 'id' | 'zone_id'>[];
  sessionId: string | null;
  shown: Pick<Player, 'id' | 'zone_id' | 'session_id'> | null;
}): Zone | null {
  const { zones, members, sessionId, shown } = input;
  if (!sessionId || zones.length < 2) return null;
  if (shown?.session_id === sessionId) return null;
  const self = members.find((m) => m.id === sessionId);
  if (!self || typeof self.zone_id !== 'number') return null;
  const zone = zones.find((z) => z.id === self.zone_id) ?? null;
  if (!zone || zone.id === zoneOfPlayer(zones, shown)?.id) return null;
  return zone;
}

/**
 * The zones where a channel or playlist plays now (a tile's 'Szól: Kávézó, Terasz'), in the zones'
 * order; the steered player (`live`, kept by the realtime) stands for its zone over the fetched list.
 */
export function zonesPlaying(
  zones: readonly Zone[],
  players: readonly Player[],
  live: Player | null,
  type: 'channel' | 'playlist',
  id: number,
): string[] {
  const morph = type === 'channel' ? PLAYABLE_CHANNEL : PLAYABLE_PLAYLIST;
  const names: string[] = [];
  for (const zone of zones) {
    const fetched = playerOfZone(players, zone);
    const player =
      live && fetched && live.id === fetched.id
        ? live
        : (fetched ?? (live && zoneOfPlayer(zones, live)?.id === zone.id ? live : null));
    if (player && player.is_playing && player.playable_type === morph && player.playable_id === id)
      names.push(zone.name);
  }
  return names;
}

/** Whether a zone's audio device is online: its player names a session that presence lists. */
export function audioDeviceOnline(player: Player | null, members: readonly Pick<Device, 'id'>[]): boolean {
  const session = player?.session_id;
  return !!session && members.some((m) => m.id === session);
}
