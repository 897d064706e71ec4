import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DAY_KEYS } from '../../contracts/names';
import { compilePlan } from '../../server/src/scheduler/day-plan';
import { compileHours } from '../../contracts/time';
import { musicEvents, type PreviewPlan } from '../../server/src/scheduler/music-preview';

/** The preview's music events (pure): 'volume' when only the volume changes, nothing audible while closed. */

const every = Object.fromEntries(DAY_KEYS.map((k) => [k, true])) as Record<(typeof DAY_KEYS)[number], boolean>;
const jazz = { type: 'channel' as const, id: 1, name: 'Jazz' };
const pop = { type: 'channel' as const, id: 2, name: 'Pop' };
const lounge = { type: 'playlist' as const, id: 9, name: 'Lounge' };

test("a block with the same source at another volume is 'volume'; a boundary while closed is silent; where no block covers, the default", () => {
  const hours = compileHours({
    week: DAY_KEYS.map((day) => ({ day, open: '08:00', close: '20:00' })),
    exceptions: [],
  });
  const blocks = [
    { id: 1, days: every, from: '08:00', to: '12:00' },
    { id: 2, days: every, from: '12:00', to: '14:00' },
    { id: 3, days: every, from: '14:00', to: '16:00' },
    // 19:00–22:00 crosses the closing: its start is heard, its end is not.
    { id: 4, days: every, from: '19:00', to: '22:00' },
  ];
  const plan: PreviewPlan = {
    plan: compilePlan(blocks),
    blocks: new Map([
      [1, { source: jazz, volume: 40 }],
      [2, { source: jazz, volume: 70 }],
      [3, { source: pop, volume: null }],
      [4, { source: undefined, volume: 50 }],
    ]),
    fallback: lounge,
  };
  // Tuesday 2026-11-24 07:00 to Wednesday 07:00 in Budapest (UTC+1).
  const from = Date.parse('2026-11-24T06:00:00Z');
  const events = musicEvents(hours, plan, from, from + 24 * 3_600_000, 'Europe/Budapest');
  assert.deepEqual(events, [
    { at: '2026-11-24T08:00:00+01:00', kind: 'open', block_id: 1, source: jazz, volume: 40 },
    { at: '2026-11-24T12:00:00+01:00', kind: 'volume', block_id: 2, source: jazz, volume: 70 },
    { at: '2026-11-24T14:00:00+01:00', kind: 'block', block_id: 3, source: pop },
    { at: '2026-11-24T16:00:00+01:00', kind: 'block', source: lounge },
    { at: '2026-11-24T19:00:00+01:00', kind: 'block', block_id: 4, volume: 50 },
    { at: '2026-11-24T20:00:00+01:00', kind: 'close' },
  ]);
  // The switch off: only the hours.
  assert.deepEqual(
    musicEvents(hours, null, from, from + 24 * 3_600_000, 'Europe/Budapest').map((e) => e.kind),
    ['open', 'close'],
  );
  // No hours: always open, no opening or closing; the blocks still switch.
  const always = compileHours({ week: [], exceptions: [] });
  assert.deepEqual(
    musicEvents(always, plan, from, from + 24 * 3_600_000, 'Europe/Budapest').map((e) => [e.at.slice(11, 16), e.kind]),
    [
      ['08:00', 'block'],
      ['12:00', 'volume'],
      ['14:00', 'block'],
      ['16:00', 'block'],
      ['19:00', 'block'],
      ['22:00', 'block'],
    ],
  );
});
