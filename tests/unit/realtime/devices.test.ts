import type { Device } from '@/contracts';
import {
  addMember,
  deviceLabel,
  estimatePosition,
  outputDeviceUnavailable,
  parseMembers,
  playingDeviceOffline,
  removeMember,
  renameMember,
  shapeDevices,
} from '@/lib/realtime/devices';
import { readDeviceRenamed } from '@/lib/realtime/guards';

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

describe('named devices', () => {
  const pc2: Device = { ...pc, id: 'sess-pc2' };
  const pc3: Device = { ...pc, id: 'sess-pc0' };

  test('unnamed devices of the same kind are numbered by id, alike on every device; the first keeps the plain label', () => {
    const here = shapeDevices([pc, pc2, phone], { thisSessionId: 'sess-pc2', playingSessionId: null });
    const there = shapeDevices([phone, pc2, pc], { thisSessionId: 'sess-phone', playingSessionId: null });
    const labels = (rows: typeof here) => Object.fromEntries(rows.map((r) => [r.id, r.label]));
    expect(labels(here)).toEqual({
      'sess-pc': 'Chrome · Windows',
      'sess-pc2': 'Chrome · Windows 2',
      'sess-phone': 'iPhone · Apple',
    });
    expect(labels(there)).toEqual(labels(here));
    expect(shapeDevices([pc], { thisSessionId: null, playingSessionId: null })[0]!.label).toBe('Chrome · Windows');
  });

  test('a name replaces the label and takes the device out of the numbering', () => {
    const named = renameMember([pc3, pc, pc2], 'sess-pc0', 'Pult');
    const rows = shapeDevices(named, { thisSessionId: null, playingSessionId: null });
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.label, r.named]]))).toEqual({
      'sess-pc0': ['Pult', true],
      'sess-pc': ['Chrome · Windows', false],
      'sess-pc2': ['Chrome · Windows 2', false],
    });
  });

  test('renameMember leaves the list alone for an unknown id or the same name', () => {
    const list = [{ ...pc, name: 'Pult' }];
    expect(renameMember(list, 'nincs', 'Raktár')).toBe(list);
    expect(renameMember(list, 'sess-pc', 'Pult')).toBe(list);
  });

  test("presence members keep the bundled API's name; a blank or malformed one counts as unnamed", () => {
    expect(parseMembers([{ ...pc, name: 'Pult' }])[0]).toEqual({ ...pc, name: 'Pult' });
    expect(parseMembers([{ ...pc, name: '  ' }])[0]).toEqual(pc);
    expect(parseMembers([{ ...pc, name: 3 }])[0]).toEqual(pc);
    expect(readDeviceRenamed({ id: 'sess-pc', name: 'Pult' })).toEqual({ id: 'sess-pc', name: 'Pult' });
    expect(readDeviceRenamed({ id: 'sess-pc', name: '' })).toBeNull();
    expect(readDeviceRenamed({ id: 1, name: 'Pult' })).toBeNull();
  });
});
