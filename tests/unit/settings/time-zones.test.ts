import { currentTimeZoneName, isTimeZoneIn, RENAMED_TIME_ZONES, utcOffsetLabel } from '@/contracts/time/zones';
import { filterTimeZones, prepareTimeZoneChoices, timeZoneGroups } from '@/components/settings/time-zones';
import { zonePlaces } from '@/lib/i18n/hu/time-zones';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

// A browser's list may say either spelling; these hold both kinds and a duplicate pair.
const KNOWN = [
  'Europe/Budapest',
  'Europe/London',
  'Europe/Kiev',
  'Europe/Kyiv',
  'Asia/Calcutta',
  'Asia/Kathmandu',
  'America/New_York',
  'America/Argentina/Buenos_Aires',
  'Africa/Cairo',
  'UTC',
];

describe('time zone offsets', () => {
  test('the offset in force on the given day: Budapest +01:00 in winter, +02:00 in summer', () => {
    expect(utcOffsetLabel('Europe/Budapest', WINTER)).toBe('UTC+01:00');
    expect(utcOffsetLabel('Europe/Budapest', SUMMER)).toBe('UTC+02:00');
    expect(utcOffsetLabel('Asia/Kathmandu', WINTER)).toBe('UTC+05:45');
    expect(utcOffsetLabel('Asia/Kolkata', SUMMER)).toBe('UTC+05:30');
    expect(utcOffsetLabel('America/New_York', WINTER)).toBe('UTC-05:00');
    expect(utcOffsetLabel('UTC', SUMMER)).toBe('UTC+00:00');
  });
});

describe('time zone names', () => {
  test('current IANA names and their older spellings are both accepted, nothing else', () => {
    const node = new Set(['Europe/Kiev', 'Asia/Calcutta', 'Asia/Katmandu', 'Europe/Budapest']);
    for (const zone of ['Europe/Kyiv', 'Europe/Kiev', 'Asia/Kolkata', 'Asia/Calcutta', 'Asia/Kathmandu']) {
      expect(isTimeZoneIn(zone, node)).toBe(true);
    }
    expect(isTimeZoneIn('Europe/Budapest', new Set(['Europe/Budapest']))).toBe(true);
    for (const zone of ['europe/budapest', 'Europe/Nowhere', 'Kyiv', '']) expect(isTimeZoneIn(zone, node)).toBe(false);
  });

  test("every rename is one this runtime's Intl knows by both names, at the same offset", () => {
    for (const [current, older] of Object.entries(RENAMED_TIME_ZONES)) {
      expect(utcOffsetLabel(current, SUMMER)).toBe(utcOffsetLabel(older, SUMMER));
      expect(currentTimeZoneName(older)).toBe(current);
    }
  });
});

describe('the time zone picker', () => {
  test('Budapest first with its offset of the day, then regions, Europe first, renamed zones once in their current spelling', () => {
    const groups = timeZoneGroups('Europe/Budapest', WINTER, KNOWN);
    expect(groups[0]).toEqual({
      region: '',
      zones: [expect.objectContaining({ value: 'Europe/Budapest', label: 'Budapest (UTC+01:00)' })],
    });
    expect(groups.map((g) => g.region)).toEqual(['', 'Európa', 'Afrika', 'Amerika', 'Ázsia', 'Egyéb']);
    const europe = groups[1]!.zones.map((z) => [z.value, z.label]);
    expect(europe).toEqual([
      ['Europe/Kyiv', 'Kijev (UTC+02:00)'],
      ['Europe/London', 'London (UTC+00:00)'],
    ]);
    const america = groups.find((g) => g.region === 'Amerika')!.zones.map((z) => z.label);
    expect(america).toContain('Argentina – Buenos Aires (UTC-03:00)');
    // By the Hungarian label: 'Kalkutta' before 'Katmandu'.
    expect(groups.find((g) => g.region === 'Ázsia')!.zones.map((z) => z.value)).toEqual([
      'Asia/Kolkata',
      'Asia/Kathmandu',
    ]);
    expect(timeZoneGroups('Europe/Budapest', SUMMER, KNOWN)[0]!.zones[0]!.label).toBe('Budapest (UTC+02:00)');
  });

  test('the choices are built ahead in slices that stop at their deadline; a day builds its own offsets', () => {
    const day = new Date('2026-03-10T12:00:00Z');
    // A deadline already past: nothing is built, and it says not all are there.
    expect(prepareTimeZoneChoices(day, 0, KNOWN)).toBe(false);
    expect(prepareTimeZoneChoices(day, Infinity, KNOWN)).toBe(true);
    // Built: even a past deadline finds nothing left to build.
    expect(prepareTimeZoneChoices(day, 0, KNOWN)).toBe(true);
    expect(timeZoneGroups('Europe/Budapest', day, KNOWN)[1]!.zones.map((z) => z.label)).toEqual([
      'Kijev (UTC+02:00)',
      'London (UTC+00:00)',
    ]);
    // Another day is built anew, with its own offsets (summer time here).
    const summer = new Date('2026-08-20T12:00:00Z');
    expect(prepareTimeZoneChoices(summer, 0, KNOWN)).toBe(false);
    expect(timeZoneGroups('Europe/Budapest', summer, KNOWN)[1]!.zones.map((z) => z.label)).toEqual([
      'Kijev (UTC+03:00)',
      'London (UTC+01:00)',
    ]);
  });

  test('a saved zone other than Budapest is offered second, as saved (an older spelling too)', () => {
    const groups = timeZoneGroups('Europe/Kiev', SUMMER, KNOWN);
    expect(groups[0]!.zones.map((z) => [z.value, z.label])).toEqual([
      ['Europe/Budapest', 'Budapest (UTC+02:00)'],
      ['Europe/Kiev', 'Kijev (UTC+03:00)'],
    ]);
    expect(groups.flatMap((g) => g.zones).filter((z) => z.label.startsWith('Kijev'))).toHaveLength(1);
  });

  test('search by place, either spelling, region or offset, accents and case ignored; the first group stays', () => {
    const groups = timeZoneGroups('Europe/Budapest', WINTER, KNOWN);
    const found = (query: string) =>
      filterTimeZones(groups, query)
        .slice(1)
        .flatMap((g) => g.zones.map((z) => z.value));
    expect(found('kiev')).toEqual(['Europe/Kyiv']);
    expect(found('KYIV')).toEqual(['Europe/Kyiv']);
    expect(found('calcutta')).toEqual(['Asia/Kolkata']);
    expect(found('+05:45')).toEqual(['Asia/Kathmandu']);
    expect(found('ázsia')).toEqual(['Asia/Kolkata', 'Asia/Kathmandu']);
    expect(found('buenos aires')).toEqual(['America/Argentina/Buenos_Aires']);
    expect(found('nincs ilyen')).toEqual([]);
    expect(filterTimeZones(groups, 'nincs ilyen')[0]!.zones[0]!.value).toBe('Europe/Budapest');
  });

  test('Hungarian place names find their zones, accents ignored, and name them in the label', () => {
    const groups = timeZoneGroups('Europe/Budapest', WINTER, Intl.supportedValuesOf('timeZone'));
    const found = (query: string) =>
      filterTimeZones(groups, query)
        .slice(1)
        .flatMap((g) => g.zones.map((z) => z.value));
    const cases: Array<[string, string]> = [
      ['Bécs', 'Europe/Vienna'],
      ['becs', 'Europe/Vienna'],
      ['Párizs', 'Europe/Paris'],
      ['Varsó', 'Europe/Warsaw'],
      ['Prága', 'Europe/Prague'],
      ['Pozsony', 'Europe/Bratislava'],
      ['Bukarest', 'Europe/Bucharest'],
      ['Belgrád', 'Europe/Belgrade'],
      ['Zágráb', 'Europe/Zagreb'],
      ['Kijev', 'Europe/Kyiv'],
      ['Moszkva', 'Europe/Moscow'],
      ['Isztambul', 'Europe/Istanbul'],
      ['Athén', 'Europe/Athens'],
      ['Róma', 'Europe/Rome'],
      ['Berlin', 'Europe/Berlin'],
      ['Madrid', 'Europe/Madrid'],
      ['Lisszabon', 'Europe/Lisbon'],
      ['Brüsszel', 'Europe/Brussels'],
      ['Amszterdam', 'Europe/Amsterdam'],
      ['Koppenhága', 'Europe/Copenhagen'],
      ['Stockholm', 'Europe/Stockholm'],
      ['Helsinki', 'Europe/Helsinki'],
      ['Oslo', 'Europe/Oslo'],
      ['Dublin', 'Europe/Dublin'],
      ['London', 'Europe/London'],
      ['Zürich', 'Europe/Zurich'],
      ['zurich', 'Europe/Zurich'],
      ['Tokió', 'Asia/Tokyo'],
      ['Peking', 'Asia/Shanghai'],
      ['Sanghaj', 'Asia/Shanghai'],
      ['New York', 'America/New_York'],
      ['Los Angeles', 'America/Los_Angeles'],
      ['Szingapúr', 'Asia/Singapore'],
      ['Sydney', 'Australia/Sydney'],
      ['Kolkata', 'Asia/Kolkata'],
      ['Kalkutta', 'Asia/Kolkata'],
    ];
    for (const [query, zone] of cases) expect([query, found(query)]).toEqual([query, expect.arrayContaining([zone])]);
    // The English name still finds it; the label says the Hungarian one.
    expect(found('Vienna')).toEqual(['Europe/Vienna']);
    const label = (zone: string) => groups.flatMap((g) => g.zones).find((z) => z.value === zone)?.label;
    expect(label('Europe/Vienna')).toBe('Bécs (UTC+01:00)');
    expect(label('Asia/Shanghai')).toBe('Sanghaj (UTC+08:00)');
    expect(label('Europe/Berlin')).toBe('Berlin (UTC+01:00)');
  });

  test('every Hungarian name belongs to a zone this runtime knows by that (current) name', () => {
    const known = new Set(Intl.supportedValuesOf('timeZone').map(currentTimeZoneName));
    for (const zone of Object.keys(zonePlaces)) expect([zone, known.has(zone)]).toEqual([zone, true]);
  });
});
