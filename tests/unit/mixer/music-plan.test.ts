import type { MusicBlock } from '@/contracts/music-plan';
import { DAY_KEYS } from '@/contracts/names';
import {
  closedDays,
  closedStretches,
  blockBody,
  blocksByDay,
  dragRange,
  draftOfBlock,
  freeSpan,
  nowInWeek,
  resizedBody,
  segmentsOf,
  timeOf,
  weekSegments,
} from '@/lib/mixer/music-plan';

const NO_DAYS = {
  monday: false,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: false,
  sunday: false,
};

function block(patch: Partial<MusicBlock>): MusicBlock {
  return {
    id: 1,
    name: null,
    ...NO_DAYS,
    from: '08:00',
    to: '12:00',
    source_type: 'channel',
    source_id: 3,
    source_name: 'Reggeli kávé',
    volume: null,
    shuffle: false,
    ...patch,
  };
}

describe('the week view of the music plan', () => {
  it('draws a block on each of its days, and one across midnight in two parts (Sunday’s tail on Monday)', () => {
    expect(segmentsOf(block({ monday: true, from: '08:00', to: '12:00' })).map((s) => [s.day, s.start, s.end])).toEqual(
      [['monday', 480, 720]],
    );
    const bar = segmentsOf(block({ friday: true, sunday: true, from: '22:00', to: '02:30' }));
    expect(bar.map((s) => [s.day, s.start, s.end, s.tail, s.hasStart, s.hasEnd])).toEqual([
      ['friday', 1320, 1440, false, true, false],
      ['saturday', 0, 150, true, false, true],
      ['sunday', 1320, 1440, false, true, false],
      ['monday', 0, 150, true, false, true],
    ]);
    // Up to midnight: no tail, and the end is the part's own edge.
    expect(
      segmentsOf(block({ tuesday: true, from: '20:00', to: '00:00' })).map((s) => [s.day, s.end, s.hasEnd]),
    ).toEqual([['tuesday', 1440, true]]);
  });

  it('finds the free stretch a drag may use, and snaps the drag to 15 minutes inside it', () => {
    const week = weekSegments([
      block({ sunday: true, from: '21:00', to: '23:00' }),
      block({ id: 2, sunday: true, from: '02:00', to: '03:00' }),
    ]);
    expect(freeSpan(week.sunday, 22 * 60)).toBeNull();
    expect(freeSpan(week.sunday, 10 * 60)).toEqual({ start: 180, end: 1260 });
    expect(dragRange(125 + 60, 215 + 60, { start: 180, end: 1260 })).toEqual({ start: 180, end: 270 });
    // Dragged past the next block: it stops at its start.
    expect(dragRange(20 * 60, 22 * 60, { start: 180, end: 1260 })).toEqual({ start: 1200, end: 1260 });
    // Upwards works as well as downwards.
    expect(dragRange(600, 540, { start: 0, end: 1440 })).toEqual({ start: 540, end: 600 });
    // A click proposes an hour.
    expect(dragRange(607, 607, { start: 0, end: 1440 })).toEqual({ start: 600, end: 660 });
    expect(timeOf(1440)).toBe('00:00');
  });

  it('lists the blocks that start on each day by their start (the phone)', () => {
    const byDay = blocksByDay([
      block({ id: 1, monday: true, from: '17:00', to: '20:00' }),
      block({ id: 2, monday: true, tuesday: true, from: '08:00', to: '12:00' }),
    ]);
    expect(byDay.monday.map((b) => b.id)).toEqual([2, 1]);
    expect(byDay.tuesday.map((b) => b.id)).toEqual([2]);
    expect(byDay.sunday).toEqual([]);
  });
});

describe('the block form', () => {
  it('sends what the form holds, blanks as null, and a resize keeps every other field', () => {
    const saved = block({
      id: 4,
      name: 'Esti jazz',
      saturday: true,
      from: '17:00',
      to: '20:00',
      volume: 65,
      shuffle: true,
    });
    expect(resizedBody(saved, '17:00', '21:00')).toEqual({
      name: 'Esti jazz',
      ...NO_DAYS,
      saturday: true,
      from: '17:00',
      to: '21:00',
      source_type: 'channel',
      source_id: 3,
      volume: '65',
      shuffle: true,
    });
    const draft = { ...draftOfBlock(null), name: '  ', source: '', volume: ' ' };
    expect(blockBody(draft)).toMatchObject({
      name: null,
      source_type: null,
      source_id: null,
      volume: null,
      monday: true,
    });
    expect(blockBody({ ...draft, source: 'playlist:9' })).toMatchObject({ source_type: 'playlist', source_id: 9 });
  });
});

describe('nowInWeek', () => {
  it("places the moment on the shop's weekday and minute, in the shop's zone", () => {
    // Tuesday 23:30 UTC is Wednesday 00:30 in Budapest and Tuesday 18:30 in New York.
    const at = Date.parse('2031-01-07T23:30:00Z');
    expect(nowInWeek(at, 'Europe/Budapest')).toEqual({ day: 'wednesday', minute: 30 });
    expect(nowInWeek(at, 'America/New_York')).toEqual({ day: 'tuesday', minute: 18 * 60 + 30 });
  });
});

describe("the shop's closed hours on the week", () => {
  it('shades the hours before opening and after closing, a closed day whole, and keeps a tail past midnight open', () => {
    const week = closedStretches({
      week: DAY_KEYS.map((day) =>
        day === 'sunday'
          ? { day, closed: true as const }
          : day === 'friday'
            ? { day, open: '18:00', close: '02:00' }
            : { day, open: '08:00', close: '20:00' },
      ),
      exceptions: [],
    });
    expect(week.monday).toEqual([
      { start: 0, end: 480 },
      { start: 1200, end: 1440 },
    ]);
    expect(week.friday).toEqual([{ start: 0, end: 1080 }]);
    // Friday's night runs until 02:00 on Saturday's column.
    expect(week.saturday).toEqual([
      { start: 120, end: 480 },
      { start: 1200, end: 1440 },
    ]);
    expect(week.sunday).toEqual([{ start: 0, end: 1440 }]);
  });

  it('shades nothing without opening hours, and names the days closed all day', () => {
    expect(Object.values(closedStretches({ week: [], exceptions: [] })).flat()).toEqual([]);
    expect(Object.values(closedStretches(null)).flat()).toEqual([]);
    expect(
      closedDays({
        week: DAY_KEYS.map((day) =>
          day === 'sunday' || day === 'monday'
            ? { day, closed: true as const }
            : { day, open: '08:00', close: '20:00' },
        ),
        exceptions: [],
      }),
    ).toEqual(['monday', 'sunday']);
    expect(closedDays(null)).toEqual([]);
  });
});
