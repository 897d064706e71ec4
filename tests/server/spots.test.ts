import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { playerSchema } from '../../contracts/player';
import { channelAuthSchema, PLAY_SPOTS_EVENT, playSpotsEventSchema } from '../../contracts/realtime';
import { spotListSchema, type Spot } from '../../contracts/spots';
import { customers, players } from '../../server/src/db/schema';
import { Client, createTestApp, localUrl, loggedIn, OTHER, type TestApp } from './helpers';
import {
  client,
  disconnectAll,
  listen,
  next,
  record,
  subscribe,
  untilSentinel,
  type Authorize,
} from './realtime-helpers';
import { createZone } from '../../server/src/db/queries/zones';

/** GET /api/spots and POST /api/players/{id}/spots/play (App\Events\PlaySpots to every player of the shop). */

let t: TestApp;
let port: number;
let a: Client;
let other: Client;
let playerId: number;
let secondPlayerId: number;
let otherPlayerId: number;
let demoId: number;

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

const list = async (c: Client): Promise<Spot[]> => {
  const res = await c.get('/api/spots');
  assert.equal(res.statusCode, 200, res.body);
  return spotListSchema.parse(JSON.parse(res.body));
};

before(async () => {
  t = await createTestApp();
  port = await listen(t.app);
  a = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  playerId = z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body))[0]!.id;
  otherPlayerId = z.array(playerSchema).parse(JSON.parse((await other.get('/api/players')).body))[0]!.id;
  // A shop with two zones, so two players: PlaySpots goes to both.
  const [demo] = await t.database.db.select().from(customers).where(eq(customers.slug, 'demo'));
  const second = await createZone(t.database.db, { customerId: demo!.id, name: 'Terasz' });
  secondPlayerId = second.playerId;
  demoId = demo!.id;
  // Each shop's first player has an audio device: its login (never in presence, so judged by its login).
  await makeOutput(a, playerId);
  await makeOutput(other, otherPlayerId);
});

const sessionOf = async (c: Client) => (JSON.parse((await c.get('/api/me')).body) as { session_id: string }).session_id;

async function makeOutput(c: Client, id: number) {
  const res = await c.post(`/api/players/${id}/sessions/${await sessionOf(c)}`, { currentTime: 0 });
  assert.equal(res.statusCode, 200, res.body);
}
after(async () => {
  disconnectAll();
  await t.close();
});

describe('GET /api/spots', () => {
  test('the demo spots, newest first, with Hungarian names, file names and true durations', async () => {
    const spots = await list(a);
    assert.deepEqual(
      spots.map((s) => [s.name, s.file_name, s.duration]),
      [
        ['Kávé mellé sütemény', 'kave-sutemeny.mp3', 10.867],
        ['Hétvégi akció', 'hetvegi-akcio.mp3', 12.382],
        ['Friss pékáru', 'friss-pekaru.mp3', 13.505],
        ['Zárás előtt', 'zaras-elott.mp3', 14.315],
        ['Hűségkártya', 'husegkartya.mp3', 11.337],
        ['Őszi akció', 'oszi-akcio.mp3', 10.945],
        ['Új kollekció', 'uj-kollekcio.mp3', 12.722],
        ['Ingyenes parkolás', 'ingyenes-parkolas.mp3', 14.289],
      ],
    );
    const dates = spots.map((s) => s.created_at);
    assert.deepEqual([...dates].sort().reverse(), dates);
    assert.deepEqual(Object.keys(spots[0]!).sort(), [
      'created_at',
      'duration',
      'file_name',
      'id',
      'loudness_lufs',
      'name',
      'peak_dbtp',
      'url',
    ]);
    // The seeded spots come measured (issue 28).
    for (const s of spots) assert.equal(typeof s.loudness_lufs, 'number', s.name);
    const res = await new Client(t.app).get(localUrl(spots[0]!.url));
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'audio/mpeg');
  });

  test('each customer sees only its own spots', async () => {
    const mine = await list(a);
    const theirs = await list(other);
    assert.deepEqual(
      theirs.map((s) => s.name),
      ['Hűségkártya'],
    );
    assert.ok(!mine.some((s) => s.id === theirs[0]!.id));
  });

  test('a guest gets 401', async () => {
    assert.equal((await new Client(t.app).get('/api/spots')).statusCode, 401);
  });
});

describe('POST /api/players/{id}/spots/play', () => {
  test("one PlaySpots with the spots in the given order (repeats kept) to the path's zone only; the answer is the payload", async () => {
    const spots = await list(a);
    const [s1, s2] = [spots[0]!, spots[3]!];
    // The second zone sounds on another device of the shop (a device sounds for one zone at most).
    const b = await loggedIn(t.app);
    await makeOutput(b, secondPlayerId);
    const device = client(port, t.config.pusherKey, viaApp(a));
    const first = await subscribe(device, `private-player.${playerId}`);
    const seenSecond = record(await subscribe(device, `private-player.${secondPlayerId}`));
    const onFirstP = next(first, PLAY_SPOTS_EVENT, 10_000);

    const res = await a.post(`/api/players/${playerId}/spots/play`, { spots: [s2.id, s1.id, s2.id] });
    assert.equal(res.statusCode, 200, res.body);
    const answer = playSpotsEventSchema.parse(JSON.parse(res.body));
    assert.deepEqual(
      answer.spots.map((s) => [s.id, s.type, s.name, s.duration, s.url]),
      [s2, s1, s2].map((s) => [s.id, 'spot', s.name, s.duration, s.url]),
    );
    assert.deepEqual(playSpotsEventSchema.parse(await onFirstP), answer);
    // The other zone's first PlaySpots is its own press (the sentinel), not the first zone's.
    const own = await a.post(`/api/players/${secondPlayerId}/spots/play`, { spots: [s1.id] });
    assert.equal(own.statusCode, 200, own.body);
    const seen = await untilSentinel(seenSecond, (e) => e.event === PLAY_SPOTS_EVENT);
    assert.deepEqual(seen.sentinel.data, JSON.parse(own.body));
  });

  test('form arrays work too (spots[]=…)', async () => {
    const [s] = await list(a);
    const res = await a.post(`/api/players/${playerId}/spots/play`, `spots[]=${s!.id}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      playSpotsEventSchema.parse(JSON.parse(res.body)).spots.map((x) => x.id),
      [s!.id],
    );
  });

  test("empty, missing, malformed, too many or another customer's spot ids → 422 errors.spots; nothing is sent anywhere", async () => {
    const mine = await list(a);
    const [theirs] = await list(other);
    const seenMine = record(await subscribe(client(port, t.config.pusherKey, viaApp(a)), `private-player.${playerId}`));
    const seenTheirs = record(
      await subscribe(client(port, t.config.pusherKey, viaApp(other)), `private-player.${otherPlayerId}`),
    );
    for (const body of [
      {},
      { spots: [] },
      { spots: ['x'] },
      { spots: [1.5] },
      { spots: [-1] },
      { spots: [mine[0]!.id, theirs!.id] },
      { spots: [999999] },
      { spots: Array.from({ length: 51 }, () => mine[0]!.id) },
    ]) {
      const res = await a.post(`/api/players/${playerId}/spots/play`, body);
      assert.equal(res.statusCode, 422, JSON.stringify(body).slice(0, 80));
      assert.ok((JSON.parse(res.body).errors as Record<string, string[]>).spots?.[0]);
    }
    // A valid PlaySpots on each channel last: the first PlaySpots either socket gets must be it.
    const mineSent = await a.post(`/api/players/${playerId}/spots/play`, { spots: [mine[1]!.id] });
    const theirsSent = await other.post(`/api/players/${otherPlayerId}/spots/play`, { spots: [theirs!.id] });
    assert.equal(mineSent.statusCode, 200, mineSent.body);
    assert.equal(theirsSent.statusCode, 200, theirsSent.body);
    const firstMine = await untilSentinel(seenMine, (e) => e.event === PLAY_SPOTS_EVENT);
    const firstTheirs = await untilSentinel(seenTheirs, (e) => e.event === PLAY_SPOTS_EVENT);
    assert.deepEqual(firstMine.sentinel.data, JSON.parse(mineSent.body));
    assert.deepEqual(firstTheirs.sentinel.data, JSON.parse(theirsSent.body));
  });

  test("another customer's player → 404; a shop's spots never reach another shop's players", async () => {
    const mine = await list(a);
    const seenTheirs = record(
      await subscribe(client(port, t.config.pusherKey, viaApp(other)), `private-player.${otherPlayerId}`),
    );
    const res = await a.post(`/api/players/${otherPlayerId}/spots/play`, { spots: [mine[0]!.id] });
    assert.equal(res.statusCode, 404);
    const ok = await a.post(`/api/players/${playerId}/spots/play`, { spots: [mine[0]!.id] });
    assert.equal(ok.statusCode, 200);
    const [theirs] = await list(other);
    const sentinel = await other.post(`/api/players/${otherPlayerId}/spots/play`, { spots: [theirs!.id] });
    assert.equal(sentinel.statusCode, 200, sentinel.body);
    const first = await untilSentinel(seenTheirs, (e) => e.event === PLAY_SPOTS_EVENT);
    assert.deepEqual(first.sentinel.data, JSON.parse(sentinel.body), "the other shop's first PlaySpots is its own");
  });

  test('a guest gets 401; a call without the CSRF token 419; nothing is sent', async () => {
    const [spot] = await list(a);
    const seen = record(await subscribe(client(port, t.config.pusherKey, viaApp(a)), `private-player.${playerId}`));
    const guest = await new Client(t.app).post(`/api/players/${playerId}/spots/play`, { spots: [spot!.id] });
    assert.equal(guest.statusCode, 419, 'CSRF is judged before the login, as Laravel does');
    const fresh = new Client(t.app);
    await fresh.get('/sanctum/csrf-cookie');
    assert.equal((await fresh.post(`/api/players/${playerId}/spots/play`, { spots: [spot!.id] })).statusCode, 401);
    const noToken = await a.post(`/api/players/${playerId}/spots/play`, { spots: [spot!.id] }, { xsrf: false });
    assert.equal(noToken.statusCode, 419);
    const sentinel = await a.post(`/api/players/${playerId}/spots/play`, { spots: [spot!.id] });
    assert.equal(sentinel.statusCode, 200, sentinel.body);
    const { before: earlier } = await untilSentinel(seen, (e) => e.event === PLAY_SPOTS_EVENT);
    assert.equal(earlier.filter((e) => e.event === PLAY_SPOTS_EVENT).length, 0);
  });

  test('no audio device online (no player has one, or its login ended) → 409 "Nincs zenét szóló eszköz.", nothing sent', async () => {
    const [spot] = await list(a);
    const seen = record(await subscribe(client(port, t.config.pusherKey, viaApp(a)), `private-player.${playerId}`));
    const expectRefused = async () => {
      const res = await a.post(`/api/players/${playerId}/spots/play`, { spots: [spot!.id] });
      assert.equal(res.statusCode, 409, res.body);
      assert.deepEqual(JSON.parse(res.body), { message: 'Nincs zenét szóló eszköz.' });
    };
    // Nobody holds the output of either player.
    await t.database.db.update(players).set({ sessionId: null }).where(eq(players.id, playerId));
    await expectRefused();
    // The output's device logged out.
    const counter = await loggedIn(t.app);
    await makeOutput(counter, playerId);
    assert.equal((await counter.post('/api/logout')).statusCode, 204);
    await expectRefused();
    // Bad input is still judged first.
    assert.equal((await a.post(`/api/players/${playerId}/spots/play`, { spots: [] })).statusCode, 422);
    // A device comes back: the same call is sent, and it is the first PlaySpots the channel gets.
    await makeOutput(a, playerId);
    const sent = await a.post(`/api/players/${playerId}/spots/play`, { spots: [spot!.id] });
    assert.equal(sent.statusCode, 200, sent.body);
    const { before: earlier, sentinel } = await untilSentinel(seen, (e) => e.event === PLAY_SPOTS_EVENT);
    assert.equal(earlier.filter((e) => e.event === PLAY_SPOTS_EVENT).length, 0);
    assert.deepEqual(sentinel.data, JSON.parse(sent.body));
  });

  test('an audio device that left the presence channel is not online', async () => {
    const [spot] = await list(a);
    const device = client(port, t.config.pusherKey, viaApp(a));
    await subscribe(device, `presence-customer.${demoId}`);
    device.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const res = await a.post(`/api/players/${playerId}/spots/play`, { spots: [spot!.id] });
    assert.equal(res.statusCode, 409, res.body);
    const back = client(port, t.config.pusherKey, viaApp(a));
    await subscribe(back, `presence-customer.${demoId}`);
    assert.equal((await a.post(`/api/players/${playerId}/spots/play`, { spots: [spot!.id] })).statusCode, 200);
  });
});
