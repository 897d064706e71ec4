import type { Device, DeviceType } from '@/contracts';
import { realtime } from '@/lib/i18n/hu/realtime';
import { tracks } from '@/lib/i18n/hu/tracks';
import { toDevice } from './guards';

const hu = { realtime, tracks };

/** One row of the device list. */
export interface DeviceRow {
  id: string;
  type: DeviceType;
  /** Hungarian name of the type, for the icon's text alternative. */
  typeLabel: string;
  /** The name the shop gave it ('Pult'), else 'Chrome · Windows', numbered among its like ('Chrome · Windows 2'). */
  label: string;
  /** Whether `label` is a name the shop gave (the rename dialog starts from it). */
  named: boolean;
  isThis: boolean;
  isPlaying: boolean;
}

/** Members as presence delivers them, kept only when they are well-formed Devices. */
export function parseMembers(members: unknown[]): Device[] {
  const out: Device[] = [];
  for (const member of members) {
    const device = toDevice(member);
    if (device) out.push(device);
  }
  return out;
}

/** Presence joining: a device may already be listed (two tabs of one login count once). */
export function addMember(list: Device[], device: Device): Device[] {
  return list.some((d) => d.id === device.id) ? list.map((d) => (d.id === device.id ? device : d)) : [...list, device];
}

/** `DeviceRenamed`: the device with this presence id is now called `name`. */
export function renameMember(list: Device[], id: string, name: string): Device[] {
  return list.some((d) => d.id === id && d.name !== name) ? list.map((d) => (d.id === id ? { ...d, name } : d)) : list;
}

/** `DeviceZoneChanged`: the device with this presence id now steers zone `zoneId`. */
export function setMemberZone(list: Device[], id: string, zoneId: number | null): Device[] {
  return list.some((d) => d.id === id && d.zone_id !== zoneId)
    ? list.map((d) => (d.id === id ? { ...d, zone_id: zoneId } : d))
    : list;
}

export function removeMember(list: Device[], id: string): Device[] {
  return list.some((d) => d.id === id) ? list.filter((d) => d.id !== id) : list;
}

export function deviceTypeLabel(type: DeviceType): string {
  return hu.realtime.deviceTypes[type];
}

export function deviceLabel(device: Pick<Device, 'device_model' | 'device_family'>): string {
  const model = device.device_model.trim();
  const family = device.device_family.trim();
  if (model && family && model !== family) return `${model} · ${family}`;
  return model || family || hu.tracks.unknownArtist;
}

/**
 * The list as the menu shows it: this device first (even before presence has listed it, so the
 * menu is never empty), then the others by name, each marked with whether it is the one playing.
 */
export function shapeDevices(
  members: Device[],
  context: { thisSessionId: string | null; playingSessionId: string | null; thisDevice?: Device | null },
): DeviceRow[] {
  const { thisSessionId, playingSessionId } = context;
  const known = new Map<string, Device>();
  for (const member of members) known.set(member.id, member);
  if (thisSessionId && !known.has(thisSessionId) && context.thisDevice) known.set(thisSessionId, context.thisDevice);

  const devices = [...known.values()];
  const numbers = unnamedNumbers(devices);
  const rows = devices.map<DeviceRow>((device) => {
    const name = device.name?.trim();
    const number = numbers.get(device.id);
    return {
      id: device.id,
      type: device.type,
      typeLabel: deviceTypeLabel(device.type),
      label: name || (number ? `${deviceLabel(device)} ${number}` : deviceLabel(device)),
      named: !!name,
      isThis: device.id === thisSessionId,
      isPlaying: device.id === playingSessionId,
    };
  });
  return rows.sort((a, b) => {
    if (a.isThis !== b.isThis) return a.isThis ? -1 : 1;
    return a.label.localeCompare(b.label, 'hu') || a.id.localeCompare(b.id);
  });
}

/**
 * Two unnamed PCs would both read 'Chrome · Windows': the second and later of a kind get a number
 * ('Chrome · Windows 2'), in the order of their ids, so every device of the shop numbers them alike.
 * The first keeps the plain label (a shop with one PC sees no number).
 */
function unnamedNumbers(devices: Device[]): Map<string, number> {
  const byLabel = new Map<string, string[]>();
  for (const device of devices) {
    if (device.name?.trim()) continue;
    const label = deviceLabel(device);
    byLabel.set(label, [...(byLabel.get(label) ?? []), device.id]);
  }
  const numbers = new Map<string, number>();
  for (const ids of byLabel.values()) {
    [...ids].sort().forEach((id, i) => {
      if (i > 0) numbers.set(id, i + 1);
    });
  }
  return numbers;
}

/** Whether the player's audio device is missing from the online list (gone offline). */
export function playingDeviceOffline(rows: DeviceRow[], playingSessionId: string | null): boolean {
  return !!playingSessionId && !rows.some((r) => r.id === playingSessionId);
}

/** Where a remote device last learned the position, to estimate it later. */
export interface PositionMark {
  time: number;
  /** Epoch ms when `time` was learned. */
  at: number;
  playing: boolean;
}

/**
 * The position to hand over when moving playback from a remote control: the server's last known
 * time, moved on by the time since, while playing (the audio device reports every few seconds).
 */
export function estimatePosition(mark: PositionMark, now: number, duration?: number | null): number {
  const elapsed = mark.playing ? Math.max(0, now - mark.at) / 1000 : 0;
  const estimate = mark.time + elapsed;
  return duration && duration > 0 ? Math.min(estimate, Math.max(0, duration - 1)) : estimate;
}

/**
 * Whether the player names another device for the music that presence does not list: that device
 * is gone (closed, asleep, offline), so nothing sounds although the server still says playing. Only
 * once presence is known (connected, and listing this device itself): before that nothing is claimed.
 */
export function outputDeviceUnavailable(state: {
  connection: string;
  members: Pick<Device, 'id'>[];
  thisSessionId: string | null;
  playingSessionId: string | null;
}): boolean {
  const { connection, members, thisSessionId, playingSessionId } = state;
  if (!playingSessionId || !thisSessionId || playingSessionId === thisSessionId) return false;
  if (connection !== 'connected' || !members.some((m) => m.id === thisSessionId)) return false;
  return !members.some((m) => m.id === playingSessionId);
}
