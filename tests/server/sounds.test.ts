import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { playerSchema } from '../../contracts/player';
import {
  channelAuthSchema,
  PLAY_SOUND_EVENT,
  PLAY_SPOTS_EVENT,
  playSoundEventSchema,
  playerSoundSchema,
} from '../../contracts/realtime';
import { soundListSchema, type Sound } from '../../contracts/sounds';
import { spotListSchema } from '../../contracts/spots';
import { customers, sounds } from '../../server/src/db/schema';
import { DEFAULT_ASSETS_ROOT } from '../../server/src/storage';
import { Client, createTestApp, localUrl, loggedIn, OTHER, type TestApp } from './helpers';
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
} from './realtime-helpers';

/** GET /api/sounds and POST /api/players/{id}/sounds/{soundId}/play (App\Events\PlaySound). */

let t: TestApp;
let port: number;
let a: Client;
let other: Client;
let playerId: number;
let otherPlayerId: number;
let demoOwnId: number;
let otherOwnId: number;
let manifestSounds: Array<{ name: string; duration: number }>;

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

const list = async (c: Client): Promise<Sound[]> => {
  const res = await c.get('/api/sounds');
  assert.equal(res.statusCode, 200, res.body);
  return soundListSchema.parse(JSON.parse(res.body));
};

before(async () => {
  t = await createTestApp();
  port = await listen(t.app);
  a = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  playerId = z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body))[0]!.id;
  otherPlayerId = z.array(playerSchema).parse(JSON.parse((await other.get('/api/players')).body))[0]!.id;
  manifestSounds = (
    JSON.parse(await readFile(path.join(DEFAULT_ASSETS_ROOT, 'manifest.json'), 'utf8')) as {
      sounds: typeof manifestSounds;
    }
  ).sounds;
  // Own sounds (uploads come with the mixer): one for each customer.
  const all = await t.database.db.select().from(customers);
  const demoId = all.find((c) => c.slug === 'demo')!.id;
  const otherId = all.find((c) => c.slug === 'other')!.id;
  const [d] = await t.database.db
    .insert(sounds)
    .values({ customerId: demoId, name: 'Saját bemondás', filePath: 'assets/audio/sounds/gong.mp3', duration: 4.833 })
    .returning();
  const [o] = await t.database.db
    .insert(sounds)
    .values({
      customerId: otherId,
      name: 'Másik saját hang',
      filePath: 'assets/audio/sounds/taps.mp3',
      duration: 4.232,
    })
    .returning();
  demoOwnId = d!.id;
  otherOwnId = o!.id;
});
after(async () => {
  disconnectAll();
  await t.close();
});

describe('GET /api/sounds', () => {
  test('provider sounds (no customer_id key) in catalogue order with true durations, then own sounds with customer_id', async () => {
    const body = await list(a);
    const provider = body.filter((s) => !('customer_id' in s));
    assert.deepEqual(
      provider.map((s) => [s.name, s.duration]),
      manifestSounds.map((s) => [s.name, s.duration]),
    );
    const own = body.slice(provider.length);
    // The seed's own sounds of demo, then the one added here.
    assert.deepEqual(
      own.map((s) => s.name),
      ['Nyitási dallam', 'Pénztárnyitás jelzés', 'Saját bemondás'],
    );
    assert.equal(own.at(-1)!.id, demoOwnId);
    assert.equal(typeof own[0]!.customer_id, 'number');
    assert.equal(
      body.findIndex((s) => 'customer_id' in s),
      provider.length,
      'provider sounds first',
    );
    for (const s of body) assert.match(s.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  test("favourite and quick are the customer's own marks", async () => {
    const mine = new Map((await list(a)).map((s) => [s.name, s]));
    assert.deepEqual([mine.get('Gong')!.is_favorite, mine.get('Gong')!.is_quick], [true, true]);
    assert.deepEqual([mine.get('Csengő')!.is_favorite, mine.get('Csengő')!.is_quick], [false, true]);
    assert.deepEqual([mine.get('Taps')!.is_favorite, mine.get('Taps')!.is_quick], [true, false]);
    assert.deepEqual([mine.get('Fanfár')!.is_favorite, mine.get('Fanfár')!.is_quick], [false, false]);
    const theirs = await list(other);
    assert.ok(
      theirs.every((s) => !s.is_favorite && !s.is_quick),
      'demo marks do not leak to other',
    );
  });

  test("another customer's own sounds stay hidden; each sees its own", async () => {
    const mine = await list(a);
    assert.ok(!mine.some((s) => s.id === otherOwnId));
    const theirs = await list(other);
    assert.ok(theirs.some((s) => s.id === otherOwnId && s.name === 'Másik saját hang'));
    assert.ok(!theirs.some((s) => s.id === demoOwnId));
  });

  test('urls are signed media links that serve the MP3', async () => {
    const gong = (await list(a)).find((s) => s.name === 'Gong')!;
    assert.match(gong.url, /\/media\/assets\/audio\/sounds\/gong\.mp3\?expires=\d+&signature=[0-9a-f]+$/);
    const res = await new Client(t.app).get(localUrl(gong.url));
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'audio/mpeg');
  });

  test('a guest gets 401', async () => {
    assert.equal((await new Client(t.app).get('/api/sounds')).statusCode, 401);
  });
});

describe('POST /api/players/{id}/sounds/{soundId}/play', () => {
  test("a provider sound: 200 with the sound; PlaySound {sound} to every socket of the player's channel, the sender's too", async () => {
    const gong = (await list(a)).find((s) => s.name === 'Gong')!;
    const audio = client(port, t.config.pusherKey, viaApp(a));
    const remote = client(port, t.config.pusherKey, viaApp(a));
    const remoteSocket = await connected(remote);
    const audioChannel = await subscribe(audio, `private-player.${playerId}`);
    const remoteChannel = await subscribe(remote, `private-player.${playerId}`);
    const events = Promise.all([
      next(audioChannel, PLAY_SOUND_EVENT, 10_000),
      next(remoteChannel, PLAY_SOUND_EVENT, 10_000),
    ]);

    const res = await a.post(`/api/players/${playerId}/sounds/${gong.id}/play`, undefined, {
      headers: { 'x-socket-id': remoteSocket },
    });
    assert.equal(res.statusCode, 200, res.body);
    const sound = playerSoundSchema.parse(JSON.parse(res.body));
    assert.deepEqual(
      { ...sound, url: undefined, loudness_lufs: undefined, peak_dbtp: undefined },
      {
        id: gong.id,
        type: 'sound',
        name: 'Gong',
        duration: 4.833,
        url: undefined,
        loudness_lufs: undefined,
        peak_dbtp: undefined,
      },
    );
    // Measured: the audio device plays it at the shop's loudness (issue 28).
    assert.equal(typeof sound.loudness_lufs, 'number');
    assert.match(sound.url, /\/media\/assets\/audio\/sounds\/gong\.mp3\?expires=/);
    const [onAudio, onRemote] = await events;
    assert.deepEqual(playSoundEventSchema.parse(onAudio), { sound });
    assert.deepEqual(onRemote, onAudio);
  });

  test("the customer's own sound plays too", async () => {
    const audio = client(port, t.config.pusherKey, viaApp(a));
    const channel = await subscribe(audio, `private-player.${playerId}`);
    const event = next(channel, PLAY_SOUND_EVENT, 10_000);
    const res = await a.post(`/api/players/${playerId}/sounds/${demoOwnId}/play`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(playSoundEventSchema.parse(await event).sound, {
      ...JSON.parse(res.body),
      type: 'sound',
      name: 'Saját bemondás',
    });
  });

  test("another customer's sound or player, unknown or malformed ids → 404 and nothing is sent; other shops hear nothing", async () => {
    const mine = record(await subscribe(client(port, t.config.pusherKey, viaApp(a)), `private-player.${playerId}`));
    const theirs = record(
      await subscribe(client(port, t.config.pusherKey, viaApp(other)), `private-player.${otherPlayerId}`),
    );
    for (const url of [
      `/api/players/${playerId}/sounds/${otherOwnId}/play`,
      `/api/players/${otherPlayerId}/sounds/1/play`,
      `/api/players/${playerId}/sounds/999999/play`,
      `/api/players/${playerId}/sounds/abc/play`,
      `/api/players/999999/sounds/1/play`,
    ]) {
      const res = await a.post(url);
      assert.equal(res.statusCode, 404, url);
    }
    const ok = await other.post(`/api/players/${otherPlayerId}/sounds/${otherOwnId}/play`);
    assert.equal(ok.statusCode, 200, 'other plays its own sound on its own player');
    // A PlaySpots on each player last (it changes no player): what came before it has arrived. It is
    // sent only to a shop with an audio device, so each client's login takes the output first.
    for (const [c, id] of [
      [a, playerId],
      [other, otherPlayerId],
    ] as const) {
      const session = (JSON.parse((await c.get('/api/me')).body) as { session_id: string }).session_id;
      assert.equal((await c.post(`/api/players/${id}/sessions/${session}`, { currentTime: 0 })).statusCode, 200);
      const [spot] = spotListSchema.parse(JSON.parse((await c.get('/api/spots')).body));
      assert.equal((await c.post(`/api/players/${id}/spots/play`, { spots: [spot!.id] })).statusCode, 200);
    }
    const mineBefore = (await untilSentinel(mine, (e) => e.event === PLAY_SPOTS_EVENT)).before;
    const theirsBefore = (await untilSentinel(theirs, (e) => e.event === PLAY_SPOTS_EVENT)).before;
    assert.equal(mineBefore.filter((e) => e.event === PLAY_SOUND_EVENT).length, 0, "demo's player got nothing");
    assert.deepEqual(
      theirsBefore
        .filter((e) => e.event === PLAY_SOUND_EVENT)
        .map((e) => (e.data as { sound: { id: number } }).sound.id),
      [otherOwnId],
    );
  });
});
