import type { Zone } from '@/contracts/zones';
import { moveItem, pageZone, zoneBody, zoneChoiceOf, zoneNamesOf, zoneQuery } from '@/lib/mixer/zones';

const ZONES: Zone[] = [
  { id: 5, name: 'Kávézó', position: 0, player_id: 1 },
  { id: 6, name: 'Terasz', position: 1, player_id: 2 },
  { id: 7, name: 'Pult', position: 2, player_id: 3 },
];

describe('zones in the forms', () => {
  it('a drag moves one item', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it("a schedule's 'Zónák': 'Minden zóna' by default, else the chosen ones in the zones' order", () => {
    expect(zoneChoiceOf(null)).toEqual({ all: true, ids: [] });
    expect(zoneChoiceOf({ all_zones: undefined })).toEqual({ all: true, ids: [] });
    expect(zoneChoiceOf({ all_zones: false, zones: [{ id: 6 }] })).toEqual({ all: false, ids: [6] });
    expect(zoneBody({ all: true, ids: [6] }, ZONES)).toEqual({ all_zones: true });
    expect(zoneBody({ all: false, ids: [7, 5] }, ZONES)).toEqual({ all_zones: false, zones: [5, 7] });
    // None chosen goes as it is: the server answers 'Válasszon legalább egy zónát.'.
    expect(zoneBody({ all: false, ids: [] }, ZONES)).toEqual({ all_zones: false, zones: [] });
    // One zone, or an API without zones: the body names none.
    expect(zoneBody({ all: false, ids: [5] }, ZONES.slice(0, 1))).toEqual({});
    expect(zoneNamesOf({ all_zones: false, zones: [{ id: 6 }, { id: 7 }] }, ZONES, 'Minden zóna')).toBe('Terasz, Pult');
    expect(zoneNamesOf({ all_zones: true }, ZONES, 'Minden zóna')).toBe('Minden zóna');
  });

  it("a page's ?zone=: one of the shop's zones but the first, else none", () => {
    expect(pageZone('6', ZONES)).toBe(6);
    expect(pageZone(['7', '6'], ZONES)).toBe(7);
    expect(pageZone('5', ZONES)).toBeNull();
    expect(pageZone('99', ZONES)).toBeNull();
    expect(pageZone('6abc', ZONES)).toBeNull();
    expect(pageZone(undefined, ZONES)).toBeNull();
    expect(pageZone('6', ZONES.slice(0, 1))).toBeNull();
    expect(zoneQuery(null)).toBe('');
    expect(zoneQuery(6)).toBe('?zone=6');
  });
});
