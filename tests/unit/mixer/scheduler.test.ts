import type { ScheduledContent, SchedulePreviewEntry } from '@/contracts';
import { DAY_KEYS, DEFAULT_SCHEDULE_RULE } from '@/contracts/names';
import {
  bodyOf,
  buildTimeline,
  draftOf,
  FIRES_PER_DAY_ASK,
  groupClashes,
  mostFiresPerDay,
  filterScheduled,
  parseSchedulerFilter,
  parseSchedulerSort,
  sortScheduled,
  weekdaysOnly,
  type SchedulerSortKey,
} from '@/lib/mixer/scheduler';

function item(id: number, name: string, over: Partial<ScheduledContent> = {}): ScheduledContent {
  return {
    id,
    name,
    active: true,
    ...DEFAULT_SCHEDULE_RULE,
    spots: [],
    slideshows: [],
    screens: [],
    next_play_at: null,
    created_at: `2026-01-0${id}T10:00:00+01:00`,
    ...over,
  };
}

// Created in id order (1 oldest); dates chosen so every sort gives a different order.
const items = [
  item(1, 'Zárás előtt', { date_from: '2026-03-01', date_to: null }),
  item(2, 'Ábécé akció', { date_from: null, date_to: '2026-05-31' }),
  item(3, 'Akció', { date_from: '2026-02-01', date_to: '2026-12-31', active: false }),
  item(4, 'Csütörtöki ajánlat', { date_from: null, date_to: null, active: false }),
];

const names = (key: SchedulerSortKey) => sortScheduled(items, key).map((i) => i.name);

describe('the eight sorts (SPEC.md §9)', () => {
  it('1 and 2: by name in Hungarian order (Á with A, Cs after C)', () => {
    expect(names(1)).toEqual(['Ábécé akció', 'Akció', 'Csütörtöki ajánlat', 'Zárás előtt']);
    expect(names(2)).toEqual(['Zárás előtt', 'Csütörtöki ajánlat', 'Akció', 'Ábécé akció']);
  });

  it('3: start date earliest first, a missing start (already running) before every date', () => {
    // The two without a start tie, and go by name.
    expect(names(3)).toEqual(['Ábécé akció', 'Csütörtöki ajánlat', 'Akció', 'Zárás előtt']);
  });

  it('4: start date latest first, a missing start last', () => {
    expect(names(4)).toEqual(['Zárás előtt', 'Akció', 'Ábécé akció', 'Csütörtöki ajánlat']);
  });

  it('5: end date soonest first, a missing end (never ends) last', () => {
    expect(names(5)).toEqual(['Ábécé akció', 'Akció', 'Csütörtöki ajánlat', 'Zárás előtt']);
  });

  it('6: end date latest first, a missing end first', () => {
    expect(names(6)).toEqual(['Csütörtöki ajánlat', 'Zárás előtt', 'Akció', 'Ábécé akció']);
  });

  it('7 and 8: by creation, newest or oldest first', () => {
    expect(names(7)).toEqual(['Csütörtöki ajánlat', 'Akció', 'Ábécé akció', 'Zárás előtt']);
    expect(names(8)).toEqual(['Zárás előtt', 'Ábécé akció', 'Akció', 'Csütörtöki ajánlat']);
  });

  it('leaves the list it was given alone', () => {
    const before = items.map((i) => i.id);
    sortScheduled(items, 2);
    expect(items.map((i) => i.id)).toEqual(before);
  });
});

describe('the filter (0 all, 1 active, 2 inactive)', () => {
  it('keeps what it says', () => {
    expect(filterScheduled(items, 0).map((i) => i.id)).toEqual([1, 2, 3, 4]);
    expect(filterScheduled(items, 1).map((i) => i.id)).toEqual([1, 2]);
    expect(filterScheduled(items, 2).map((i) => i.id)).toEqual([3, 4]);
  });

  it('reads stored choices, and nothing else', () => {
    expect(parseSchedulerSort('6')).toBe(6);
    expect(parseSchedulerSort('9')).toBeNull();
    expect(parseSchedulerSort(null)).toBeNull();
    expect(parseSchedulerFilter('2')).toBe(2);
    expect(parseSchedulerFilter('3')).toBeNull();
    expect(parseSchedulerFilter('')).toBeNull();
  });
});

describe('the form’s body', () => {
  it('a new item: every minute, every day, empty dates and windows as null, only in opening hours', () => {
    const body = bodyOf({ ...draftOf(null), name: 'Reggel', spots: [5] });
    expect(body).toEqual({
      name: 'Reggel',
      ...DEFAULT_SCHEDULE_RULE,
      spots: [5],
      slideshows: [],
      screens: [],
      only_open: true,
    });
  });

  it("an existing item keeps its only_open; a Laravel API's item (no field) reads as off", () => {
    expect(draftOf(item(1, 'x', { only_open: true })).only_open).toBe(true);
    expect(draftOf(item(1, 'x')).only_open).toBe(false);
  });

  it('sends no screens once no slideshow is left', () => {
    const draft = {
      ...draftOf(item(1, 'x', { slideshows: [{ id: 3, name: 'S' }], screens: [{ id: 8, name: 'TV' }] })),
    };
    expect(bodyOf(draft).screens).toEqual([8]);
    expect(bodyOf({ ...draft, slideshows: [] }).screens).toEqual([]);
  });

  it('the weekdays shortcut is Monday to Friday', () => {
    expect(weekdaysOnly()).toEqual({
      monday: true,
      tuesday: true,
      wednesday: true,
      thursday: true,
      friday: true,
      saturday: false,
      sunday: false,
    });
  });
});

function fire(at: string, id: number, clash: SchedulePreviewEntry['clash'] = null): SchedulePreviewEntry {
  return {
    at,
    scheduled_content_id: id,
    name: `Tétel ${id}`,
    spots: [{ id: 1, name: 'Szpot', duration: 12 }],
    slideshows: [],
    clash,
  };
}

describe('the timeline', () => {
  it('groups an every-minute item by hour: 24 hours of fires are 25 markers with counts, not 1440', () => {
    const start = Date.parse('2026-11-24T09:20:00+01:00');
    const entries = Array.from({ length: 1440 }, (_, n) => {
      const local = new Date(start + n * 60_000 + 3_600_000); // +01:00 written as UTC parts
      const iso = local.toISOString().slice(0, 19) + '+01:00';
      return fire(iso, 1);
    });
    const timeline = buildTimeline(entries);
    expect(timeline.hours).toHaveLength(25);
    expect(timeline.hours[0]!.label).toBe('09:00');
    expect(timeline.hours[15]!.label).toBe('00:00');
    expect(timeline.hours[15]!.nextDay).toBe(true);
    expect(timeline.lanes).toHaveLength(1);
    const groups = timeline.lanes[0]!.groups;
    expect(groups).toHaveLength(25);
    expect(groups[0]!.count).toBe(40); // 09:20–09:59
    expect(groups[1]!.count).toBe(60);
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(1440);
    expect(groups[0]!.offset).toBeCloseTo(20 / (25 * 60));
  });

  it('counts the clashes of each group and keeps quiet hours as ticks', () => {
    const timeline = buildTimeline([
      fire('2026-11-24T09:15:00+01:00', 1, 'same_minute'),
      fire('2026-11-24T09:15:00+01:00', 2, 'same_minute'),
      fire('2026-11-24T12:00:00+01:00', 2, 'overrun'),
    ]);
    expect(timeline.hours.map((h) => h.label)).toEqual(['09:00', '10:00', '11:00', '12:00']);
    expect(timeline.hours[1]!.groups).toEqual([]);
    const lane2 = timeline.lanes.find((l) => l.id === 2)!;
    expect(lane2.groups.map((g) => [g.sameMinute, g.overrun])).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });

  it('is empty without fires', () => {
    expect(buildTimeline([])).toEqual({ hours: [], lanes: [], music: [], segments: [] });
  });
});

describe('the question before a busy rule (more than 96 fires a day)', () => {
  const rule = { ...DEFAULT_SCHEDULE_RULE, frequency: 'everyMinute' as const };
  // Thursday 2026-11-26, 10:00 in Budapest.
  const now = Date.parse('2026-11-26T09:00:00Z');

  it('counts the most fires on one whole day of the next seven, by the engine', () => {
    expect(FIRES_PER_DAY_ASK).toBe(96);
    expect(mostFiresPerDay(rule, now, 'Europe/Budapest')).toBe(1440);
    expect(mostFiresPerDay({ ...rule, frequency: 'everyFifteenMinutes' }, now, 'Europe/Budapest')).toBe(96);
    expect(mostFiresPerDay({ ...rule, frequency: 'everyTenMinutes' }, now, 'Europe/Budapest')).toBe(144);
    // A window and days: 08:00–10:00 every minute on Sundays only is 120 (Sunday is within the week).
    expect(
      mostFiresPerDay(
        {
          ...rule,
          between_from: '08:00',
          between_to: '10:00',
          monday: false,
          tuesday: false,
          wednesday: false,
          thursday: false,
          friday: false,
          saturday: false,
        },
        now,
        'Europe/Budapest',
      ),
    ).toBe(120);
    // An end date already past: never.
    expect(mostFiresPerDay({ ...rule, date_to: '2026-11-01' }, now, 'Europe/Budapest')).toBe(0);
  });

  it("counts only the open minutes of an item 'Csak nyitvatartási időben'", () => {
    const hours = {
      week: DAY_KEYS.map((day) =>
        day === 'sunday' ? { day, closed: true as const } : { day, open: '08:00', close: '20:00' },
      ),
      exceptions: [],
    };
    // A 12-hour day is 720 minutes, not 1,440.
    expect(mostFiresPerDay({ ...rule, only_open: true }, now, 'Europe/Budapest', hours)).toBe(720);
    // An item that plays whatever the hours, or a shop without hours: the whole day.
    expect(mostFiresPerDay({ ...rule, only_open: false }, now, 'Europe/Budapest', hours)).toBe(1440);
    expect(mostFiresPerDay({ ...rule, only_open: true }, now, 'Europe/Budapest', null)).toBe(1440);
    expect(mostFiresPerDay({ ...rule, only_open: true }, now, 'Europe/Budapest', { week: [], exceptions: [] })).toBe(
      1440,
    );
  });

  it("counts a DST day as it is: autumn's repeated hour fires twice", () => {
    // Thursday 2026-10-22: the week holds Sunday 2026-10-25, when Budapest's 02:00–03:00 repeats.
    expect(mostFiresPerDay(rule, Date.parse('2026-10-22T09:00:00Z'), 'Europe/Budapest')).toBe(1500);
    expect(
      mostFiresPerDay({ ...rule, frequency: 'hourly' }, Date.parse('2026-10-22T09:00:00Z'), 'Europe/Budapest'),
    ).toBe(25);
  });
});

describe('the clashes, grouped by pair', () => {
  it('one line per pair of items and kind, with its count and first time; skipped fires clash with nothing', () => {
    const pairs = groupClashes([
      fire('2026-11-24T09:00:00+01:00', 1, 'same_minute'),
      fire('2026-11-24T09:00:00+01:00', 2, 'same_minute'),
      fire('2026-11-24T09:00:00+01:00', 3, 'same_minute'),
      fire('2026-11-24T09:02:00+01:00', 1, 'overrun'),
      fire('2026-11-24T09:04:00+01:00', 2, 'overrun'),
      fire('2026-11-24T09:05:00+01:00', 1, 'same_minute'),
      fire('2026-11-24T09:05:00+01:00', 2, 'same_minute'),
      { ...fire('2026-11-24T22:00:00+01:00', 1), skipped: true },
      fire('2026-11-24T22:00:00+01:00', 3, 'overrun'),
    ]);
    expect(pairs.map((p) => [p.kind, p.a.id, p.b.id, p.count, p.first])).toEqual([
      ['same_minute', 1, 2, 2, '2026-11-24T09:00:00+01:00'],
      ['same_minute', 1, 3, 1, '2026-11-24T09:00:00+01:00'],
      ['same_minute', 2, 3, 1, '2026-11-24T09:00:00+01:00'],
      ['overrun', 1, 2, 1, '2026-11-24T09:02:00+01:00'],
      ['overrun', 2, 1, 1, '2026-11-24T09:04:00+01:00'],
      ['overrun', 2, 2, 1, '2026-11-24T09:04:00+01:00'],
      // The last fire of the list: the next one lies past it, so the item itself.
      ['overrun', 3, 3, 1, '2026-11-24T22:00:00+01:00'],
    ]);
  });

  it('places every group of an item in its own hour cell, so no two count badges overlap', () => {
    const entries = Array.from({ length: 24 * 60 }, (_, n) => {
      const local = new Date(Date.parse('2026-11-24T09:00:00Z') + n * 60_000);
      return fire(local.toISOString().slice(0, 19) + '+01:00', 1);
    });
    const timeline = buildTimeline(entries, { from: '2026-11-24T09:00:00+01:00', until: '2026-11-25T09:00:00+01:00' });
    expect(timeline.hours).toHaveLength(24);
    const slots = timeline.lanes[0]!.groups.map((g) => g.slot);
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });

  it('draws the music lane: closed, then what each event starts, up to the next', () => {
    const timeline = buildTimeline([], {
      from: '2026-11-24T06:00:00+01:00',
      until: '2026-11-24T10:00:00+01:00',
      music: [
        {
          at: '2026-11-24T08:00:00+01:00',
          kind: 'open',
          source: { type: 'channel', id: 1, name: 'Reggeli kávé' },
          volume: 60,
        },
        {
          at: '2026-11-24T09:00:00+01:00',
          kind: 'volume',
          source: { type: 'channel', id: 1, name: 'Reggeli kávé' },
          volume: 40,
        },
      ],
    });
    expect(timeline.hours.map((h) => h.label)).toEqual(['06:00', '07:00', '08:00', '09:00']);
    expect(timeline.segments.map((s) => [s.start, s.end, s.open, s.event?.volume])).toEqual([
      [0, 0.5, false, undefined],
      [0.5, 0.75, true, 60],
      [0.75, 1, true, 40],
    ]);
    expect(timeline.hours[2]!.music.map((m) => m.event.kind)).toEqual(['open']);
  });
});
