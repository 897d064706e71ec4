import { parseMembers, setMemberZone } from '@/lib/realtime/devices';
import { readDeviceZone } from '@/lib/realtime/guards';

const member = { id: 'sess-a', type: 'desktop', device_model: 'Chrome', device_family: 'Windows' };

describe("a device's zone on the presence channel", () => {
  it('a member keeps the zone it steers; a malformed one is left out', () => {
    expect(parseMembers([{ ...member, zone_id: 6 }])[0]?.zone_id).toBe(6);
    expect(parseMembers([{ ...member, zone_id: null }])[0]?.zone_id).toBeNull();
    expect(parseMembers([{ ...member, zone_id: '6' }])[0]).not.toHaveProperty('zone_id');
  });

  it('DeviceZoneChanged is read, and moves that member only', () => {
    expect(readDeviceZone({ id: 'sess-a', zone_id: 6 })).toEqual({ id: 'sess-a', zone_id: 6 });
    expect(readDeviceZone({ id: 'sess-a' })).toBeNull();
    expect(readDeviceZone({ zone_id: 6 })).toBeNull();
    const list = parseMembers([member, { ...member, id: 'sess-b' }]);
    const moved = setMemberZone(list, 'sess-b', 6);
    expect(moved.map((d) => d.zone_id)).toEqual([undefined, 6]);
    expect(setMemberZone(moved, 'sess-b', 6)).toBe(moved);
  });
});
