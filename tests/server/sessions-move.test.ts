import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { playerSchema } from '../../contracts/player';
import {
  channelAuthSchema,
  PLAY_SPOTS_EVENT,
  UPDATE_PLAYER_EVENT,
  updatePlayerEventSchema,
} from '../../contracts/realtime';
import { spotListSchema } from '../../contracts/spots';
import { players, sessions, tracks } from '../../server/src/db/schema';
import { Client, createTestApp, loggedIn, OTHER, type TestApp } from './helpers';
import {
  client,
  connected,
  disconnectAll,
  listen,
  next,
  record,
  subscribe,
  untilSentinel,
  type Authorize,
  type SeenEvent,
} from './realtime-helpers';

/**
 * POST /api/players/{id}/sessions/{sessionId}: moving audio output to another device of the same
 * customer, through the player service (UpdatePlayer to the other devices, the mover answered).
 */

let t: TestApp;
let port: number;
let a: Client;
let b: Client;
let other: Client;
let playerId: number;
let otherPlayerId: number;
let sessionA: string;
let sessionB: string;
let sessionOther: string;

const me = async (c: Client) => JSON.parse((await c.get('/api/me')).body) as { session_id: string };
const parsePlayer = (body: string) => playerSchema.parse(JSON.parse(body));
const playerRow = async () => (await t.database.db.select().from(players).where(eq(players.id, playerId)))[0]!;

/**
 * The events `seen` got before a PlaySpots sent now to the player's channel: that broadcast changes
 * no player and arrives after whatever an earlier request sent to the same socket.
 */
async function eventsBeforeSentinel(seen: SeenEvent[]): Promise<SeenEvent[]> {
  const [spot] = spotListSchema.parse(JSON.parse((await a.get('/api/spots')).body));
  const res = await a.post(`/api/players/${playerId}/spots/play`, { spots: [spot!.id] });
  assert.equal(res.statusCode, 200, res.body);
  return (await untilSentinel(seen, (e) => e.event === PLAY_SPOTS_EVENT)).before;
}

const viaApp =
  (c: Client): Authorize =>
  async (socketId, channel) => {
    const res = await c.post(
      '/broadcasting/auth',
      `socket_id=${encodeURIComponent(socketId)}&channel_name=${encodeURIComponent(channel)}`,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        xsrf: false,
      },
    );
    if (res.statusCode !== 200) throw new Error(`auth ${res.statusCode}: ${res.body}`);
    return channelAuthSchema.parse(JSON.parse(res.body));
  };

before(async () => {
  t = await createTestApp();
  port = await listen(t.app);
  a = await loggedIn(t.app);
  b = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  sessionA = (await me(a)).session_id;
  sessionB = (await me(b)).session_id;
  sessionOther = (await me(other)).session_id;
  playerId = z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body))[0]!.id;
  otherPlayerId = z.array(playerSchema).parse(JSON.parse((await other.get('/api/players')).body))[0]!.id;
  // A plays a channel: A outputs audio.
  const started = await a.post(`/api/players/${playerId}/playable/channel/1`);
  assert.equal(started.statusCode, 200, started.body);
  assert.equal(parsePlayer(started.body).session_id, sessionA);
});
after(async () => {
  disconnectAll();
  await t.close();
});

describe('moving output', () => {
  test('a remote control moves output to another device of the shop; that device gets UpdatePlayer, the sender gets the answer', async () => {
    const remote = await loggedIn(t.app);
    const target = client(port, t.config.pusherKey, viaApp(b));
    const sender = client(port, t.config.pusherKey, viaApp(remote));
    const senderSocket = await connected(sender);
    const targetChannel = await subscribe(target, `private-player.${playerId}`);
    const senderSeen = record(await subscribe(sender, `private-player.${playerId}`));

    const update = next(targetChannel, UPDATE_PLAYER_EVENT, 10_000);
    const res = await remote.post(
      `/api/players/${playerId}/sessions/${sessionB}`,
      { currentTime: 12.5 },
      { headers: { 'x-socket-id': senderSocket } },
    );
    assert.equal(res.statusCode, 200, res.body);
    const answered = parsePlayer(res.body);
    assert.equal(answered.session_id, sessionB);
    assert.equal(answered.current_time, 12.5);
    assert.equal(answered.is_playing, true, 'playing stays playing');
    const event = updatePlayerEventSchema.parse(await update);
    assert.deepEqual(event.player, answered);
    const beforeSentinel = await eventsBeforeSentinel(senderSeen);
    assert.equal(beforeSentinel.filter((e) => e.event === UPDATE_PLAYER_EVENT).length, 0, 'the sender has the answer');
  });

  test('back to the first device, as a form post; a time past the track end is clamped to its length', async () => {
    const res = await b.post(`/api/players/${playerId}/sessions/${sessionA}`, 'currentTime=20000', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const p = parsePlayer(res.body);
    assert.equal(p.session_id, sessionA);
    const row = await playerRow();
    const [track] = await t.database.db.select().from(tracks).where(eq(tracks.id, row.trackId!));
    assert.equal(p.current_time, track!.duration, 'clamped to the true length');
    assert.equal(row.sessionId, sessionA);
  });

  test('moving to the device that already has it at the same time changes nothing and broadcasts nothing', async () => {
    const before = await playerRow();
    const watcher = client(port, t.config.pusherKey, viaApp(b));
    const seen = record(await subscribe(watcher, `private-player.${playerId}`));
    const res = await a.post(`/api/players/${playerId}/sessions/${sessionA}`, { currentTime: before.currentTime });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await eventsBeforeSentinel(seen)).filter((e) => e.event === UPDATE_PLAYER_EVENT).length, 0);
    assert.equal((await playerRow()).updatedAt.getTime(), before.updatedAt.getTime());
  });
});

describe('refusals change nothing', () => {
  const unchanged = async (before: { sessionId: string | null; currentTime: number }) => {
    const row = await playerRow();
    assert.equal(row.sessionId, before.sessionId);
    assert.equal(row.currentTime, before.currentTime);
  };

  test("another customer's device session → 404", async () => {
    const before = await playerRow();
    const res = await a.post(`/api/players/${playerId}/sessions/${sessionOther}`, { currentTime: 1 });
    assert.equal(res.statusCode, 404, res.body);
    await unchanged(before);
  });

  test('a logged-out device, an unknown or malformed session id → 404', async () => {
    const gone = await loggedIn(t.app);
    const goneSession = (await me(gone)).session_id;
    assert.equal((await gone.post('/api/logout')).statusCode, 204);
    const before = await playerRow();
    for (const id of [goneSession, 'f'.repeat(32), 'not a session', '%2e%2e']) {
      const res = await a.post(`/api/players/${playerId}/sessions/${encodeURIComponent(id)}`, { currentTime: 1 });
      assert.equal(res.statusCode, 404, `${id}: ${res.body}`);
    }
    await unchanged(before);
  });

  test('a device whose login has ended (idle past the lifetime) → 404', async () => {
    const idle = await loggedIn(t.app);
    const idleSession = (await me(idle)).session_id;
    await t.database.db
      .update(sessions)
      .set({ lastActivityAt: new Date(Date.now() - (t.config.sessionIdleMinutes + 1) * 60_000) })
      .where(eq(sessions.sessionId, idleSession));
    const res = await a.post(`/api/players/${playerId}/sessions/${idleSession}`, { currentTime: 1 });
    assert.equal(res.statusCode, 404, res.body);
  });

  test("another customer's player, and a device of another customer moving this one → 404", async () => {
    const before = await playerRow();
    const foreignPlayer = await a.post(`/api/players/${otherPlayerId}/sessions/${sessionA}`, { currentTime: 1 });
    assert.equal(foreignPlayer.statusCode, 404);
    const intruder = await other.post(`/api/players/${playerId}/sessions/${sessionOther}`, { currentTime: 1 });
    assert.equal(intruder.statusCode, 404);
    const intruderToOwn = await other.post(`/api/players/${playerId}/sessions/${sessionA}`, { currentTime: 1 });
    assert.equal(intruderToOwn.statusCode, 404);
    await unchanged(before);
  });

  test('currentTime missing, negative, not a number or too large → 422 errors.currentTime', async () => {
    const before = await playerRow();
    for (const body of [{}, { currentTime: -1 }, { currentTime: 'abc' }, { currentTime: 1e9 }, { currentTime: null }]) {
      const res = await a.post(`/api/players/${playerId}/sessions/${sessionB}`, body);
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      const errors = JSON.parse(res.body).errors as Record<string, string[]>;
      assert.ok(errors.currentTime?.[0], JSON.stringify(errors));
    }
    await unchanged(before);
  });

  test('a guest gets 401', async () => {
    const res = await new Client(t.app).post(`/api/players/${playerId}/sessions/${sessionB}`, { currentTime: 1 });
    assert.ok([401, 419].includes(res.statusCode), String(res.statusCode));
  });
});
