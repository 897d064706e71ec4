import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { PLAYABLE_CHANNEL, playerSchema, type Player } from '../../contracts/player';
import { trackSchema } from '../../contracts/tracks';
import { players, sessions } from '../../server/src/db/schema';
import type { PlayerChange } from '../../server/src/player/service';
import { Client, createTestApp, loggedIn, OTHER, parsePlayer, type TestApp } from './helpers';

let t: TestApp;
let a: Client; // device A of the demo shop
let b: Client; // device B of the demo shop
let playerId: number;
let sessionA: string;
let sessionB: string;
let channelTracks: number[];

const parse = parsePlayer;
const base = () => `/api/players/${playerId}`;
const dbPlayer = async () => (await t.database.db.select().from(players).where(eq(players.id, playerId)))[0]!;

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
  b = await loggedIn(t.app);
  sessionA = (JSON.parse((await a.get('/api/me')).body) as { session_id: string }).session_id;
  sessionB = (JSON.parse((await b.get('/api/me')).body) as { session_id: string }).session_id;
  assert.notEqual(sessionA, sessionB);
  const list = z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body));
  playerId = list[0]!.id;
  channelTracks = z
    .array(trackSchema)
    .parse(JSON.parse((await a.get('/api/channels/1/tracks')).body))
    .map((tr) => tr.id);
});
after(async () => {
  await t.close();
});

/** Puts the player back to a known state between tests (directly, not through the API). */
async function reset(values: Partial<typeof players.$inferInsert> = {}) {
  await t.database.db
    .update(players)
    .set({
      isRepeat: true,
      isRandom: false,
      isPlaying: false,
      currentTime: 0,
      volume: 100,
      sessionId: null,
      playableType: null,
      playableId: null,
      trackId: null,
      cyclePlayed: [],
      ...values,
    })
    .where(eq(players.id, playerId));
}

describe('players', () => {
  beforeEach(() => reset());

  test('each customer has one player; a new one repeats by default and is idle', async () => {
    const list = z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body));
    assert.equal(list.length, 1);
    const p = list[0]!;
    assert.equal(p.is_repeat, true);
    assert.equal(p.is_random, false);
    assert.equal(p.is_playing, false);
    assert.equal(p.track, null);
    assert.equal(p.playable, null);
  });

  test('a customer without a player gets one on demand', async () => {
    const other = await loggedIn(t.app, OTHER);
    const [mine] = z.array(playerSchema).parse(JSON.parse((await other.get('/api/players')).body));
    await t.database.db.delete(players).where(eq(players.id, mine!.id));
    const again = z.array(playerSchema).parse(JSON.parse((await other.get('/api/players')).body));
    assert.equal(again.length, 1);
    assert.notEqual(again[0]!.id, mine!.id);
    assert.equal(again[0]!.is_repeat, true);
  });

  test('playing a channel starts its first track on the calling device', async () => {
    const p = parse(await a.post(`${base()}/playable/channel/1`));
    assert.equal(p.is_playing, true);
    assert.equal(p.track?.id, channelTracks[0]);
    assert.equal(p.current_time, 0);
    assert.equal(p.session_id, sessionA);
    assert.deepEqual(p.playable, { type: PLAYABLE_CHANNEL, id: 1, name: p.playable!.name });
    assert.equal(p.playable_type, 'App\\Models\\Channel');
    assert.equal(p.playable_id, 1);
    assert.ok(p.track?.url.includes('/media/assets/audio/tracks/'));
  });

  test('a start track can be named in the query or the body; one not on the channel is a 422', async () => {
    const third = channelTracks[2]!;
    assert.equal(parse(await a.post(`${base()}/playable/channel/1?track=${third}`)).track?.id, third);
    assert.equal(
      parse(await a.post(`${base()}/playable/channel/1`, { track: channelTracks[4] })).track?.id,
      channelTracks[4],
    );
    const before = await dbPlayer();
    for (const track of ['999999', 'abc', '-1', String(channelTracks[0]! + 0.5)]) {
      const res = await a.post(`${base()}/playable/channel/2?track=${track}`);
      assert.equal(res.statusCode, 422, track);
      assert.ok((JSON.parse(res.body) as { errors: Record<string, string[]> }).errors.track?.[0]);
    }
    assert.deepEqual(await dbPlayer(), before, 'a refused call changes nothing');
    assert.equal((await a.post(`${base()}/playable/channel/999999`)).statusCode, 404);
    assert.equal((await a.post(`${base()}/playable/channel/abc`)).statusCode, 404);
    assert.deepEqual(await dbPlayer(), before);
  });

  test('in order: next walks the list; at the end it starts over when repeating', async () => {
    parse(await a.post(`${base()}/playable/channel/1`));
    const order: number[] = [];
    let p!: Player;
    for (let i = 1; i < channelTracks.length; i++) {
      p = parse(await a.get(`${base()}/next`));
      order.push(p.track!.id);
      assert.equal(p.is_playing, true);
    }
    assert.deepEqual(order, channelTracks.slice(1));
    p = parse(await a.get(`${base()}/next`));
    assert.equal(p.track?.id, channelTracks[0], 'wraps to the first track');
    assert.equal(p.is_playing, true, 'keeps playing with repeat on');
  });

  test('in order without repeat: at the end it stops on the first track', async () => {
    parse(await a.post(`${base()}/playable/channel/1`));
    const off = parse(await a.post(`${base()}/repeat`));
    assert.equal(off.is_repeat, false);
    await reset({
      isRepeat: false,
      isPlaying: true,
      playableType: PLAYABLE_CHANNEL,
      playableId: 1,
      trackId: channelTracks.at(-1)!,
      sessionId: sessionA,
      currentTime: 30,
    });
    const p = parse(await a.get(`${base()}/next`));
    assert.equal(p.is_playing, false);
    assert.equal(p.track?.id, channelTracks[0]);
    assert.equal(p.current_time, 0);
    assert.equal(parse(await a.post(`${base()}/repeat`)).is_repeat, true);
  });

  test('shuffle: every track exactly once per cycle, a fresh order each cycle', async () => {
    parse(await a.post(`${base()}/playable/channel/1`));
    const on = parse(await a.post(`${base()}/random`));
    assert.equal(on.is_random, true);
    const n = channelTracks.length;
    const cycles: number[][] = [[on.track!.id]];
    for (let i = 1; i < n * 3; i++) {
      const p = parse(await a.get(`${base()}/next`));
      assert.equal(p.is_playing, true);
      if (i % n === 0) cycles.push([]);
      cycles.at(-1)!.push(p.track!.id);
    }
    assert.equal(cycles.length, 3);
    for (const c of cycles)
      assert.deepEqual(
        [...c].sort((x, y) => x - y),
        [...channelTracks].sort((x, y) => x - y),
      );
    assert.ok(
      cycles.some((c) => c.join() !== channelTracks.join()) && cycles[1]!.join() !== cycles[2]!.join(),
      'shuffled, and differently per cycle',
    );
    assert.notEqual(cycles[1]![0], cycles[0]!.at(-1), 'a new cycle does not repeat the last track');
  });

  test('shuffle without repeat stops after the cycle', async () => {
    parse(await a.post(`${base()}/playable/channel/1`));
    parse(await a.post(`${base()}/random`));
    parse(await a.post(`${base()}/repeat`));
    let p!: Player;
    for (let i = 1; i < channelTracks.length; i++) {
      p = parse(await a.get(`${base()}/next`));
      assert.equal(p.is_playing, true);
    }
    p = parse(await a.get(`${base()}/next`));
    assert.equal(p.is_playing, false, 'stopped at the end of the cycle');
    assert.ok(p.track, 'ready with the first track of a new cycle');
  });

  test('turning shuffle off continues in list order from the current track', async () => {
    parse(await a.post(`${base()}/playable/channel/1?track=${channelTracks[5]}`));
    parse(await a.post(`${base()}/random`));
    const off = parse(await a.post(`${base()}/random`));
    assert.equal(off.is_random, false);
    assert.equal(parse(await a.get(`${base()}/next`)).track?.id, channelTracks[6]);
  });

  test('jump to a track of the playable; other tracks and ids are 404', async () => {
    parse(await a.post(`${base()}/playable/channel/1`));
    await a.post(`${base()}/update-volume`, { currentTime: 20, volume: 70 });
    const p = parse(await a.get(`${base()}/next/tracks/${channelTracks[7]}`));
    assert.equal(p.track?.id, channelTracks[7]);
    assert.equal(p.current_time, 0);
    assert.equal(p.is_playing, true);
    assert.equal(p.volume, 70);
    assert.equal(parse(await a.get(`${base()}/next`)).track?.id, channelTracks[8]);

    const all = z
      .array(trackSchema)
      .parse(JSON.parse((await a.get('/api/channels/2/tracks')).body))
      .map((x) => x.id);
    const notOnChannel1 = all.find((id) => !channelTracks.includes(id));
    assert.ok(notOnChannel1, 'the demo seed has a track on channel 2 that channel 1 lacks');
    const before = await dbPlayer();
    assert.equal((await a.get(`${base()}/next/tracks/${notOnChannel1}`)).statusCode, 404);
    assert.equal((await a.get(`${base()}/next/tracks/999999`)).statusCode, 404);
    assert.equal((await a.get(`${base()}/next/tracks/abc`)).statusCode, 404);
    assert.deepEqual(await dbPlayer(), before);
  });

  test('seek and volume through update-volume', async () => {
    parse(await a.post(`${base()}/playable/channel/1`));
    let p = parse(await a.post(`${base()}/update-volume`, { currentTime: 12.5, volume: 40 }));
    assert.equal(p.current_time, 12.5);
    assert.equal(p.volume, 40);
    p = parse(
      await a.post(`${base()}/update-volume`, 'currentTime=3&volume=0', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    assert.equal(p.current_time, 3);
    assert.equal(p.volume, 0);
    p = parse(await a.post(`${base()}/update-volume`, { volume: 100 }));
    assert.equal(p.volume, 100);
    assert.equal(p.current_time, 3, 'a missing field keeps its value');
    p = parse(await a.post(`${base()}/update-volume`, { currentTime: 80_000 }));
    assert.ok(
      p.current_time > p.track!.duration - 1 && p.current_time <= p.track!.duration + 0.5,
      'a seek past the end stops at the end',
    );
  });

  test('out-of-range and malformed update-volume bodies are 422 and change nothing', async () => {
    parse(await a.post(`${base()}/playable/channel/1`));
    parse(await a.post(`${base()}/update-volume`, { currentTime: 5, volume: 55 }));
    const before = await dbPlayer();
    const cases: Array<[unknown, string]> = [
      [{ currentTime: 1, volume: 101 }, 'volume'],
      [{ currentTime: 1, volume: -1 }, 'volume'],
      [{ currentTime: 1, volume: 'loud' }, 'volume'],
      [{ currentTime: -3, volume: 50 }, 'currentTime'],
      [{ currentTime: 'x', volume: 50 }, 'currentTime'],
      [{}, 'volume'],
    ];
    for (const [body, field] of cases) {
      const res = await a.post(`${base()}/update-volume`, body);
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      const err = JSON.parse(res.body) as { message: string; errors: Record<string, string[]> };
      assert.ok(err.errors[field]?.[0], `${JSON.stringify(body)} → ${res.body}`);
      assert.match(err.message, /[áéőű]/, 'Hungarian');
    }
    const broken = await a.post(`${base()}/update-volume`, '{"volume":', {
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(broken.statusCode, 400);
    assert.deepEqual(await dbPlayer(), before);
  });

  test('toggle-play pauses and resumes; load-track fills an empty track', async () => {
    await reset({ playableType: PLAYABLE_CHANNEL, playableId: 1 });
    const loaded = parse(await a.get(`${base()}/load-track`));
    assert.equal(loaded.track?.id, channelTracks[0]);
    assert.equal(loaded.is_playing, false);
    const playing = parse(await a.get(`${base()}/toggle-play`));
    assert.equal(playing.is_playing, true);
    assert.equal(playing.session_id, sessionA);
    const paused = parse(await a.get(`${base()}/toggle-play`));
    assert.equal(paused.is_playing, false);
    assert.equal(paused.track?.id, channelTracks[0]);
  });

  test('toggle-play with nothing to play leaves the player idle', async () => {
    const p = parse(await a.get(`${base()}/toggle-play`));
    assert.equal(p.is_playing, false);
    assert.equal(p.session_id, null);
    assert.equal(parse(await a.get(`${base()}/next`)).track, null);
  });
});

describe('output ownership', () => {
  beforeEach(() => reset({ playableType: PLAYABLE_CHANNEL, playableId: 1, trackId: channelTracks[0]! }));

  test('a device pressing play takes output when nobody holds it', async () => {
    assert.equal(parse(await b.get(`${base()}/toggle-play`)).session_id, sessionB);
  });

  test('a live owner keeps output; other devices are remote controls', async () => {
    assert.equal(parse(await a.get(`${base()}/toggle-play`)).session_id, sessionA);
    const paused = parse(await b.get(`${base()}/toggle-play`));
    assert.equal(paused.is_playing, false);
    assert.equal(paused.session_id, sessionA, 'pausing does not move output');
    const resumed = parse(await b.get(`${base()}/toggle-play`));
    assert.equal(resumed.is_playing, true);
    assert.equal(resumed.session_id, sessionA, 'the owner is live, so it keeps output');
    assert.equal(parse(await b.post(`${base()}/playable/channel/2`)).session_id, sessionA);
    assert.equal(parse(await b.get(`${base()}/next/tracks/${channelTracks[3]}`)).session_id, sessionA);
  });

  test('an owner whose session ended or logged out loses output to the next device that plays', async () => {
    await reset({
      playableType: PLAYABLE_CHANNEL,
      playableId: 1,
      trackId: channelTracks[0]!,
      sessionId: 'ended-device',
    });
    assert.equal(parse(await b.get(`${base()}/toggle-play`)).session_id, sessionB, 'unknown/ended session');

    const d = await loggedIn(t.app);
    const sessionD = (JSON.parse((await d.get('/api/me')).body) as { session_id: string }).session_id;
    await reset({ playableType: PLAYABLE_CHANNEL, playableId: 1, trackId: channelTracks[0]!, sessionId: sessionD });
    await t.database.db
      .update(sessions)
      .set({ lastActivityAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(sessions.sessionId, sessionD));
    assert.equal(parse(await a.get(`${base()}/toggle-play`)).session_id, sessionA, 'idle-expired session');

    const c = await loggedIn(t.app);
    const sessionC = (JSON.parse((await c.get('/api/me')).body) as { session_id: string }).session_id;
    await reset({ playableType: PLAYABLE_CHANNEL, playableId: 1, trackId: channelTracks[0]!, sessionId: sessionC });
    assert.equal(parse(await a.get(`${base()}/toggle-play`)).session_id, sessionC);
    await c.post('/api/logout');
    parse(await a.get(`${base()}/toggle-play`));
    assert.equal(parse(await a.get(`${base()}/toggle-play`)).session_id, sessionA, 'logged out');
  });

  test('the presence hook decides when set', async () => {
    await reset({ playableType: PLAYABLE_CHANNEL, playableId: 1, trackId: channelTracks[0]!, sessionId: sessionA });
    t.app.ctx.players.setPresenceCheck(({ sessionId }) => sessionId !== sessionA);
    try {
      assert.equal(
        await t.app.ctx.players.isSessionOnline({ customerId: (await dbPlayer()).customerId, sessionId: sessionA }),
        false,
      );
      assert.equal(parse(await a.get(`${base()}/toggle-play`)).session_id, sessionA, 'already the owner');
      await reset({ playableType: PLAYABLE_CHANNEL, playableId: 1, trackId: channelTracks[0]!, sessionId: sessionA });
      assert.equal(parse(await b.get(`${base()}/toggle-play`)).session_id, sessionB, 'offline owner');
    } finally {
      t.app.ctx.players.setPresenceCheck(undefined);
    }
  });
});

describe('change hook', () => {
  test('every change calls onPlayerChanged with the new player and the sender socket; no-ops do not', async () => {
    await reset({ playableType: PLAYABLE_CHANNEL, playableId: 1, trackId: channelTracks[0]! });
    const seen: Array<{ player: Player; change: PlayerChange }> = [];
    const remove = t.app.ctx.players.addListener((player, change) => {
      seen.push({ player, change });
    });
    try {
      const p = parse(await a.get(`${base()}/toggle-play`, { headers: { 'x-socket-id': '1234.5678' } }));
      assert.equal(seen.length, 1);
      assert.deepEqual(seen[0]!.player, p);
      assert.equal(seen[0]!.change.exceptSocketId, '1234.5678');
      assert.equal(seen[0]!.change.reason, 'toggle-play');
      parse(await a.get(`${base()}/load-track`));
      assert.equal(seen.length, 1, 'nothing changed, nothing sent');
      parse(await a.post(`${base()}/random`));
      assert.equal(seen.length, 2);
      assert.equal(seen[1]!.change.exceptSocketId, undefined);
    } finally {
      remove();
    }
  });
});

describe('tenant isolation and bad ids', () => {
  test("another customer's player is 404 on every route, and stays untouched", async () => {
    const other = await loggedIn(t.app, OTHER);
    const [theirs] = z.array(playerSchema).parse(JSON.parse((await other.get('/api/players')).body));
    const before = (await t.database.db.select().from(players).where(eq(players.id, theirs!.id)))[0];
    const p = `/api/players/${theirs!.id}`;
    const calls = [
      a.post(`${p}/random`),
      a.post(`${p}/repeat`),
      a.get(`${p}/next`),
      a.get(`${p}/toggle-play`),
      a.get(`${p}/load-track`),
      a.post(`${p}/update-volume`, { currentTime: 1, volume: 1 }),
      a.post(`${p}/playable/channel/1`),
      a.get(`${p}/next/tracks/${channelTracks[0]}`),
    ];
    for (const res of await Promise.all(calls)) assert.equal(res.statusCode, 404, res.body);
    const mine = z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body));
    assert.ok(!mine.some((x) => x.id === theirs!.id));
    assert.deepEqual((await t.database.db.select().from(players).where(eq(players.id, theirs!.id)))[0], before);
  });

  test('malformed and unknown player ids are 404; unsafe calls need CSRF; all need a login', async () => {
    for (const id of ['abc', '0', '-1', '999999', '1e3']) {
      assert.equal((await a.get(`/api/players/${id}/next`)).statusCode, 404, id);
      assert.equal((await a.post(`/api/players/${id}/random`)).statusCode, 404, id);
    }
    assert.equal((await a.request('POST', `${base()}/random`, { xsrf: false })).statusCode, 419);
    assert.equal((await new Client(t.app).get('/api/players')).statusCode, 401);
    assert.equal((await new Client(t.app).get(`${base()}/next`)).statusCode, 401);
  });
});
