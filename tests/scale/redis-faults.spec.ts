import { expect, test } from '@playwright/test';
import { Redis } from 'ioredis';
import { presenceCustomerChannel } from '../../contracts/realtime';
import type { Player } from '../../contracts/player';
import { redisAway } from './fault-proxy';
import {
  API,
  ApiClient,
  disconnectAll,
  endLogins,
  nextEvent,
  realtimeClient,
  realtimeConfig,
  SCALE,
  sleep,
  subscribe,
} from './support';

/**
 * Redis restarting or away under the cluster (issue 29, defects 4 and 5). Runs after cluster.spec.ts, whose last
 * test kills API instance 1: the devices here use instance 2 and the load balancer.
 */

test.describe.configure({ mode: 'serial' });

test.afterEach(async () => {
  disconnectAll();
  await endLogins();
});

type Members = { members: { get(id: string): unknown; count: number } };

/**
 * Redis restarted without persistence, as far as the cluster can tell: its database emptied and the
 * cluster's connections to it closed (they reconnect to a Redis that knows nothing).
 */
async function restartRedisEmpty(): Promise<number> {
  const redis = new Redis(SCALE.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const db = Number(new URL(SCALE.redisUrl).pathname.slice(1) || 0);
    const self = await redis.client('ID');
    const list = String(await redis.client('LIST'));
    const ids = list
      .split('\n')
      .map((line) => Object.fromEntries(line.split(' ').map((kv) => kv.split('=') as [string, string])))
      .filter((c) => c.id && Number(c.id) !== self && Number(c.db) === db && (c.name ?? '').startsWith('pulzus'))
      .map((c) => c.id!);
    await redis.flushdb();
    for (const id of ids) await redis.client('KILL', 'ID', id);
    return ids.length;
  } finally {
    await redis.quit();
  }
}

test('after Redis restarts empty, presence lists every connected device again within 3 s: a phone opened then sees the music is held', async () => {
  const speaker = await ApiClient.loggedIn(API.lb);
  const till = await ApiClient.loggedIn(API.lb);
  const phone = await ApiClient.loggedIn(API.lb);
  const [meSpeaker, meTill] = [await speaker.me(), await till.me()];
  const channel = presenceCustomerChannel(meSpeaker.customer_id);
  const config = await realtimeConfig(speaker);
  await subscribe(realtimeClient(speaker, API.port(2), config), channel);
  await subscribe(realtimeClient(till, SCALE.apiPort, config), channel);

  const killed = await restartRedisEmpty();
  expect(killed, 'the cluster had connections to its Redis database').toBeGreaterThan(0);
  const back = Date.now();

  // A phone opened now joins and gets the member list from Redis.
  let listed: string[] = [];
  while (Date.now() - back < 3_000) {
    const socket = realtimeClient(phone, SCALE.apiPort, config);
    try {
      const joined = (await subscribe(socket, channel, 2_000)) as unknown as Members;
      listed = [meSpeaker.session_id, meTill.session_id].filter((id) => joined.members.get(id));
      if (listed.length === 2) break;
    } catch {
      // Redis not back yet.
    } finally {
      socket.disconnect();
    }
    await sleep(200);
  }
  const took = Date.now() - back;
  expect(listed, `listed after ${took} ms`).toEqual([meSpeaker.session_id, meTill.session_id]);
  expect(took).toBeLessThan(3_000);
});

test('with Redis away, presses answer within 1 s and are applied; once it is back, a device on the other instance has the latest state within 3 s', async () => {
  const phone = await ApiClient.loggedIn(API.instance(1));
  const watcher = await ApiClient.loggedIn(API.lb);
  const config = await realtimeConfig(watcher);
  const before = await phone.player();
  const channel = await subscribe(realtimeClient(watcher, API.port(2), config), `private-player.${before.id}`);
  const press = async (path: string, body?: unknown) => {
    const started = Date.now();
    const res = await phone.call<Player>('POST', `/api/players/${before.id}${path}`, body);
    return { ...res, ms: Date.now() - started };
  };

  await redisAway(true);
  let last: Player | undefined;
  let heard: Promise<{ player: Player }> | undefined;
  const answers: Array<[number, number]> = [];
  try {
    // A play press (it asks whether the output device is present, which lives in Redis), then writes.
    for (const [path, body] of [
      ['/playable/channel/1', undefined],
      ['/update-volume', { volume: 23 }],
      ['/update-volume', { volume: 24 }],
    ] as const) {
      const res = await press(path, body);
      answers.push([res.status, res.ms]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      last = res.body;
    }
    // Away long enough that a press waiting on Redis would have shown.
    await sleep(2_000);
    heard = nextEvent<{ player: Player }>(
      channel,
      'App\\Events\\UpdatePlayer',
      (e) => (e.player.version ?? -1) >= (last!.version ?? 0),
      3_000,
    );
  } finally {
    await redisAway(false);
  }
  const back = Date.now();
  console.log(`[scale] presses while Redis was away: ${JSON.stringify(answers)}`);
  for (const [, ms] of answers) expect(ms).toBeLessThan(1_000);
  const now = await phone.player();
  expect(now.version).toBe((before.version ?? 0) + 3);
  expect(now.volume).toBe(24);
  expect(now.is_playing).toBe(true);

  // Instance 1 could not publish meanwhile: the device on instance 2 gets the latest state once Redis is back.
  const latest = await heard!;
  console.log(`[scale] the device on instance 2 had the latest state ${Date.now() - back} ms after Redis returned`);
  expect(latest.player.version).toBe(last!.version);
  expect(latest.player.volume).toBe(24);
});
