import type { Device } from '@/contracts';
import {
  addMember,
  deviceLabel,
  estimatePosition,
  outputDeviceUnavailable,
  parseMembers,
  playingDeviceOffline,
  removeMember,
  shapeDevices,
} from '@/lib/realtime/devices';

const pc: Device = { id: 'sess-pc', type: 'desktop', device_model: 'Chrome', device_family: 'Windows' };
const phone: Device = { id: 'sess-phone', type: 'mobile', device_model: 'iPhone', device_family: 'Apple' };
const tablet: Device = { id: 'sess-tab', type: 'tablet', device_model: 'SM-T510', device_family: 'Samsung' };

describe('device list', () => {
  test('this device comes first and is marked; the playing one is marked', () => {
    const rows = shapeDevices([tablet, pc, phone], { thisSessionId: 'sess-phone', playingSessionId: 'sess-pc' });
    expect(rows.map((r) => r.id)).toEqual(['sess-phone', 'sess-pc', 'sess-tab']);
    expect(rows[0]).toMatchObject({ isThis: true, isPlaying: false });
    expect(rows[1]).toMatchObject({ isThis: false, isPlaying: true });
    expect(rows.filter((r) => r.isPlaying)).toHaveLength(1);
  });

  test('type icons and their Hungarian names', () => {
    const rows = shapeDevices([pc, phone, tablet], { thisSessionId: null, playingSessionId: null });
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId['sess-pc']).toMatchObject({ type: 'desktop', typeLabel: 'asztali gép' });
    expect(byId['sess-phone']).toMatchObject({ type: 'mobile', typeLabel: 'telefon' });
    expect(byId['sess-tab']).toMatchObject({ type: 'tablet', typeLabel: 'tablet' });
  });

  test('model and family make the label, without repeating one that is both', () => {
    expect(deviceLabel(phone)).toBe('iPhone · Apple');
    expect(deviceLabel({ device_model: 'Ismeretlen', device_family: 'Ismeretlen' })).toBe('Ismeretlen');
  });

  test('presence members: malformed ones are dropped, a joining device is listed once, leaving removes it', () => {
    expect(parseMembers([pc, { id: 3 }, null, phone])).toEqual([pc, phone]);
    const list = addMember(addMember([pc], phone), phone);
    expect(list.map((d) => d.id)).toEqual(['sess-pc', 'sess-phone']);
    expect(removeMember(list, 'sess-pc')).toEqual([phone]);
  });

  test('a playing device missing from the online list is reported', () => {
    const rows = shapeDevices([pc], { thisSessionId: 'sess-pc', playingSessionId: 'gone' });
    expect(playingDeviceOffline(rows, 'gone')).toBe(true);
    expect(playingDeviceOffline(rows, 'sess-pc')).toBe(false);
    expect(playingDeviceOffline(rows, null)).toBe(false);
  });

  test('a remote control estimates the position to hand over', () => {
    expect(estimatePosition({ time: 30, at: 1_000, playing: true }, 6_000)).toBe(35);
    expect(estimatePosition({ time: 30, at: 1_000, playing: false }, 6_000)).toBe(30);
    expect(estimatePosition({ time: 100, at: 0, playing: true }, 60_000, 120)).toBe(119);
  });
});

describe('the device that holds the music', () => {
  const known = { connection: 'connected', members: [pc, phone], thisSessionId: 'sess-phone' };

  test('is unavailable when presence (which lists this device) does not list it', () => {
    expect(outputDeviceUnavailable({ ...known, playingSessionId: 'sess-gone' })).toBe(true);
  });

  test('is available when presence lists it, or when it is this device, or nobody holds the music', () => {
    expect(outputDeviceUnavailable({ ...known, playingSessionId: 'sess-pc' })).toBe(false);
    expect(outputDeviceUnavailable({ ...known, playingSessionId: 'sess-phone' })).toBe(false);
    expect(outputDeviceUnavailable({ ...known, playingSessionId: null })).toBe(false);
  });

  test('nothing is claimed before presence is known: not connected, or not yet listing this device', () => {
    expect(outputDeviceUnavailable({ ...known, connection: 'offline', playingSessionId: 'sess-gone' })).toBe(false);
    expect(outputDeviceUnavailable({ ...known, connection: 'connecting', playingSessionId: 'sess-gone' })).toBe(false);
    expect(outputDeviceUnavailable({ ...known, members: [], playingSessionId: 'sess-gone' })).toBe(false);
    expect(outputDeviceUnavailable({ ...known, members: [pc], playingSessionId: 'sess-gone' })).toBe(false);
    expect(outputDeviceUnavailable({ ...known, thisSessionId: null, playingSessionId: 'sess-gone' })).toBe(false);
  });
});
