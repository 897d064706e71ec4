import type { Device, OutputChangedEvent, Player, PlayerSound } from '@/contracts';
import type { Alert, AlertEvent } from '@/contracts/alerts';
import { PLAYER_OUTPUT_STATES } from '@/contracts/names';

/**
 * Checks for what arrives over the socket (events and presence members), written out by hand so the
 * browser does without zod: the contract's schemas stay on the server. They check what the app reads;
 * anything malformed is dropped, as the schemas' safeParse did.
 */

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isNullOr = (v: unknown, check: (v: unknown) => boolean) => v === null || check(v);

const DEVICE_TYPES: readonly string[] = ['tablet', 'mobile', 'desktop'];
const SOUND_TYPES: readonly string[] = ['spot', 'sound'];

/** A presence member's `user_info`, copied field by field (extra keys left out); null when malformed. */
export function toDevice(v: unknown): Device | null {
  if (!isObj(v) || !isStr(v.id) || !isStr(v.type) || !DEVICE_TYPES.includes(v.type)) return null;
  if (!isStr(v.device_model) || !isStr(v.device_family)) return null;
  const device: Device = {
    id: v.id,
    type: v.type as Device['type'],
    device_model: v.device_model,
    device_family: v.device_family,
  };
  // The bundled API's own field; a blank or malformed one counts as unnamed.
  if (isStr(v.name) && v.name.trim()) device.name = v.name;
  // The zone it last steered (issue 43, the bundled API's own field).
  if (isNum(v.zone_id) || v.zone_id === null) device.zone_id = v.zone_id;
  return device;
}

/** `DeviceZoneChanged` → `{id, zone_id}` (the device now steers that zone), or null. */
export function readDeviceZone(payload: unknown): { id: string; zone_id: number | null } | null {
  return isObj(payload) && isStr(payload.id) && (isNum(payload.zone_id) || payload.zone_id === null)
    ? { id: payload.id, zone_id: payload.zone_id }
    : null;
}

/** `DeviceRenamed` → `{id, name}`, or null. */
export function readDeviceRenamed(payload: unknown): { id: string; name: string } | null {
  return isObj(payload) && isStr(payload.id) && isStr(payload.name) && payload.name.trim()
    ? { id: payload.id, name: payload.name }
    : null;
}

function isTrack(v: unknown): boolean {
  return (
    isObj(v) &&
    isNum(v.id) &&
    isNullOr(v.title, isStr) &&
    isStr(v.name) &&
    isNullOr(v.artist, isStr) &&
    isStr(v.url) &&
    isNullOr(v.image_thumbnail_url, isStr) &&
    isStr(v.formatted_duration) &&
    isNum(v.duration)
  );
}

function isPlayable(v: unknown): boolean {
  return isObj(v) && isStr(v.type) && isNum(v.id) && isStr(v.name);
}

export function isPlayer(v: unknown): v is Player {
  return (
    isObj(v) &&
    isNum(v.id) &&
    isBool(v.is_repeat) &&
    isBool(v.is_random) &&
    isBool(v.is_playing) &&
    isNum(v.current_time) &&
    isNum(v.volume) &&
    isNullOr(v.session_id, isStr) &&
    isNullOr(v.track, isTrack) &&
    isNullOr(v.playable, isPlayable) &&
    isNullOr(v.playable_type, isStr) &&
    isNullOr(v.playable_id, isNum)
  );
}

export function isPlayerSound(v: unknown): v is PlayerSound {
  return (
    isObj(v) &&
    isNum(v.id) &&
    isStr(v.type) &&
    SOUND_TYPES.includes(v.type) &&
    isStr(v.url) &&
    (v.name === undefined || isStr(v.name)) &&
    (v.duration === undefined || isNum(v.duration))
  );
}

/** `UpdatePlayer` → the player, or null. */
export function readUpdatePlayer(payload: unknown): Player | null {
  return isObj(payload) && isPlayer(payload.player) ? payload.player : null;
}

/** `OutputChanged` → the event, or null. */
export function readOutputChanged(payload: unknown): OutputChangedEvent | null {
  if (!isObj(payload) || !isNum(payload.player_id) || !isStr(payload.session_id) || !isObj(payload.output)) return null;
  const { state, since } = payload.output;
  if (!isStr(state) || !(PLAYER_OUTPUT_STATES as readonly string[]).includes(state) || !isStr(since)) return null;
  return {
    player_id: payload.player_id,
    session_id: payload.session_id,
    output: { state: state as OutputChangedEvent['output']['state'], since },
  };
}

/** `PlaySpots` → the spots, or null. */
export function readPlaySpots(payload: unknown): PlayerSound[] | null {
  return isObj(payload) && Array.isArray(payload.spots) && payload.spots.every(isPlayerSound) ? payload.spots : null;
}

/** `PlaySound` → the sound, or null. */
export function readPlaySound(payload: unknown): PlayerSound | null {
  return isObj(payload) && isPlayerSound(payload.sound) ? payload.sound : null;
}

const ALERT_EVENT_KINDS: readonly string[] = ['offline', 'blocked', 'stalled', 'paused', 'spot_missed', 'recovered'];

/** One alert of an `AlertOpened` / `AlertClosed` payload or of the alerts' page, or null. */
export function toAlert(v: unknown): Alert | null {
  if (!isObj(v) || !isNum(v.id) || !isStr(v.kind) || !ALERT_EVENT_KINDS.includes(v.kind)) return null;
  if (!isStr(v.title) || !isStr(v.body) || !isStr(v.started_at) || !isNullOr(v.closed_at, isStr)) return null;
  const alert: Alert = {
    id: v.id,
    kind: v.kind as Alert['kind'],
    title: v.title,
    body: v.body,
    started_at: v.started_at,
    closed_at: (v.closed_at as string | null) ?? null,
    read: isBool(v.read) ? v.read : false,
  };
  if (Array.isArray(v.minutes) && v.minutes.every(isStr)) alert.minutes = v.minutes;
  return alert;
}

/** `AlertOpened` / `AlertClosed` → `{alert, unread}`, or null. */
export function readAlertEvent(payload: unknown): AlertEvent | null {
  if (!isObj(payload) || !isNum(payload.unread)) return null;
  const alert = toAlert(payload.alert);
  return alert ? { alert, unread: payload.unread } : null;
}
