import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  MUSIC_PLAN_BLOCKS_MAX,
  musicBlockListSchema,
  musicBlockSchema,
  musicPlanMessages,
  musicPlanSchema,
  type MusicBlock,
  type MusicPlan,
} from '../../contracts/music-plan';
import {
  openingHoursMessages,
  openingHoursSchema,
  OPENING_EXCEPTIONS_MAX,
  type OpeningHours,
} from '../../contracts/opening-hours';
import { DAY_KEYS } from '../../contracts/names';
import { blockedTrackListSchema, blockedTrackToggleSchema } from '../../contracts/blocked-tracks';
import { dayPlanDemoStep } from '../../server/src/seed/steps/day-plan-demo';
import { Client, createTestApp, loggedIn, OTHER, type TestApp } from './helpers';

/**
 * Opening hours and the music plan's calls (issue 26): what is stored and answered, the Hungarian
 * 422 of each rule (JSON and form alike), overlaps named by the other block, another shop's ids.
 */

let t: TestApp;
let a: Client;
let other: Client;
let channelId: number;
let channelName: string;
let playlistId: number;
let otherPlaylistId: number;
let seeded: { hours: OpeningHours; plan: MusicPlan; blocks: MusicBlock[] };

const rows = async <T>(query: string) =>
  ((await t.database.db.execute(query as never)) as unknown as { rows: T[] }).rows;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const week = (hours: { open: string; close: string } | { closed: true }) => DAY_KEYS.map((day) => ({ day, ...hours }));

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  const [ch] = await rows<{ id: number; name: string }>('select id, name from channels order by id limit 1');
  channelId = ch!.id;
  channelName = ch!.name;
  playlistId = (await a.post('/api/playlists', { name: 'Reggeli lista' })).json().id;
  otherPlaylistId = (await other.post('/api/playlists', { name: 'Másik' })).json().id;
  seeded = {
    hours: (await a.get('/api/opening-hours')).json(),
    plan: (await a.get('/api/music-plan')).json(),
    blocks: (await a.get('/api/music-plan/blocks')).json(),
  };
  // Start from an empty plan whatever the seed holds.
  await rows(`delete from music_plan_blocks`);
  await rows(`delete from opening_hours`);
  await rows(`delete from music_plans`);
});
after(async () => {
  await t?.close();
});

test('the seed: demo open Monday to Saturday 08:00–20:00, closed on Sunday; three blocks; the plan off on test stacks', () => {
  assert.deepEqual(seeded.hours, {
    week: [
      ...DAY_KEYS.slice(0, 6).map((day) => ({ day, open: '08:00', close: '20:00' })),
      { day: 'sunday', closed: true },
    ],
    exceptions: [],
  });
  assert.equal(seeded.plan.enabled, false);
  assert.equal(seeded.plan.default_source_type, 'channel');
  assert.deepEqual(
    seeded.blocks.map((b) => [b.name, b.from, b.to, b.source_name, b.sunday]),
    [
      ['Reggeli nyugalom', '08:00', '12:00', 'Reggeli kávé', false],
      ['Délutáni lendület', '12:00', '17:00', 'Napfényes pop', false],
      ['Esti jazz', '17:00', '20:00', 'Esti jazz bár', false],
    ],
  );
});

describe('opening hours', () => {
  test('stored and answered: the week Monday first, the exceptions by date; empty means always open', async () => {
    const empty = await a.get('/api/opening-hours');
    assert.equal(empty.statusCode, 200);
    assert.deepEqual(empty.json(), { week: [], exceptions: [] });

    const body = {
      week: [...DAY_KEYS]
        .reverse()
        .map((day) => (day === 'sunday' ? { day, closed: true } : { day, open: '8:00', close: '20:00' })),
      exceptions: [
        { date: '2026-12-31', name: 'Szilveszter', open: '18:00', close: '02:00' },
        { date: '2026-12-24', name: 'Karácsony', closed: true },
      ],
    };
    const res = await a.post('/api/opening-hours', body);
    assert.equal(res.statusCode, 200, res.body);
    const saved = openingHoursSchema.parse(res.json());
    assert.deepEqual(
      saved.week.map((d) => d.day),
      [...DAY_KEYS],
    );
    assert.deepEqual(saved.week[0], { day: 'monday', open: '08:00', close: '20:00' });
    assert.deepEqual(saved.week[6], { day: 'sunday', closed: true });
    assert.deepEqual(
      saved.exceptions.map((e) => e.date),
      ['2026-12-24', '2026-12-31'],
    );
    assert.deepEqual((await a.get('/api/opening-hours')).json(), saved);
    // Another shop's hours are its own.
    assert.deepEqual((await other.get('/api/opening-hours')).json(), { week: [], exceptions: [] });
  });

  test('form data reads like JSON', async () => {
    const pairs = DAY_KEYS.flatMap((day, i) =>
      day === 'sunday'
        ? [`week[${i}][day]=${day}`, `week[${i}][closed]=1`]
        : [`week[${i}][day]=${day}`, `week[${i}][open]=09:00`, `week[${i}][close]=17:30`],
    );
    const res = await a.post('/api/opening-hours', pairs.join('&'), { headers: FORM });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().week[1], { day: 'tuesday', open: '09:00', close: '17:30' });
    assert.deepEqual(res.json().exceptions, []);
  });

  test('each rule refuses with its Hungarian message under its field, and nothing is stored', async () => {
    const before = (await a.get('/api/opening-hours')).json();
    const cases: Array<[unknown, string, string]> = [
      [{ week: week({ open: '08:00', close: '08:00' }) }, 'week.0.close', openingHoursMessages.same],
      [{ week: week({ open: '8', close: '20:00' }) }, 'week.0.open', openingHoursMessages.time],
      [{ week: week({ open: '08:00', close: '24:00' }) }, 'week.0.close', openingHoursMessages.time],
      [{ week: week({ closed: true }).slice(0, 6) }, 'week', openingHoursMessages.week],
      [
        { week: [...week({ closed: true }).slice(0, 6), { day: 'monday', closed: true }] },
        'week.6.day',
        openingHoursMessages.dayTwice,
      ],
      [{ week: [{ day: 'hétfő', closed: true }] }, 'week.0.day', openingHoursMessages.day],
      [{ week: 'x' }, 'week', openingHoursMessages.list],
      [
        { week: week({ closed: true }), exceptions: [{ date: '2026-02-30', name: 'X', closed: true }] },
        'exceptions.0.date',
        openingHoursMessages.date,
      ],
      [
        { week: week({ closed: true }), exceptions: [{ date: '2026-12-24', name: '', closed: true }] },
        'exceptions.0.name',
        'A név megadása kötelező.',
      ],
      [
        {
          week: week({ closed: true }),
          exceptions: [
            { date: '2026-12-24', name: 'A', closed: true },
            { date: '2026-12-24', name: 'B', open: '10:00', close: '12:00' },
          ],
        },
        'exceptions.1.date',
        openingHoursMessages.dateTwice,
      ],
      [
        {
          week: week({ closed: true }),
          exceptions: Array.from({ length: OPENING_EXCEPTIONS_MAX + 1 }, (_, i) => ({
            date: `2027-01-${String((i % 28) + 1).padStart(2, '0')}`.replace(
              '2027-01',
              `2027-${String(Math.floor(i / 28) + 1).padStart(2, '0')}`,
            ),
            name: 'Kivétel',
            closed: true,
          })),
        },
        'exceptions',
        openingHoursMessages.tooMany,
      ],
      [
        { week: [], exceptions: [{ date: '2026-12-24', name: 'A', closed: true }] },
        'exceptions',
        openingHoursMessages.withoutWeek,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await a.post('/api/opening-hours', body);
      assert.equal(res.statusCode, 422, `${JSON.stringify(body).slice(0, 200)}: ${res.body}`);
      assert.deepEqual(res.json().errors[field], [message], `${field}: ${res.body}`);
    }
    assert.deepEqual((await a.get('/api/opening-hours')).json(), before);
  });

  test('a body without a week is refused, never read as no hours', async () => {
    const set = await a.post('/api/opening-hours', { week: week({ open: '08:00', close: '20:00' }) });
    assert.equal(set.statusCode, 200, set.body);
    const before = (await a.get('/api/opening-hours')).json();
    const json = { 'content-type': 'application/json' };
    for (const [body, headers, message] of [
      ['null', json, openingHoursMessages.weekRequired],
      ['[]', json, openingHoursMessages.weekRequired],
      ['{}', json, openingHoursMessages.weekRequired],
      ['{"week":""}', json, openingHoursMessages.weekRequired],
      ['{"week":"x"}', json, openingHoursMessages.list],
      ['{"week":{}}', json, openingHoursMessages.list],
      ['foo=bar', FORM, openingHoursMessages.weekRequired],
    ] as const) {
      const res = await a.post('/api/opening-hours', body, { headers });
      assert.equal(res.statusCode, 422, `${body}: ${res.body}`);
      assert.deepEqual(res.json().errors.week, [message], `${body}: ${res.body}`);
    }
    const closed = await a.post('/api/opening-hours', { week: DAY_KEYS.map((day) => ({ day, closed: 'yes' })) });
    assert.deepEqual(closed.json().errors['week.0.closed'], ['A(z) zárva mező értéke csak igaz vagy hamis lehet.']);
    assert.deepEqual((await a.get('/api/opening-hours')).json(), before);
  });

  test('an empty week clears the hours (always open again)', async () => {
    const res = await a.post('/api/opening-hours', { week: [], exceptions: [] });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { week: [], exceptions: [] });
  });
});

describe('music plan', () => {
  const block = (over: Record<string, unknown> = {}) => ({
    name: 'Reggeli nyugalom',
    from: '08:00',
    to: '12:00',
    source_type: 'channel',
    source_id: channelId,
    volume: 60,
    shuffle: true,
    ...over,
  });

  test('the plan: off with no default until set; the default source must be the shop’s to play', async () => {
    assert.deepEqual(musicPlanSchema.parse((await a.get('/api/music-plan')).json()), {
      enabled: false,
      default_source_type: null,
      default_source_id: null,
      default_source_name: null,
    });
    const res = await a.post('/api/music-plan', {
      enabled: true,
      default_source_type: 'playlist',
      default_source_id: playlistId,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), {
      enabled: true,
      default_source_type: 'playlist',
      default_source_id: playlistId,
      default_source_name: 'Reggeli lista',
    });
    // Absent `enabled` keeps the switch; blank default clears it.
    const cleared = await a.post('/api/music-plan', { default_source_type: '', default_source_id: '' });
    assert.deepEqual(cleared.json(), {
      enabled: true,
      default_source_type: null,
      default_source_id: null,
      default_source_name: null,
    });
    const foreign = await a.post('/api/music-plan', {
      default_source_type: 'playlist',
      default_source_id: otherPlaylistId,
    });
    assert.equal(foreign.statusCode, 422);
    assert.deepEqual(foreign.json().errors, { default_source_id: [musicPlanMessages.sourceUnknown] });
    const half = await a.post('/api/music-plan', { default_source_type: 'channel' });
    assert.deepEqual(half.json().errors, { default_source_id: [musicPlanMessages.sourceId] });
    const kind = await a.post('/api/music-plan', { default_source_type: 'album', default_source_id: 1 });
    assert.deepEqual(kind.json().errors, { default_source_type: [musicPlanMessages.sourceType] });
    assert.equal((await other.get('/api/music-plan')).json().enabled, false);
  });

  test('a plan body naming no default source is refused; the switch is only true/false/1/0', async () => {
    const initial = (await a.get('/api/music-plan')).json();
    const set = await a.post('/api/music-plan', {
      enabled: true,
      default_source_type: 'channel',
      default_source_id: channelId,
    });
    assert.equal(set.statusCode, 200, set.body);
    const before = (await a.get('/api/music-plan')).json();
    const missing = [musicPlanMessages.defaultSourceMissing];
    for (const body of [null, [], {}, { enabled: true }, 'foo=bar']) {
      const res =
        typeof body === 'string'
          ? await a.post('/api/music-plan', body, { headers: FORM })
          : await a.post('/api/music-plan', JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
      assert.deepEqual(res.json().errors, { default_source_type: missing, default_source_id: missing });
    }
    for (const enabled of ['maybe', 2, 'yes', 'on', 'true', null]) {
      const res = await a.post('/api/music-plan', { ...before, enabled });
      assert.equal(res.statusCode, 422, `${JSON.stringify(enabled)}: ${res.body}`);
      assert.deepEqual(res.json().errors.enabled, [
        'A(z) automatikus napirend mező értéke csak igaz vagy hamis lehet.',
      ]);
    }
    assert.deepEqual((await a.get('/api/music-plan')).json(), before);
    // Off by 0 (a form's '0'), and blank still clears the default source.
    const off = await a.post('/api/music-plan', 'enabled=0&default_source_type=&default_source_id=', { headers: FORM });
    assert.equal(off.statusCode, 200, off.body);
    assert.deepEqual(off.json(), {
      enabled: false,
      default_source_type: null,
      default_source_id: null,
      default_source_name: null,
    });
    const restored = await a.post('/api/music-plan', initial);
    assert.equal(restored.statusCode, 200, restored.body);
  });

  test('blocks: created, listed, updated, deleted; the volume snaps; the source is named', async () => {
    const res = await a.post('/api/music-plan/blocks', block({ volume: 97 }));
    assert.equal(res.statusCode, 201, res.body);
    const created = musicBlockSchema.parse(res.json());
    assert.equal(created.volume, 100);
    assert.equal(created.source_name, channelName);
    assert.equal(created.monday && created.sunday, true, 'no day given: every day');
    const list = musicBlockListSchema.parse((await a.get('/api/music-plan/blocks')).json());
    assert.deepEqual(
      list.map((b) => b.id),
      [created.id],
    );
    const upd = await a.post(
      `/api/music-plan/blocks/${created.id}`,
      block({
        name: '',
        source_type: 'playlist',
        source_id: playlistId,
        volume: '',
        monday: true,
        tuesday: false,
      }),
    );
    assert.equal(upd.statusCode, 200, upd.body);
    assert.equal(upd.json().name, null);
    assert.equal(upd.json().volume, null);
    assert.equal(upd.json().tuesday, false);
    assert.equal(upd.json().source_name, 'Reggeli lista');
    // Another shop's block is 404 to update and to delete, and unchanged.
    assert.equal((await other.post(`/api/music-plan/blocks/${created.id}`, block())).statusCode, 404);
    assert.equal((await other.post(`/api/music-plan/blocks/delete/${created.id}`)).statusCode, 404);
    assert.deepEqual((await other.get('/api/music-plan/blocks')).json(), []);
    const del = await a.post(`/api/music-plan/blocks/delete/${created.id}`);
    assert.equal(del.statusCode, 200);
    assert.equal(del.body, 'true');
    assert.equal((await a.post(`/api/music-plan/blocks/delete/${created.id}`)).statusCode, 404);
  });

  test('overlaps on a day are refused under `from`, naming the other block (or its source)', async () => {
    const morning = (await a.post('/api/music-plan/blocks', block())).json();
    const res = await a.post('/api/music-plan/blocks', block({ name: 'Délelőtt', from: '11:00', to: '13:00' }));
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().errors, { from: [musicPlanMessages.overlap('Reggeli nyugalom', '08:00', '12:00')] });
    // Touching is not overlapping (the end is not included); other days do not clash.
    const noon = await a.post('/api/music-plan/blocks', block({ name: null, from: '12:00', to: '14:00' }));
    assert.equal(noon.statusCode, 201, noon.body);
    // A night block past midnight on Sunday runs into Monday 01:00; one Monday 00:30 clashes with it,
    // and is named by its source (the other block has no name).
    const sunday = Object.fromEntries(DAY_KEYS.map((d) => [d, d === 'sunday']));
    const night = await a.post('/api/music-plan/blocks', block({ name: '', from: '22:00', to: '01:00', ...sunday }));
    assert.equal(night.statusCode, 201, night.body);
    const monday = Object.fromEntries(DAY_KEYS.map((d) => [d, d === 'monday']));
    const early = await a.post('/api/music-plan/blocks', block({ from: '00:30', to: '02:00', ...monday }));
    assert.equal(early.statusCode, 422);
    assert.deepEqual(early.json().errors, { from: [musicPlanMessages.overlap(channelName, '22:00', '01:00')] });
    // Updating a block never clashes with itself.
    const moved = await a.post(`/api/music-plan/blocks/${morning.id}`, block({ from: '07:00', to: '11:00' }));
    assert.equal(moved.statusCode, 200, moved.body);
  });

  test('two overlapping blocks saved at once: exactly one is stored', async () => {
    const wednesday = Object.fromEntries(DAY_KEYS.map((d) => [d, d === 'wednesday']));
    const results = await Promise.all(
      ['Első', 'Második', 'Harmadik'].map((name, i) =>
        a.post('/api/music-plan/blocks', block({ name, from: `2${i}:00`, to: '23:30', ...wednesday })),
      ),
    );
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 422, 422], results.map((r) => r.body).join('\n'));
    const stored = (await a.get('/api/music-plan/blocks')).json() as MusicBlock[];
    assert.equal(stored.filter((b) => b.wednesday && !b.monday).length, 1);
  });

  test('each field rule refuses with its Hungarian message (JSON and form)', async () => {
    const count = (await a.get('/api/music-plan/blocks')).json().length;
    const none = Object.fromEntries(DAY_KEYS.map((d) => [d, false]));
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [block({ ...none, monday: '0' }), 'days', musicPlanMessages.days],
      [block({ from: '25:00' }), 'from', openingHoursMessages.time],
      [block({ from: '15:00', to: '15:00' }), 'to', musicPlanMessages.same],
      [block({ source_type: 'radio' }), 'source_type', musicPlanMessages.sourceType],
      [block({ source_id: 'abc' }), 'source_id', musicPlanMessages.sourceId],
      [block({ from: '15:00', to: '16:00', source_id: 999_999 }), 'source_id', musicPlanMessages.sourceUnknown],
      [
        block({ from: '15:00', to: '16:00', source_type: 'playlist', source_id: otherPlaylistId }),
        'source_id',
        musicPlanMessages.sourceUnknown,
      ],
      [block({ volume: 101 }), 'volume', musicPlanMessages.volume],
      [block({ name: 'a'.repeat(101) }), 'name', 'A név legfeljebb 100 karakter lehet.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await a.post('/api/music-plan/blocks', body);
      assert.equal(res.statusCode, 422, `${field}: ${res.body}`);
      assert.deepEqual(res.json().errors[field], [message], `${field}: ${res.body}`);
    }
    const form = new URLSearchParams({
      from: '16:00',
      to: '18:00',
      source_type: 'channel',
      source_id: String(channelId),
      friday: '1',
      shuffle: '1',
    });
    const ok = await a.post('/api/music-plan/blocks', form.toString(), { headers: FORM });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.json().friday, true);
    assert.equal(ok.json().monday, false);
    assert.equal(ok.json().shuffle, true);
    assert.equal((await a.get('/api/music-plan/blocks')).json().length, count + 1);
  });

  test(`at most ${MUSIC_PLAN_BLOCKS_MAX} blocks`, async () => {
    await rows('delete from music_plan_blocks');
    const [{ id: customerId }] = (await rows<{ id: number }>(`select id from customers where slug = 'demo'`)) as [
      { id: number },
    ];
    // 100 blocks of 10 minutes, written directly (the calls are tested above).
    await rows(
      `insert into music_plan_blocks (customer_id, zone_id, from_time, to_time, source_type, source_id)
       select ${customerId}, (select id from zones where customer_id = ${customerId} order by position limit 1), to_char(time '00:00' + (i * 10) * interval '1 minute', 'HH24:MI'),
              to_char(time '00:00' + (i * 10 + 10) * interval '1 minute', 'HH24:MI'), 'channel', ${channelId}
       from generate_series(0, ${MUSIC_PLAN_BLOCKS_MAX - 1}) i`,
    );
    const res = await a.post('/api/music-plan/blocks', block({ from: '23:00', to: '23:30' }));
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().errors, { name: [musicPlanMessages.limit] });
    await rows('delete from music_plan_blocks');
  });
});

describe('blocked tracks', () => {
  test('toggle, list, another shop unaffected, unknown track 404', async () => {
    const [track] = await rows<{ track_id: number }>(
      `select track_id from channel_tracks where channel_id = ${channelId} order by position limit 1`,
    );
    const id = track!.track_id;
    const on = await a.post(`/api/blocked-tracks/${id}`);
    assert.equal(on.statusCode, 200, on.body);
    assert.deepEqual(blockedTrackToggleSchema.parse(on.json()), { track_id: id, blocked: true });
    const list = blockedTrackListSchema.parse((await a.get('/api/blocked-tracks')).json());
    assert.deepEqual(
      list.map((b) => b.id),
      [id],
    );
    assert.deepEqual((await other.get('/api/blocked-tracks')).json(), []);
    const off = await a.post(`/api/blocked-tracks/${id}`);
    assert.deepEqual(off.json(), { track_id: id, blocked: false });
    assert.deepEqual((await a.get('/api/blocked-tracks')).json(), []);
    assert.equal((await a.post('/api/blocked-tracks/999999')).statusCode, 404);
    assert.equal((await a.post('/api/blocked-tracks/abc')).statusCode, 404);
  });

  test('a blocked track never comes out of 1,000 `next` calls on a shuffled channel; the playing one moves on at once', async () => {
    const ids = (
      await rows<{ track_id: number }>(
        `select track_id from channel_tracks where channel_id = ${channelId} order by position`,
      )
    ).map((r) => r.track_id);
    assert.ok(ids.length >= 3, `the seeded channel has ${ids.length} tracks`);
    const player = (await a.get('/api/players')).json()[0].id as number;
    const [blocked, second] = [ids[0]!, ids[1]!];
    const start = await a.post(`/api/players/${player}/playable/channel/${channelId}`, { track: blocked });
    assert.equal(start.statusCode, 200, start.body);
    if (!start.json().is_random) assert.equal((await a.post(`/api/players/${player}/random`)).statusCode, 200);
    // Blocking the playing track moves the player on at once, and it is not announced next.
    const changes: Array<{ reason: string; exceptSocketId?: string }> = [];
    const stop = t.app.ctx.players.addListener((_, change) => void changes.push(change));
    // Sent from a device with a socket: the answer is the toggle, so the news of the player moving
    // on must reach that socket too (no `toOthers`).
    const toggled = await a.post(`/api/blocked-tracks/${blocked}`, {}, { headers: { 'x-socket-id': '1234.5678' } });
    stop();
    assert.equal(toggled.json().blocked, true);
    assert.deepEqual(
      changes.map((c) => [c.reason, c.exceptSocketId]),
      [['blocked-tracks', undefined]],
    );
    const now = (await a.get('/api/players')).json()[0];
    assert.notEqual(now.track.id, blocked);
    assert.equal(now.is_playing, true);
    assert.ok(!now.next_tracks.some((t: { id: number }) => t.id === blocked));
    const seen = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const res = await a.get(`/api/players/${player}/next`);
      assert.equal(res.statusCode, 200, res.body);
      const p = res.json();
      assert.notEqual(p.track?.id, blocked, `next call ${i + 1} played the blocked track`);
      assert.ok(!p.next_tracks.some((t: { id: number }) => t.id === blocked), `next call ${i + 1} announced it`);
      seen.set(p.track.id, (seen.get(p.track.id) ?? 0) + 1);
    }
    // Every other track still plays (a shuffle over the rest, not a stuck player).
    assert.deepEqual(
      [...seen.keys()].sort((x, y) => x - y),
      ids.filter((id) => id !== blocked).sort((x, y) => x - y),
    );
    // Unblocked, it may play again; a jump to a blocked track is refused.
    await a.post(`/api/blocked-tracks/${second}`);
    assert.equal((await a.get(`/api/players/${player}/next/tracks/${second}`)).statusCode, 404);
    await a.post(`/api/blocked-tracks/${second}`);
    await a.post(`/api/blocked-tracks/${blocked}`);
    assert.equal((await a.get(`/api/players/${player}/next/tracks/${blocked}`)).statusCode, 200);
  });
});

test('DEMO_MUSIC_PLAN (npm start) seeds the demo plan switched on', async () => {
  await rows('delete from music_plan_blocks');
  await rows('delete from opening_hours');
  await rows('delete from music_plans');
  await dayPlanDemoStep.run({ db: t.database.db, storage: undefined as never, demoMusicPlan: true });
  assert.equal((await a.get('/api/music-plan')).json().enabled, true);
  assert.equal((await a.get('/api/music-plan/blocks')).json().length, 3);
  assert.equal((await other.get('/api/music-plan')).json().enabled, false);
});
