import { z } from 'zod';
import { MAX_ID, nameField } from './fields';
import { MIXER_NAME_MAX, zoneMessages } from './names';

export { DEFAULT_ZONE_NAME, DEVICE_ZONE_EVENT, ZONES_MAX, zoneMessages, zoneMusicTitle } from './names';

/**
 * Zones ('Zóna', the bundled API only): one shop, several areas, each with its own player (source,
 * shuffle, repeat, volume, audio device, play log) and its own music plan (blocks, default source,
 * overrides). Opening hours stay the shop's; screens stay the shop's.
 *
 * Calls: `GET /api/zones` (the shop's zones in order, each with its player's id) · `POST /api/zones`
 * (`{name}` → 201, the new zone) · `POST /api/zones/{id}` (rename, `{name}`) · `POST /api/zones/reorder`
 * (`{ids}`, every zone once → the list) · `POST /api/zones/delete/{id}` (→ bare `true`).
 *
 * A call that names no zone (the music plan and its blocks, the play log, resume) means the first
 * zone, so a client that knows no zones (and a Laravel API, which has no `GET /api/zones`) keeps
 * working: no `GET /api/zones` answer means one zone and no zone UI.
 */

export const zoneSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** 0-based order ('Zónák' in the settings, the bar's menu). */
  position: z.number(),
  /** The zone's own player (`/api/players/{id}/…`). */
  player_id: z.number(),
});
export type Zone = z.infer<typeof zoneSchema>;
export const zoneListSchema = z.array(zoneSchema);

const zoneName = nameField(MIXER_NAME_MAX);

/** POST /api/zones and POST /api/zones/{id}: the names' rules. */
export const zoneBodySchema = z.object({ name: zoneName });
export type ZoneBody = z.infer<typeof zoneBodySchema>;

export const zoneParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/** POST /api/zones/reorder: every zone of the shop exactly once, in the new order. */
export const reorderZonesBodySchema = z.object({
  ids: z.array(z.coerce.number().int().positive().max(MAX_ID), { error: zoneMessages.reorder }),
});
export type ReorderZonesBody = z.infer<typeof reorderZonesBodySchema>;

/**
 * `?zone={id}` on the music plan, its blocks, the play log and resume: absent means the first zone.
 */
export const zoneQuerySchema = z.object({
  zone: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

/**
 * POST /api/devices/{sessionId}/zone `{zone_id}`: the zone this device last steered (remembered per
 * browser like its name). Answers and broadcasts `{id, zone_id}` as DEVICE_ZONE_EVENT on the shop's
 * presence channel.
 */
export const deviceZoneBodySchema = z.object({
  zone_id: z.coerce.number().int().positive().max(MAX_ID),
});
export const deviceZoneEventSchema = z.object({ id: z.string(), zone_id: z.number().nullable() });
export type DeviceZoneEvent = z.infer<typeof deviceZoneEventSchema>;
