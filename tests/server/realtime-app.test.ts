import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { playerSchema } from '../../contracts/player';
import {
  channelAuthSchema,
  deviceSchema,
  presenceChannelDataSchema,
  realtimeConfigSchema,
  updatePlayerEventSchema,
} from '../../contracts/realtime';
import { players } from '../../server/src/db/schema';
import { BFF_SECRET, Client, createTestApp, loggedIn, OTHER, type TestApp } from './helpers';
import {
  client,
  connected,
  disconnectAll,
  listen,
  next,
  RawSocket,
  record,
  sleep,
  subscribe,
  type Authorize,
} from './realtime-helpers';

/**
 * The realtime layer inside the app: /broadcasting/auth for logged-in devices, UpdatePlayer on
 * player changes (not to the sender's X-Socket-ID), playSpots / playSound, presence-backed
 * ownership, and the runtime config for the web.
 */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

let t: TestApp;
let port: number;
let a: Client;
let b: Client;
let other: Client;
let playerId: number;
let otherPlayerId: number;
let customerId: number;
let sessionA: string;
let sessionB: string;

const me = async (c: Client) =>
  JSON.parse((await c.get('/api/me')).body) as { session_id: string; customer_id: number };

before(async () => {
  t = await createTestApp({ PUSHER_PUBLIC_PORT: '6001' });
  port = await listen(t.app);
  a = await loggedIn(t.app);
  b = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  ({ session_id: sessionA, customer_id: customerId } = await me(a));
  sessionB = (await me(b)).session_id;
  playerId = z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body))[0]!.id;
  otherPlayerId = z.array(playerSchema).parse(JSON.parse((await other.get('/api/players')).body))[0]!.id;
});
after(async () => {
  disconnectAll();
  await t.close();
});

/** Channel authorization through the app itself, as the device `c` (the BFF forwards its User-Agent). */
const viaApp =
  (c: Client, userAgent = WINDOWS): Authorize =>
  async (socketId, channel) => {
    const res = await c.post(
      '/broadcasting/auth',
      `socket_id=${encodeURIComponent(socketId)}&channel_name=${encodeURIComponent(channel)}`,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
        xsrf: false,
      },
    );
    if (res.statusCode !== 200) throw new Error(`auth ${res.statusCode}: ${res.body}`);
    return channelAuthSchema.parse(JSON.parse(res.body));
  };

const form = (socketId: string, channel: string) =>
  `socket_id=${encodeURIComponent(socketId)}&channel_name=${encodeURIComponent(channel)}`;

describe('POST /broadcasting/auth', () => {
  const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };

  test('a guest gets 403', async () => {
    const guest = new Client(t.app);
    const res = await guest.post('/broadcasting/auth', form('1.2', `private-player.${playerId}`), {
      headers: urlencoded,
    });
    assert.equal(res.statusCode, 403);
  });

  test('own player: signed `key:hmac(socket_id:channel)`, without CSRF token (urlencoded or JSON)', async () => {
    const channel = `private-player.${playerId}`;
    const res = await a.post('/broadcasting/auth', form('123.456', channel), { headers: urlencoded, xsrf: false });
    assert.equal(res.statusCode, 200, res.body);
    const body = channelAuthSchema.parse(JSON.parse(res.body));
    const expected = createHmac('sha256', t.config.pusherSecret).update(`123.456:${channel}`).digest('hex');
    assert.deepEqual(body, { auth: `${t.config.pusherKey}:${expected}` });
    const json = await a.post('/broadcasting/auth', { socket_id: '123.456', channel_name: channel }, { xsrf: false });
    assert.equal(json.statusCode, 200, json.body);
  });

  test("another customer's player, an unknown player, other channels → 403 with a Hungarian message", async () => {
    for (const channel of [
      `private-player.${otherPlayerId}`,
      'private-player.999999',
      'private-player.abc',
      'private-player.1.2',
      'private-anything',
      'news',
      `presence-customer.${customerId + 1000}`,
    ]) {
      const res = await a.post('/broadcasting/auth', form('1.2', channel), { headers: urlencoded });
      assert.equal(res.statusCode, 403, channel);
      assert.equal(JSON.parse(res.body).message, 'Nincs jogosultsága ehhez a csatornához.');
    }
    // The other customer's device cannot reach this customer's presence channel either.
    const res = await other.post('/broadcasting/auth', form('1.2', `presence-customer.${customerId}`), {
      headers: urlencoded,
    });
    assert.equal(res.statusCode, 403);
  });

  test('a malformed socket_id or a missing channel_name → 422', async () => {
    for (const body of [
      form('abc', `private-player.${playerId}`),
      form('1.2.3', `private-player.${playerId}`),
      'socket_id=1.2',
    ]) {
      const res = await a.post('/broadcasting/auth', body, { headers: urlencoded });
      assert.equal(res.statusCode, 422, body);
    }
  });

  test('own presence channel: channel_data with the device session_id as user_id and a Device parsed from the User-Agent', async () => {
    const channel = `presence-customer.${customerId}`;
    const res = await a.post('/broadcasting/auth', form('11.22', channel), {
      headers: { ...urlencoded, 'user-agent': IPHONE },
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = channelAuthSchema.parse(JSON.parse(res.body));
    const data = presenceChannelDataSchema.parse(JSON.parse(body.channel_data!));
    assert.equal(data.user_id, sessionA);
    assert.deepEqual(data.user_info, { id: sessionA, type: 'mobile', device_model: 'iPhone', device_family: 'Apple' });
    const expected = createHmac('sha256', t.config.pusherSecret)
      .update(`11.22:${channel}:${body.channel_data}`)
      .digest('hex');
    assert.equal(body.auth, `${t.config.pusherKey}:${expected}`);

    const desktop = await b.post('/broadcasting/auth', form('11.22', channel), {
      headers: { ...urlencoded, 'user-agent': WINDOWS },
    });
    const device = deviceSchema.parse(
      presenceChannelDataSchema.parse(JSON.parse(JSON.parse(desktop.body).channel_data)).user_info,
    );
    assert.deepEqual(device, { id: sessionB, type: 'desktop', device_model: 'Chrome', device_family: 'Windows' });
  });

  test('through the BFF (X-Tenant + secret) the tenant decides which customer channel is own', async () => {
    const res = await other.post('/broadcasting/auth', form('1.2', `private-player.${otherPlayerId}`), {
      headers: { ...urlencoded, 'x-tenant': 'other', 'x-bff-secret': BFF_SECRET },
    });
    assert.equal(res.statusCode, 200, res.body);
  });
});

describe('broadcasts from the app', () => {
  test('a player change via the API reaches subscribed devices as App\\Events\\UpdatePlayer, except the X-Socket-ID socket', async () => {
    const watcher = client(port, t.config.pusherKey, viaApp(a));
    const sender = client(port, t.config.pusherKey, viaApp(b));
    const senderSocket = await connected(sender);
    const watched = await subscribe(watcher, `private-player.${playerId}`);
    const senderChannel = await subscribe(sender, `private-player.${playerId}`);
    const senderSeen = record(senderChannel);

    const update = next(watched, 'App\\Events\\UpdatePlayer');
    const res = await b.post(`/api/players/${playerId}/random`, undefined, {
      headers: { 'x-socket-id': senderSocket },
    });
    assert.equal(res.statusCode, 200, res.body);
    const answered = playerSchema.parse(JSON.parse(res.body));
    const event = updatePlayerEventSchema.parse(await update);
    assert.deepEqual(event.player, answered);

    // Without X-Socket-ID everybody gets it, the caller's devices too; on the sender's socket it
    // comes after anything the first change sent there, so it is the only one.
    const both = Promise.all([
      next(watched, 'App\\Events\\UpdatePlayer'),
      next(senderChannel, 'App\\Events\\UpdatePlayer'),
    ]);
    await b.post(`/api/players/${playerId}/random`);
    await both;
    assert.equal(
      senderSeen.filter((e) => e.event === 'App\\Events\\UpdatePlayer').length,
      1,
      'the sender already had the answer of the first',
    );
  });

  test('a device of another customer cannot subscribe to this customer’s player', async () => {
    const intruder = client(port, t.config.pusherKey, viaApp(other));
    await assert.rejects(subscribe(intruder, `private-player.${playerId}`));
    await assert.rejects(subscribe(intruder, `presence-customer.${customerId}`));
  });

  test('playSpots reaches every player of the customer; playSound one player', async () => {
    const p = client(port, t.config.pusherKey, viaApp(a));
    const channel = await subscribe(p, `private-player.${playerId}`);
    const spots = next(channel, 'App\\Events\\PlaySpots');
    await t.app.ctx.realtime.playSpots(customerId, [{ id: 1, type: 'spot', url: 'http://x/1.mp3' }]);
    assert.deepEqual(await spots, { spots: [{ id: 1, type: 'spot', url: 'http://x/1.mp3' }] });
    const sound = next(channel, 'App\\Events\\PlaySound');
    await t.app.ctx.realtime.playSound(playerId, { id: 2, type: 'sound', url: 'http://x/2.mp3' });
    assert.deepEqual(await sound, { sound: { id: 2, type: 'sound', url: 'http://x/2.mp3' } });
  });
});

describe('presence and output ownership', () => {
  test('a device is online while its socket is in presence-customer.{id}; after it leaves, another device takes output', async () => {
    const channel = `presence-customer.${customerId}`;
    const isOnline = (sessionId: string) => t.app.ctx.players.isSessionOnline({ customerId, sessionId });

    const deviceA = client(port, t.config.pusherKey, viaApp(a, IPHONE));
    const presence = (await subscribe(deviceA, channel)) as unknown as {
      members: { me: { id: string; info: unknown } };
    };
    assert.equal(presence.members.me.id, sessionA);
    assert.equal((presence.members.me.info as { type: string }).type, 'mobile');
    assert.equal(await isOnline(sessionA), true);

    await t.database.db
      .update(players)
      .set({ sessionId: sessionA, isPlaying: false, playableType: 'App\\Models\\Channel', playableId: 1 })
      .where(eq(players.id, playerId));
    await b.get(`/api/players/${playerId}/load-track`);
    const kept = playerSchema.parse(JSON.parse((await b.get(`/api/players/${playerId}/toggle-play`)).body));
    assert.equal(kept.session_id, sessionA, 'A is present, so it keeps output');
    await b.get(`/api/players/${playerId}/toggle-play`); // pause

    deviceA.disconnect();
    const deadline = Date.now() + 3000;
    while ((await isOnline(sessionA)) && Date.now() < deadline) await sleep(50);
    assert.equal(await isOnline(sessionA), false, 'gone from presence → offline');
    const taken = playerSchema.parse(JSON.parse((await b.get(`/api/players/${playerId}/toggle-play`)).body));
    assert.equal(taken.session_id, sessionB, 'B takes output from the absent owner');
  });
});

describe('GET /api/realtime-config', () => {
  test('public; the built-in server from env (PUSHER_PUBLIC_HOST/PORT, cluster eu)', async () => {
    const res = await new Client(t.app).get('/api/realtime-config');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(realtimeConfigSchema.parse(JSON.parse(res.body)), {
      key: t.config.pusherKey,
      wsHost: '127.0.0.1',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: false,
      cluster: 'eu',
    });
  });

  test('the default activity timeout is 30 s', async () => {
    const raw = new RawSocket(`ws://127.0.0.1:${port}/app/${t.config.pusherKey}?protocol=7`);
    const f = await raw.frame((x) => x.event === 'pusher:connection_established');
    assert.equal((JSON.parse(f.data as string) as { activity_timeout: number }).activity_timeout, 30);
    raw.close();
  });
});
