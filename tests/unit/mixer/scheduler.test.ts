import type { ScheduledContent, SchedulePreviewEntry } from '@/contracts';
import { DEFAULT_SCHEDULE_RULE } from '@/contracts/names';
import {
  bodyOf,
  buildTimeline,
  draftOf,
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
  it('a new item: every minute, every day, empty dates and windows as null', () => {
    const body = bodyOf({ ...draftOf(null), name: 'Reggel', spots: [5] });
    expect(body).toEqual({
      name: 'Reggel',
      ...DEFAULT_SCHEDULE_RULE,
      spots: [5],
      slideshows: [],
      screens: [],
    });
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
    expect(buildTimeline([])).toEqual({ hours: [], lanes: [] });
  });
});
