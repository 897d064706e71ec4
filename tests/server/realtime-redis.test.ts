import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { playerSchema } from '../../contracts/player';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/env';
import { REDIS_COMMAND_TIMEOUT_MS } from '../../server/src/realtime';
import { createRedisPresenceStore, type JoinResult } from '../../server/src/realtime/presence-store';
import { createTestApp, loggedIn, type Client, type TestApp } from './helpers';
import {
  backend,
  client,
  connected,
  disconnectAll,
  listen,
  next,
  RawSocket,
  record,
  redisSkip,
  signer,
  sleep,
  subscribe,
  withTimeout,
  type AppKeys,
} from './realtime-helpers';

/**
 * Two API instances on one database and one Redis: events, client events and presence cross
 * instances, and the online check sees sockets of the other instance. Skipped without Redis.
 */

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const skip = await redisSkip(redisUrl);
const keys: AppKeys = { id: `t${randomBytes(6).toString('hex')}`, key: 'redis-test-key', secret: 'redis-test-secret' };
const env = {
  PUSHER_APP_ID: keys.id,
  PUSHER_KEY: keys.key,
  PUSHER_SECRET: keys.secret,
  REDIS_URL: redisUrl,
  PUSHER_CLIENT_EVENTS: '1',
};

let t: TestApp;
let second: FastifyInstance;
let port1: number;
let port2: number;

describe('two instances through Redis', { skip }, () => {
  before(async () => {
    t = await createTestApp(env);
    // The second instance shares the database, as two API processes share PostgreSQL.
    second = await buildApp({
      config: loadConfig({ ...env, DATA_DIR: t.dataDir, APP_KEY: 'test-app-key', BFF_SECRET: 'test-bff-secret' }),
      database: t.database,
      logger: false,
    });
    port1 = await listen(t.app);
    port2 = await listen(second);
  });
  after(async () => {
    disconnectAll();
    await second?.close();
    await t?.close();
    const redis = new Redis(redisUrl);
    const stale = await redis.keys(`pulzus:realtime:${keys.id}:*`);
    if (stale.length) await redis.del(...stale);
    await redis.quit();
  });

  test('an HTTP event posted to one instance reaches sockets on the other; socket_id excludes across instances', async () => {
    const near = client(port2, keys.key, signer(keys));
    const far = client(port1, keys.key, signer(keys));
    const farSocket = await connected(far);
    const farChannel = await subscribe(far, 'private-player.77');
    const nearChannel = await subscribe(near, 'private-player.77');
    const got = next(farChannel, 'App\\Events\\UpdatePlayer');
    await backend(port2, keys).trigger('private-player.77', 'App\\Events\\UpdatePlayer', { player: { id: 77 } });
    assert.deepEqual(await got, { player: { id: 77 } });

    const farSeen = record(farChannel);
    const nearGot = next(nearChannel, 'App\\Events\\PlaySound');
    await backend(port2, keys).trigger(
      'private-player.77',
      'App\\Events\\PlaySound',
      { sound: { id: 3 } },
      { socket_id: farSocket },
    );
    await nearGot;
    await sleep(200);
    assert.equal(farSeen.length, 0, 'the excluded socket lives on the other instance and got nothing');
  });

  test('client events cross instances and are not echoed', async () => {
    const x = client(port1, keys.key, signer(keys, { user_id: 'x' }));
    const y = client(port2, keys.key, signer(keys, { user_id: 'y' }));
    const xc = await subscribe(x, 'presence-cross');
    const yc = await subscribe(y, 'presence-cross');
    const xSeen = record(xc);
    const got = new Promise<{ data: unknown; user: string | undefined }>((resolve) =>
      yc.bind('client-hello', (data: unknown, meta: { user_id?: string }) => resolve({ data, user: meta?.user_id })),
    );
    xc.trigger('client-hello', { hi: 1 });
    assert.deepEqual(await got, { data: { hi: 1 }, user: 'x' });
    await sleep(200);
    assert.equal(xSeen.filter((e) => e.event === 'client-hello').length, 0);
  });

  test('presence is shared: members listed across instances, member_added once per user, member_removed at the last socket', async () => {
    const channel = 'presence-shared';
    const watcher = client(port1, keys.key, signer(keys, { user_id: 'watcher' }));
    const watched = await subscribe(watcher, channel);
    const seen = record(watched);

    const added = next<{ id: string }>(watched, 'pusher:member_added');
    const tab1 = client(port2, keys.key, signer(keys, { user_id: 'anna', user_info: { tab: 1 } }));
    const annaView = (await subscribe(tab1, channel)) as unknown as { members: { count: number } };
    assert.equal((await added).id, 'anna');
    assert.equal(annaView.members.count, 2, 'the watcher on the other instance is listed');

    const tab2 = client(port1, keys.key, signer(keys, { user_id: 'anna', user_info: { tab: 2 } }));
    await subscribe(tab2, channel);
    await sleep(300);
    assert.equal(seen.filter((e) => e.event === 'pusher:member_added').length, 1);

    tab1.disconnect();
    await sleep(300);
    assert.equal(seen.filter((e) => e.event === 'pusher:member_removed').length, 0, 'anna is still here on instance 1');
    const removed = next<{ id: string }>(watched, 'pusher:member_removed');
    tab2.disconnect();
    assert.equal((await removed).id, 'anna');
  });

  test('the online check of one instance sees a device connected to the other; UpdatePlayer crosses too', async () => {
    const device: Client = await loggedIn(t.app);
    const me = JSON.parse((await device.get('/api/me')).body) as { session_id: string; customer_id: number };
    const playerId = z.array(playerSchema).parse(JSON.parse((await device.get('/api/players')).body))[0]!.id;
    const authorize = async (socketId: string, channel: string) => {
      const res = await device.post(
        '/broadcasting/auth',
        { socket_id: socketId, channel_name: channel },
        { xsrf: false },
      );
      assert.equal(res.statusCode, 200, res.body);
      return JSON.parse(res.body) as { auth: string; channel_data?: string };
    };
    const socket = client(port1, keys.key, authorize);
    await subscribe(socket, `presence-customer.${me.customer_id}`);
    const playerChannel = await subscribe(socket, `private-player.${playerId}`);
    const online = (app: FastifyInstance) =>
      app.ctx.players.isSessionOnline({ customerId: me.customer_id, sessionId: me.session_id });
    assert.equal(await online(second), true);

    const update = next(playerChannel, 'App\\Events\\UpdatePlayer');
    // The device's session (shared database) works on the second instance too.
    const res = await second.inject({
      method: 'POST',
      url: `/api/players/${playerId}/repeat`,
      headers: {
        cookie: device.cookieHeader(),
        accept: 'application/json',
        'x-xsrf-token': encodeURIComponent(device.jar.get('XSRF-TOKEN')!),
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(((await update) as { player: unknown }).player, JSON.parse(res.body));

    socket.disconnect();
    const deadline = Date.now() + 3000;
    while ((await online(second)) && Date.now() < deadline) await sleep(50);
    assert.equal(await online(second), false);
  });

  test("logout on one instance closes the device's socket on the other with 4009 (the auth went to the first)", async () => {
    const device: Client = await loggedIn(t.app);
    const playerId = z.array(playerSchema).parse(JSON.parse((await device.get('/api/players')).body))[0]!.id;
    const channel = `private-player.${playerId}`;
    const socket = new RawSocket(`ws://127.0.0.1:${port2}/app/${keys.key}?protocol=7&client=js&version=8.4.0`, {
      answerPings: true,
    });
    const socketId = await socket.socketId();
    const res = await device.post(
      '/broadcasting/auth',
      { socket_id: socketId, channel_name: channel },
      { xsrf: false },
    );
    assert.equal(res.statusCode, 200, res.body);
    socket.send({ event: 'pusher:subscribe', data: { channel, ...(JSON.parse(res.body) as { auth: string }) } });
    await socket.frame((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === channel, 10_000);

    assert.equal((await device.post('/api/logout')).statusCode, 204);
    assert.equal(await withTimeout(socket.closed, 10_000, 'the 4009 close through Redis'), 4009);
  });

  test("a rename reaches every socket's stored member of that user, and no one else's", async () => {
    const redis = new Redis(redisUrl);
    try {
      const prefix = `pulzus:realtime:${keys.id}:rename:`;
      const store = createRedisPresenceStore(redis, { prefix, socketTtlMs: 60_000, seenTtlMs: 60_000 });
      const info = { type: 'desktop', device_model: 'Chrome', device_family: 'Windows' };
      await store.join('presence-ren', '1.1', { user_id: 'counter', user_info: info });
      await store.join('presence-ren', '1.2', { user_id: 'counter', user_info: info });
      await store.join('presence-ren', '2.1', { user_id: 'phone', user_info: { ...info, name: 'Telefon' } });
      await store.rename('presence-ren', 'counter', 'Pult');
      const members = new Map((await store.members('presence-ren')).map((m) => [m.user_id, m.user_info]));
      assert.deepEqual(members.get('counter'), { ...info, name: 'Pult' });
      assert.deepEqual(members.get('phone'), { ...info, name: 'Telefon' });
      // The other socket of the user says the same once the first has gone.
      await store.leave('presence-ren', '1.1', 'counter');
      const rest = (await store.members('presence-ren')).find((m) => m.user_id === 'counter');
      assert.deepEqual(rest?.user_info, { ...info, name: 'Pult' });
      const stale = await redis.keys(`${prefix}*`);
      if (stale.length) await redis.del(...stale);
    } finally {
      await redis.quit();
    }
  });

  test("a shop's 200 devices joining at once, with the event loop held past Redis's command deadline: every join is taken, in a few calls", async () => {
    // The instance's own Redis settings: a command deadline and no offline queue.
    const redis = new Redis(redisUrl, {
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    try {
      await redis.connect();
      const prefix = `pulzus:realtime:${keys.id}:storm:`;
      const store = createRedisPresenceStore(redis, { prefix, socketTtlMs: 60_000, seenTtlMs: 60_000 });
      let calls = 0;
      const send = redis.sendCommand.bind(redis);
      redis.sendCommand = ((command: { name: string }) => {
        if (command.name === 'evalsha' || command.name === 'eval') calls++;
        return send(command as never);
      }) as typeof redis.sendCommand;
      const settled = Promise.allSettled(
        Array.from({ length: 200 }, (_, i) => store.join('presence-storm', `${i}.1`, { user_id: `device-${i}` })),
      );
      // A busy machine: the answers wait behind other work for longer than the command deadline.
      const until = performance.now() + REDIS_COMMAND_TIMEOUT_MS + 150;
      while (performance.now() < until) {
        // held
      }
      const results = await settled;
      const failed = results.filter((r) => r.status === 'rejected');
      assert.equal(
        failed.length,
        0,
        `joins turned away: ${failed.length} (${String((failed[0] as PromiseRejectedResult)?.reason)})`,
      );
      const joined = results.map((r) => (r as PromiseFulfilledResult<JoinResult>).value);
      assert.equal(joined.filter((j) => j.first).length, 200, 'each device is a new member once');
      assert.equal(Math.max(...joined.map((j) => j.members.length)), 200, 'the last to join sees everyone');
      assert.equal((await store.members('presence-storm')).length, 200);
      assert.ok(calls <= 10, `${calls} calls to Redis for 200 joins`);
      const stale = await redis.keys(`${prefix}*`);
      if (stale.length) await redis.del(...stale);
    } finally {
      redis.disconnect();
    }
  });

  test('sockets of an instance that stopped refreshing expire, and their users are reported gone', async () => {
    const redis = new Redis(redisUrl);
    try {
      const prefix = `pulzus:realtime:${keys.id}:expiry:`;
      const dying = createRedisPresenceStore(redis, { prefix, socketTtlMs: 150, seenTtlMs: 60_000 });
      await dying.join('presence-exp', '1.1', { user_id: 'ghost' });
      assert.equal(await dying.hasUser('presence-exp', 'ghost'), true);
      await sleep(300);
      assert.equal(await dying.hasUser('presence-exp', 'ghost'), false, 'expired');
      const live = createRedisPresenceStore(redis, { prefix, socketTtlMs: 60_000, seenTtlMs: 60_000 });
      const joined = await live.join('presence-exp', '2.2', { user_id: 'alive' });
      assert.deepEqual(joined.gone, ['ghost']);
      assert.deepEqual(
        joined.members.map((m) => m.user_id),
        ['alive'],
      );
      assert.equal(await live.hasSeen('presence-exp', 'ghost'), true);
      const stale = await redis.keys(`${prefix}*`);
      if (stale.length) await redis.del(...stale);
    } finally {
      await redis.quit();
    }
  });
});
