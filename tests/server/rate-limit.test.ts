import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/env';
import { REDIS_WAIT_MS } from '../../server/src/http/rate-limit';
import { startTcpProxy, type TcpProxy } from '../../scripts/launch/tcp-proxy';
import { BFF_SECRET, Client, createTestApp, loggedIn, type TestApp } from './helpers';
import { redisSkip } from './realtime-helpers';

/*
 * The general request limit (issue 38, defect 9): API_RATE_LIMIT_PER_MINUTE requests a minute per
 * login, and per client address without one, on every route but the health probes; then 429 in
 * Hungarian with Retry-After. The suites set a high limit (helpers.ts); these apps a small one.
 */

const LIMIT = 5;
const TOO_MANY = { message: 'Túl sok kérés. Kérjük, próbálja újra később.' };

function assertRefused(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  assert.equal(res.statusCode, 429, res.body);
  assert.deepEqual(JSON.parse(res.body), TOO_MANY);
  const after = Number(res.headers['retry-after']);
  assert.ok(after >= 1 && after <= 60, `Retry-After: ${String(res.headers['retry-after'])}`);
}

describe('the request limit, in one instance', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  after(() => t.close());

  test('anonymous calls count per client address: the 6th of a minute is refused, another address is not', async () => {
    const client = new Client(t.app, { remoteAddress: '198.51.100.1' });
    for (let i = 0; i < LIMIT; i++) assert.equal((await client.get('/api/me')).statusCode, 401);
    assertRefused(await client.get('/api/me'));
    // A route with no login needed, and one that takes no tenant (a signed media link): the same count.
    assertRefused(await client.get('/sanctum/csrf-cookie'));
    assertRefused(await client.get('/media/x?expires=1&signature=x'));
    // A made-up session cookie names no login: still the address's count.
    assertRefused(
      await client.get('/api/me', { headers: { cookie: `pulzus_session=${randomBytes(20).toString('hex')}` } }),
    );
    assert.equal((await new Client(t.app, { remoteAddress: '198.51.100.2' }).get('/api/me')).statusCode, 401);
  });

  test("through the BFF the browser's address counts (X-Forwarded-For with the BFF secret), never a forged one", async () => {
    const viaBff = (ip: string) =>
      new Client(t.app, { remoteAddress: '127.0.0.5', headers: { 'x-bff-secret': BFF_SECRET, 'x-forwarded-for': ip } });
    const one = viaBff('203.0.113.1');
    for (let i = 0; i < LIMIT; i++) assert.equal((await one.get('/api/me')).statusCode, 401);
    assertRefused(await one.get('/api/me'));
    assert.equal((await viaBff('203.0.113.2').get('/api/me')).statusCode, 401, 'another browser behind the BFF');
    // Without the secret the header names nobody: the connection's address counts.
    const forged = new Client(t.app, { remoteAddress: '203.0.113.3', headers: { 'x-forwarded-for': '203.0.113.1' } });
    for (let i = 0; i < LIMIT; i++) assert.equal((await forged.get('/api/me')).statusCode, 401);
    assertRefused(await forged.get('/api/me'));
  });

  test('a login counts on its own: its 6th call is refused, another login and the address go on', async () => {
    // Logging in is two anonymous calls (csrf-cookie, login) of the address.
    const address = '198.51.100.10';
    const a = new Client(t.app, { remoteAddress: address });
    assert.equal((await a.login('demo@pulzus.hu', 'pulzus-demo')).statusCode, 204);
    for (let i = 0; i < LIMIT; i++) assert.equal((await a.get('/api/me')).statusCode, 200);
    const refused = await a.get('/api/players');
    assertRefused(refused);
    const b = new Client(t.app, { remoteAddress: address });
    assert.equal((await b.login('demo@pulzus.hu', 'pulzus-demo')).statusCode, 204);
    assert.equal((await b.get('/api/me')).statusCode, 200, 'another login at the same address has its own count');
    assert.equal(
      (await new Client(t.app, { remoteAddress: address }).get('/api/me')).statusCode,
      401,
      'the address has one call left',
    );
  });

  test('the health probes are never refused, and answer only their status without the BFF secret', async () => {
    const probe = new Client(t.app, { remoteAddress: '198.51.100.20' });
    for (let i = 0; i < LIMIT * 2; i++) {
      const live = await probe.get('/health/live');
      assert.equal(live.statusCode, 200);
      assert.deepEqual(JSON.parse(live.body), { status: 'ok' });
      const ready = await probe.get('/health/ready');
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(JSON.parse(ready.body), { status: 'ready' });
    }
    const withSecret = new Client(t.app, { remoteAddress: '127.0.0.1', headers: { 'x-bff-secret': BFF_SECRET } });
    const live = JSON.parse((await withSecret.get('/health/live')).body) as Record<string, unknown>;
    assert.equal(live.pid, process.pid);
    const ready = JSON.parse((await withSecret.get('/health/ready')).body) as Record<string, unknown>;
    assert.deepEqual(
      { status: ready.status, database: ready.database, redis: ready.redis, pid: ready.pid },
      { status: 'ready', database: 'ok', redis: 'none', pid: process.pid },
    );
    // A wrong secret, or loopback alone, is no secret.
    const wrong = new Client(t.app, { remoteAddress: '127.0.0.1', headers: { 'x-bff-secret': 'nope' } });
    assert.deepEqual(JSON.parse((await wrong.get('/health/live')).body), { status: 'ok' });
  });
});

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const skip = await redisSkip(redisUrl);

describe('the request limit behind a load balancer (TRUSTED_PROXIES)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUSTED_PROXIES: '127.0.0.1' });
  });
  after(() => t.close());

  test("a browser's media link through the balancer counts as the browser's, not as the balancer's", async () => {
    // HAProxy adds the address it had the request from; every browser reaches the API from its address.
    const browser = (ip: string, claimed?: string) =>
      new Client(t.app, {
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': claimed ? `${claimed}, ${ip}` : ip },
      });
    const one = browser('198.51.100.20');
    for (let i = 0; i < LIMIT; i++) assert.notEqual((await one.get('/media/x?expires=1&signature=x')).statusCode, 429);
    assertRefused(await one.get('/media/x?expires=1&signature=x'));
    // Another browser has its own count; what the first one claims before the balancer's entry changes nothing.
    assert.notEqual((await browser('198.51.100.21').get('/media/x?expires=1&signature=x')).statusCode, 429);
    assertRefused(await browser('198.51.100.20', '198.51.100.22').get('/media/x?expires=1&signature=x'));
  });

  test("a BFF call through the balancer counts as the browser the BFF named, past the balancer's own entry", async () => {
    const viaBalancer = (xff: string) =>
      new Client(t.app, {
        remoteAddress: '127.0.0.1',
        headers: { 'x-bff-secret': BFF_SECRET, 'x-forwarded-for': xff },
      });
    const one = viaBalancer('203.0.113.30, 127.0.0.1');
    for (let i = 0; i < LIMIT; i++) assert.equal((await one.get('/api/me')).statusCode, 401);
    assertRefused(await one.get('/api/me'));
    // The same browser straight from the BFF: the same count; another browser: its own.
    assertRefused(await viaBalancer('203.0.113.30').get('/api/me'));
    assert.equal((await viaBalancer('203.0.113.31, 127.0.0.1').get('/api/me')).statusCode, 401);
  });
});

describe('the request limit in scale mode (Redis)', { skip }, () => {
  let gate: TcpProxy;
  let t: TestApp;
  let second: FastifyInstance;
  const appId = `rl${randomBytes(6).toString('hex')}`;

  before(async () => {
    const target = new URL(redisUrl);
    gate = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const env = {
      PUSHER_APP_ID: appId,
      PUSHER_KEY: 'rate-limit-key',
      PUSHER_SECRET: 'rate-limit-secret',
      REDIS_URL: gate.through(redisUrl),
      API_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    };
    t = await createTestApp(env);
    second = await buildApp({
      config: loadConfig({
        ...env,
        DATA_DIR: t.dataDir,
        APP_KEY: 'test-app-key',
        BFF_SECRET,
        SCHEDULER_ENABLED: '0',
      }),
      database: t.database,
      logger: false,
    });
    await second.ready();
  });
  after(async () => {
    await second?.close();
    await t?.close();
    await gate?.close();
  });

  test('two instances share one count', async () => {
    const address = '198.51.100.30';
    const one = new Client(t.app, { remoteAddress: address });
    const two = new Client(second, { remoteAddress: address });
    for (let i = 0; i < LIMIT; i++) assert.equal((await (i % 2 ? two : one).get('/api/me')).statusCode, 401);
    assertRefused(await one.get('/api/me'));
    assertRefused(await two.get('/api/me'));
  });

  test('Redis frozen, then down: no call waits longer than REDIS_WAIT_MS for it, none is refused for its sake, and each instance counts on its own meanwhile', async () => {
    const calls = async (client: Client) => {
      const took: number[] = [];
      const codes: number[] = [];
      for (let i = 0; i < LIMIT + 1; i += 1) {
        const started = Date.now();
        codes.push((await client.get('/api/me')).statusCode);
        took.push(Date.now() - started);
      }
      return { took, codes };
    };
    const frozen = await loggedIn(t.app);
    gate.freeze();
    try {
      const { took, codes } = await calls(frozen);
      // Within the limit every call goes through; past it the instance's own count still refuses.
      assert.deepEqual(codes, [...Array<number>(LIMIT).fill(200), 429]);
      // One call waits for the frozen Redis (REDIS_WAIT_MS); the others do not ask it.
      assert.ok(Math.max(...took) < REDIS_WAIT_MS + 400, `calls took ${took.join(', ')} ms`);
      assert.ok(took.filter((ms) => ms >= REDIS_WAIT_MS).length <= 1, `calls took ${took.join(', ')} ms`);
    } finally {
      gate.unfreeze();
    }
    gate.cut();
    gate.down();
    try {
      const { took, codes } = await calls(await loggedIn(t.app));
      assert.deepEqual(codes, [...Array<number>(LIMIT).fill(200), 429]);
      assert.ok(Math.max(...took) < REDIS_WAIT_MS + 400, `calls took ${took.join(', ')} ms`);
    } finally {
      await gate.up();
    }
  });
});
