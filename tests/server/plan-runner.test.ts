import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Player } from '../../contracts/player';
import { UPDATE_PLAYER_EVENT } from '../../contracts/realtime';
import { DAY_KEYS } from '../../contracts/names';
import { Client, createTestApp, loggedIn, PGLITE_CHOSEN, TEST_DATABASE_URL, type TestApp } from './helpers';

/**
 * The music plan's runner (server/src/scheduler/plan-runner.ts) on an injected clock: opening starts
 * the block's source at its volume, a block's start switches the source (the track finishing first,
 * or at once when much of it is left), closing pauses; a manager's press holds until the next
 * boundary and 'Vissza a napirendhez' ends the hold; a restart applies only the state of now, once;
 * two instances on one PostgreSQL apply each boundary of a simulated day once.
 */

const MINUTE = 60_000;
/** Budapest is UTC+1 in January: local 08:00 is 07:00Z. 2030-01-08 is a Tuesday. */
const local = (hm: string, date = '2030-01-08') => Date.parse(`${date}T${hm}:00+01:00`);

let now = local('06:00');
let t: TestApp;
let a: Client;
let playerId: number;
let morning: { id: number; tracks: number[] };
let afternoon: { id: number; tracks: number[] };

const rows = async <T>(query: string) =>
  ((await t.database.db.execute(query as never)) as unknown as { rows: T[] }).rows;

const player = async (): Promise<Player> => (await a.get('/api/players')).json<Player[]>()[0]!;

/** The UpdatePlayer broadcasts of an app from now on (passed on as usual). */
function updates(app: FastifyInstance): Player[] {
  const seen: Player[] = [];
  const broadcaster = app.ctx.realtime.broadcaster;
  const original = broadcaster.trigger.bind(broadcaster);
  broadcaster.trigger = async (channels, event, payload, options) => {
    if (event === UPDATE_PLAYER_EVENT) seen.push((payload as { player: Player }).player);
    return original(channels, event, payload, options);
  };
  return seen;
}

async function tick(app: FastifyInstance, at: number) {
  now = at;
  return app.scheduler.tick(at);
}

async function channelWithTracks(skip: number[]): Promise<{ id: number; tracks: number[] }> {
  const [row] = await rows<{ id: number }>(
    `select c.id from channels c where exists (select 1 from channel_tracks ct where ct.channel_id = c.id)
     ${skip.length ? `and c.id not in (${skip.join(',')})` : ''} order by c.id limit 1`,
  );
  const tracks = await rows<{ track_id: number }>(
    `select track_id from channel_tracks where channel_id = ${row!.id} order by position, track_id`,
  );
  return { id: row!.id, tracks: tracks.map((r) => r.track_id) };
}

/** Mon–Sat 08:00–20:00, Sunday closed; 'Reggel' 08–12 on `morning` at 40, 'Délután' 12–20 on `afternoon` at 70, shuffled. */
async function setUpPlan(client: Client) {
  const hours = await client.post('/api/opening-hours', {
    week: DAY_KEYS.map((day) => (day === 'sunday' ? { day, closed: true } : { day, open: '08:00', close: '20:00' })),
    exceptions: [],
  });
  assert.equal(hours.statusCode, 200, hours.body);
  for (const block of [
    { name: 'Reggel', from: '08:00', to: '12:00', source_id: morning.id, volume: 40, shuffle: false },
    { name: 'Délután', from: '12:00', to: '20:00', source_id: afternoon.id, volume: 70, shuffle: true },
  ]) {
    const res = await client.post('/api/music-plan/blocks', {
      ...block,
      source_type: 'channel',
      ...Object.fromEntries(DAY_KEYS.map((d) => [d, d !== 'sunday'])),
    });
    assert.equal(res.statusCode, 201, res.body);
  }
  const plan = await client.post('/api/music-plan', {
    enabled: true,
    default_source_type: 'channel',
    default_source_id: morning.id,
  });
  assert.equal(plan.statusCode, 200, plan.body);
}

async function resetPlan() {
  await rows('delete from music_plan_applied');
  await rows('delete from music_plan_blocks');
  await rows('delete from opening_hours');
  await rows('delete from music_plans');
}

before(async () => {
  t = await createTestApp({}, { clock: () => now });
  a = await loggedIn(t.app);
  morning = await channelWithTracks([]);
  afternoon = await channelWithTracks([morning.id]);
  playerId = (await player()).id;
});
after(async () => {
  await t?.close();
});

describe('one instance', () => {
  beforeEach(async () => {
    await resetPlan();
    // Paused, on nothing in particular, at full volume: the evening before.
    await rows(
      `update players set is_playing = false, volume = 100, plan_hold_until = null, is_random = false where id = ${playerId}`,
    );
    await setUpPlan(a);
  });

  test('opening plays the block at its volume; a block start switches the source; closing pauses', async () => {
    const seen = updates(t.app);
    // Before opening the latest boundary is last night's closing: the player stays paused.
    await tick(t.app, local('07:59'));
    assert.equal((await player()).is_playing, false);
    assert.equal(seen.length, 0, 'a closing that finds the player paused changes nothing');

    await tick(t.app, local('08:00'));
    let p = await player();
    assert.equal(p.is_playing, true);
    assert.equal(p.playable_id, morning.id);
    assert.equal(p.volume, 40);
    assert.ok(morning.tracks.includes(p.track!.id));
    assert.equal(p.plan?.applied, true);
    assert.equal(seen.length, 1);
    assert.equal(seen[0]!.plan?.applied, true);

    // Ticks inside the block change nothing.
    await tick(t.app, local('08:01'));
    await tick(t.app, local('11:59'));
    assert.equal(seen.length, 1);

    // 12:00 with the track just begun and long: the switch is immediate (more than 3 minutes left)
    // or after it (at most 3 left); either way nothing of the morning is announced any more.
    const before = await player();
    await tick(t.app, local('12:00'));
    p = await player();
    assert.equal(p.playable_id, afternoon.id);
    assert.equal(p.volume, 70);
    assert.equal(p.is_random, true);
    assert.ok(p.next_tracks!.length > 0);
    for (const next of p.next_tracks!)
      assert.ok(afternoon.tracks.includes(next.id), 'next tracks come from the new source');
    const left = before.track!.duration - before.current_time;
    if (left > 180) assert.ok(afternoon.tracks.includes(p.track!.id), 'much left: the new source at once');
    else assert.equal(p.track!.id, before.track!.id, 'little left: the track finishes first');

    await tick(t.app, local('20:00'));
    p = await player();
    assert.equal(p.is_playing, false);
    const claims = await rows<{ kind: string; wall_time: string; applied: boolean }>(
      'select kind, wall_time, applied from music_plan_applied order by at',
    );
    assert.deepEqual(
      claims.map((c) => [c.kind, c.wall_time, c.applied]),
      [
        ['close', '20:00', true],
        ['open', '08:00', true],
        ['block', '12:00', true],
        ['close', '20:00', true],
      ],
    );
  });

  test('a block start switches at once when more than 3 minutes of the track are left, else after it', async () => {
    await tick(t.app, local('08:00'));
    const playing = (await player()).track!;
    // The track the audio device plays, as long as a 5-minute one, 40 s in: more than 3 minutes left.
    const { duration } = (await rows<{ duration: number }>(`select duration from tracks where id = ${playing.id}`))[0]!;
    await rows(`update tracks set duration = 300 where id = ${playing.id}`);
    try {
      await rows(`update players set "current_time" = 40 where id = ${playerId}`);
      await tick(t.app, local('12:00'));
      let p = await player();
      assert.equal(p.playable_id, afternoon.id);
      assert.ok(afternoon.tracks.includes(p.track!.id), 'the new source at once');
      assert.equal(p.current_time, 0);

      // The next day at 12:00, the same track 2:30 in: at most 3 minutes left, it finishes first.
      await tick(t.app, local('08:00', '2030-01-09'));
      p = await player();
      assert.equal(p.playable_id, morning.id);
      await rows(`update players set track_id = ${playing.id}, "current_time" = 150 where id = ${playerId}`);
      await tick(t.app, local('12:00', '2030-01-09'));
      p = await player();
      assert.equal(p.playable_id, afternoon.id);
      assert.equal(p.track!.id, playing.id, 'the track finishes first');
      assert.equal(p.current_time, 150);
      for (const next of p.next_tracks!) assert.ok(afternoon.tracks.includes(next.id), 'then the new source');
    } finally {
      await rows(`update tracks set duration = ${duration} where id = ${playing.id}`);
    }
  });

  test('a press holds the plan until the next boundary; "Vissza a napirendhez" hands back at once', async () => {
    await tick(t.app, local('08:00'));
    now = local('09:15');
    // The manager pauses: a press, held until the next boundary (the block at 12:00).
    let p = (await a.get(`/api/players/${playerId}/toggle-play`)).json<Player>();
    assert.equal(p.is_playing, false);
    assert.equal(p.plan?.hold_until, new Date(local('12:00')).toISOString());
    assert.equal(p.plan?.applied, false);
    // The audio device's own doings are no press: its position report and a track's end.
    p = (await a.post(`/api/players/${playerId}/update-volume`, { currentTime: 12, volume: p.volume })).json<Player>();
    assert.equal(p.plan?.hold_until, new Date(local('12:00')).toISOString());

    // A restart of the API inside the hold: the latest boundary (08:00) is applied already.
    await tick(t.app, local('09:16'));
    assert.equal((await player()).is_playing, false);

    // Another press later moves nothing of the hold's end but keeps it.
    now = local('10:00');
    p = (await a.post(`/api/players/${playerId}/update-volume`, { currentTime: 12, volume: 55 })).json<Player>();
    assert.equal(p.volume, 55);
    assert.equal(p.plan?.hold_until, new Date(local('12:00')).toISOString());

    // 'Vissza a napirendhez': the block's state at once, the hold gone.
    now = local('10:30');
    const back = await a.post('/api/music-plan/resume', {});
    assert.equal(back.statusCode, 200, back.body);
    p = back.json<Player>();
    assert.equal(p.is_playing, true);
    assert.equal(p.volume, 40);
    assert.equal(p.playable_id, morning.id);
    assert.equal(p.plan?.hold_until, null);
    assert.equal(p.plan?.applied, true);

    // A press again, then the boundary: the plan takes over.
    now = local('11:00');
    await a.get(`/api/players/${playerId}/next`);
    assert.ok((await player()).plan?.hold_until);
    await tick(t.app, local('12:00'));
    p = await player();
    assert.equal(p.playable_id, afternoon.id);
    assert.equal(p.plan?.hold_until, null);

    // The plan off: a press holds nothing, and 'Vissza a napirendhez' is refused in Hungarian.
    await a.post('/api/music-plan', { enabled: false, default_source_type: null, default_source_id: null });
    now = local('12:30');
    p = (await a.get(`/api/players/${playerId}/toggle-play`)).json<Player>();
    assert.equal(p.plan?.hold_until, null);
    const refused = await a.post('/api/music-plan/resume', {});
    assert.equal(refused.statusCode, 409);
    assert.equal(
      refused.json<{ message: string }>().message,
      'Az automatikus napirend ki van kapcsolva, nincs mihez visszatérni.',
    );
  });

  test("a change of the hours, their exceptions, the plan or a block moves a press's hold to the new next boundary, and the devices hear of it", async () => {
    const week = (close: string) =>
      DAY_KEYS.map((day) => (day === 'sunday' ? { day, closed: true } : { day, open: '08:00', close }));
    const at = (ms: number) => new Date(ms).toISOString();
    await tick(t.app, local('08:00'));
    await tick(t.app, local('12:00'));
    // 19:00, a press ('Kézi vezérlés ma 20:00-ig'), the music on.
    now = local('19:00');
    let p = (await a.get(`/api/players/${playerId}/next`)).json<Player>();
    assert.equal(p.plan?.hold_until, at(local('20:00')));
    const seen = updates(t.app);

    // The closing moves to 19:30: the hold ends then, in the same transaction, and every device is told.
    now = local('19:05');
    let res = await a.post('/api/opening-hours', { week: week('19:30'), exceptions: [] });
    assert.equal(res.statusCode, 200, res.body);
    p = await player();
    assert.equal(p.plan?.hold_until, at(local('19:30')));
    assert.equal(p.is_playing, true);
    assert.equal(seen.at(-1)?.plan?.hold_until, at(local('19:30')));
    // An exception for today: closing at 19:20.
    res = await a.post('/api/opening-hours', {
      week: week('19:30'),
      exceptions: [{ date: '2030-01-08', name: 'Leltár', open: '08:00', close: '19:20' }],
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await player()).plan?.hold_until, at(local('19:20')));
    // A block edited, created, deleted: the hold ends at the first boundary of the plan as it is.
    const blocks = (await a.get('/api/music-plan/blocks')).json<Array<Record<string, unknown>>>();
    const afternoonBlock = blocks.find((b) => b.name === 'Délután')!;
    res = await a.post(`/api/music-plan/blocks/${String(afternoonBlock.id)}`, { ...afternoonBlock, to: '19:10' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await player()).plan?.hold_until, at(local('19:10')));
    res = await a.post(`/api/music-plan/blocks/delete/${String(afternoonBlock.id)}`, {});
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await player()).plan?.hold_until, at(local('19:20')));
    res = await a.post('/api/music-plan/blocks', {
      name: 'Este',
      from: '19:15',
      to: '19:20',
      source_type: 'channel',
      source_id: morning.id,
      volume: 30,
      shuffle: false,
      ...Object.fromEntries(DAY_KEYS.map((d) => [d, true])),
    });
    assert.equal(res.statusCode, 201, res.body);
    const evening = res.json<{ id: number }>().id;
    assert.equal((await player()).plan?.hold_until, at(local('19:15')));
    res = await a.post(`/api/music-plan/blocks/delete/${evening}`, {});
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await player()).plan?.hold_until, at(local('19:20')));

    // The boundary before it is held as before; the new closing pauses the music.
    await tick(t.app, local('19:19'));
    assert.equal((await player()).is_playing, true);
    await tick(t.app, local('19:20'));
    p = await player();
    assert.equal(p.is_playing, false);
    assert.equal(p.plan?.hold_until, null);
    assert.equal(p.plan?.applied, true);

    // A press after the closing holds until tomorrow's opening; the plan switched off ends the hold.
    now = local('19:40');
    p = (await a.get(`/api/players/${playerId}/toggle-play`)).json<Player>();
    assert.equal(p.plan?.hold_until, at(local('08:00', '2030-01-09')));
    res = await a.post('/api/music-plan', { enabled: false, default_source_type: null, default_source_id: null });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await player()).plan?.hold_until, null);
  });

  test('a closing moved to before now ends the hold: the closing applies at the next minute', async () => {
    await tick(t.app, local('12:00'));
    now = local('19:00');
    const p = (await a.get(`/api/players/${playerId}/next`)).json<Player>();
    assert.equal(p.plan?.hold_until, new Date(local('20:00')).toISOString());
    now = local('19:10');
    const res = await a.post('/api/opening-hours', {
      week: DAY_KEYS.map((day) => (day === 'sunday' ? { day, closed: true } : { day, open: '08:00', close: '19:05' })),
      exceptions: [],
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await player()).plan?.hold_until, null);
    await tick(t.app, local('19:11'));
    assert.equal((await player()).is_playing, false);
  });

  test("a position report read before a block's volume neither sets the old volume back nor holds the plan", async () => {
    await tick(t.app, local('08:00'));
    // The audio device knows the morning's state (volume 40) and reports from it...
    const known = await player();
    assert.equal(known.volume, 40);
    // ...while the afternoon's block sets 70.
    await tick(t.app, local('12:00'));
    now = local('12:00') + 4_000;
    let p = (
      await a.post(`/api/players/${playerId}/update-volume`, { currentTime: 3, volume: 40, version: known.version })
    ).json<Player>();
    assert.equal(p.volume, 70, 'the report restated an old volume');
    assert.equal(p.current_time, 3, 'its position counts');
    assert.equal(p.plan?.hold_until, null, 'and it is no press');
    assert.equal((await player()).volume, 70);
    // A report that knows the state carries the device's own volume (its slider moved): a press.
    p = (
      await a.post(`/api/players/${playerId}/update-volume`, { currentTime: 4, volume: 55, version: p.version })
    ).json<Player>();
    assert.equal(p.volume, 55);
    assert.equal(p.plan?.hold_until, new Date(local('20:00')).toISOString());
    // A slider press sends no version: its volume is the change.
    p = (await a.post(`/api/players/${playerId}/update-volume`, { volume: 60 })).json<Player>();
    assert.equal(p.volume, 60);
  });

  test('an API that starts mid-block applies the state of now once, not each boundary it missed', async () => {
    const seen = updates(t.app);
    // Nothing ran since last night; the first tick is at 13:30.
    await tick(t.app, local('13:30'));
    const p = await player();
    assert.equal(p.is_playing, true);
    assert.equal(p.playable_id, afternoon.id);
    assert.equal(p.volume, 70);
    assert.equal(seen.length, 1);
    const claims = await rows<{ kind: string; wall_time: string }>('select kind, wall_time from music_plan_applied');
    assert.deepEqual(
      claims.map((c) => [c.kind, c.wall_time]),
      [['block', '12:00']],
    );
    await tick(t.app, local('13:31'));
    assert.equal(seen.length, 1);
  });

  test('a tick that ends past its minute and grace applies nothing; the current minute applies the state of now', async () => {
    const seen = updates(t.app);
    // The 08:00 tick comes back from the database at 08:01:20: the opening is not applied late by it.
    now = local('08:01') + 20_000;
    await t.app.scheduler.tick(local('08:00'));
    assert.equal((await player()).is_playing, false);
    assert.equal(seen.length, 0);
    assert.deepEqual(await rows('select kind from music_plan_applied'), []);
    // 08:01's own tick does.
    await tick(t.app, local('08:01'));
    const p = await player();
    assert.equal(p.is_playing, true);
    assert.equal(p.playable_id, morning.id);
    assert.equal(seen.length, 1);
  });

  test('a shop without opening hours: blocks switch the music but never start or stop it', async () => {
    await rows('delete from opening_hours');
    await tick(t.app, local('12:00'));
    const p = await player();
    assert.equal(p.playable_id, afternoon.id);
    assert.equal(p.is_playing, false);
  });
});

const PG = Boolean(TEST_DATABASE_URL) && !PGLITE_CHOSEN;

describe('exactly once across instances', () => {
  test(
    'two instances on one PostgreSQL tick the same 24 hours: each boundary applied once; a restart applies nothing again',
    { skip: PGLITE_CHOSEN ? 'PostgreSQL only' : !PG && !process.env.CI ? 'needs TEST_DATABASE_URL' : false },
    async () => {
      assert.ok(PG, 'CI: TEST_DATABASE_URL must be set');
      await resetPlan();
      await rows(`update players set is_playing = false, plan_hold_until = null where id = ${playerId}`);
      await setUpPlan(a);
      let b = await createTestApp({ SCHEDULER_INSTANCE: 'plan-b' }, { clock: () => now, freshDatabase: false });
      try {
        const seenA = updates(t.app);
        const seenB = updates(b.app);
        const start = local('06:00', '2030-01-09');
        for (let m = start; m < start + 24 * 60 * MINUTE; m += MINUTE) {
          now = m;
          await Promise.all([t.app.scheduler.tick(m + 150), b.app.scheduler.tick(m + 90)]);
        }
        const claims = await rows<{ kind: string; local_date: string; wall_time: string; instance: string }>(
          'select kind, local_date, wall_time, instance from music_plan_applied order by at',
        );
        // The first tick settles the evening before; then the day: open, the afternoon block, close.
        assert.deepEqual(
          claims.map((c) => [c.kind, c.local_date, c.wall_time]),
          [
            ['close', '2030-01-08', '20:00'],
            ['open', '2030-01-09', '08:00'],
            ['block', '2030-01-09', '12:00'],
            ['close', '2030-01-09', '20:00'],
          ],
        );
        const planUpdates = [...seenA, ...seenB].filter((p) => p.plan?.applied);
        assert.equal(planUpdates.length, 3, 'open, block and close each sent once');

        // Restart B inside the evening: the latest boundary (20:00) is claimed; nothing is sent again.
        await b.close();
        b = await createTestApp({ SCHEDULER_INSTANCE: 'plan-b2' }, { clock: () => now, freshDatabase: false });
        const again = updates(b.app);
        now = local('21:15', '2030-01-09');
        await b.app.scheduler.tick(now);
        assert.equal(again.length, 0);
      } finally {
        await b.close();
      }
    },
  );

  test(
    'a closing changed on one instance is applied by the other, at the new time, over a press made before',
    { skip: PGLITE_CHOSEN ? 'PostgreSQL only' : !PG && !process.env.CI ? 'needs TEST_DATABASE_URL' : false },
    async () => {
      assert.ok(PG, 'CI: TEST_DATABASE_URL must be set');
      await resetPlan();
      await rows(`update players set is_playing = false, plan_hold_until = null where id = ${playerId}`);
      await setUpPlan(a);
      const b = await createTestApp({ SCHEDULER_INSTANCE: 'plan-b' }, { clock: () => now, freshDatabase: false });
      try {
        const onB = await loggedIn(b.app);
        // Only A ticks: its plans are compiled with the closing at 20:00.
        await tick(t.app, local('12:00', '2030-01-10'));
        now = local('19:00', '2030-01-10');
        await a.get(`/api/players/${playerId}/next`);
        // The closing moves to 19:30 through B.
        now = local('19:01', '2030-01-10');
        const res = await onB.post('/api/opening-hours', {
          week: DAY_KEYS.map((day) =>
            day === 'sunday' ? { day, closed: true } : { day, open: '08:00', close: '19:30' },
          ),
          exceptions: [],
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal((await player()).plan?.hold_until, new Date(local('19:30', '2030-01-10')).toISOString());
        await tick(t.app, local('19:29', '2030-01-10'));
        assert.equal((await player()).is_playing, true);
        await tick(t.app, local('19:30', '2030-01-10'));
        const p = await player();
        assert.equal(p.is_playing, false);
        assert.equal(p.plan?.applied, true);
      } finally {
        await b.close();
      }
    },
  );
});
