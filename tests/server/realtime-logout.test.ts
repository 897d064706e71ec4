import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { playerSchema } from '../../contracts/player';
import { UPDATE_PLAYER_EVENT } from '../../contracts/realtime';
import { buildApp } from '../../server/src/app';
import { sessions } from '../../server/src/db/schema';
import { loadConfig } from '../../server/src/env';
import { BFF_SECRET, Client, createTestApp, decodeQuotedPrintable, DEMO, loggedIn, type TestApp } from './helpers';
import { listen, RawSocket, withTimeout } from './realtime-helpers';

/**
 * Ending a login closes the sockets whose channels it authorised (4009), and the built-in
 * server's limits: client events off by default, 100 channels per socket, sockets per client
 * address (X-Forwarded-For believed only from a trusted proxy), messages over 10 kB (4301).
 */

const KEY = 'logout-test-key';
const env = {
  PUSHER_APP_ID: '424242',
  PUSHER_KEY: KEY,
  PUSHER_SECRET: 'logout-test-secret',
  // The expiry check runs often here, so a test waits seconds, not a minute.
  REALTIME_LOGIN_CHECK_SECONDS: '1',
};

let t: TestApp;
let port: number;
let playerId: number;
let customerId: number;

const url = (p = port) => `ws://127.0.0.1:${p}/app/${KEY}?protocol=7&client=js&version=8.4.0`;

async function me(c: Client) {
  return JSON.parse((await c.get('/api/me')).body) as { session_id: string; customer_id: number };
}

/** A raw socket of this device subscribed to its player channel and the customer presence channel. */
async function deviceSocket(device: Client, p = port): Promise<RawSocket> {
  const socket = new RawSocket(url(p), { answerPings: true });
  const socketId = await socket.socketId();
  for (const channel of [`private-player.${playerId}`, `presence-customer.${customerId}`]) {
    const res = await device.post(
      '/broadcasting/auth',
      { socket_id: socketId, channel_name: channel },
      { xsrf: false },
    );
    assert.equal(res.statusCode, 200, res.body);
    const auth = JSON.parse(res.body) as { auth: string; channel_data?: string };
    const from = socket.frames.length;
    socket.send({ event: 'pusher:subscribe', data: { channel, ...auth } });
    await socket.frame(
      (f) => f.channel === channel && f.event === 'pusher_internal:subscription_succeeded',
      10_000,
      from,
    );
  }
  return socket;
}

/** A change of the player made by `by`: UpdatePlayer goes to every socket on its channel. */
async function changePlayer(by: Client, volume: number) {
  const res = await by.post(`/api/players/${playerId}/update-volume`, { volume });
  assert.ok(res.statusCode < 300, res.body);
}

const updates = (s: RawSocket) => s.frames.filter((f) => f.event === UPDATE_PLAYER_EVENT);

before(async () => {
  t = await createTestApp(env);
  port = await listen(t.app);
  const first = await loggedIn(t.app);
  customerId = (await me(first)).customer_id;
  playerId = z.array(playerSchema).parse(JSON.parse((await first.get('/api/players')).body))[0]!.id;
});
after(async () => {
  await t?.close();
});

describe('ending a login closes its sockets', () => {
  test('logout closes the subscribed socket with 4009; it gets no UpdatePlayer after; another device keeps its socket', async () => {
    const device = await loggedIn(t.app);
    const other = await loggedIn(t.app);
    const ending = await deviceSocket(device);
    const staying = await deviceSocket(other);

    assert.equal((await device.post('/api/logout')).statusCode, 204);
    assert.equal(await withTimeout(ending.closed, 10_000, 'the 4009 close'), 4009);
    assert.ok(ending.frames.some((f) => f.event === 'pusher:error' && (f.data as { code: number }).code === 4009));
    const seenBefore = updates(ending).length;

    const from = staying.frames.length;
    await changePlayer(other, 41);
    await staying.frame((f) => f.event === UPDATE_PLAYER_EVENT, 10_000, from);
    assert.equal(updates(ending).length, seenBefore, 'nothing reached the closed socket');
    assert.equal(staying.closeCode, undefined, 'the other device is still connected');
    staying.close();
  });

  test('a signature got before the logout cannot subscribe after it', async () => {
    const device = await loggedIn(t.app);
    const socket = new RawSocket(url(), { answerPings: true });
    const socketId = await socket.socketId();
    const channel = `private-player.${playerId}`;
    const res = await device.post(
      '/broadcasting/auth',
      { socket_id: socketId, channel_name: channel },
      { xsrf: false },
    );
    const auth = JSON.parse(res.body) as { auth: string };
    assert.equal((await device.post('/api/logout')).statusCode, 204);
    socket.send({ event: 'pusher:subscribe', data: { channel, ...auth } });
    assert.equal(await withTimeout(socket.closed, 10_000, 'the 4009 close'), 4009);
    assert.ok(!socket.frames.some((f) => f.event === 'pusher_internal:subscription_succeeded'));
  });

  test('a session that expires without remember-me closes its socket; a remembered device keeps its socket and its events', async () => {
    const plain = await loggedIn(t.app);
    const remembered = new Client(t.app);
    assert.equal((await remembered.login(DEMO.email, DEMO.password, { remember: true })).statusCode, 204);
    const plainSocket = await deviceSocket(plain);
    const rememberedSocket = await deviceSocket(remembered);

    // Both sessions pass their 24-hour absolute limit.
    const aged = new Date(Date.now() - 25 * 3_600_000);
    for (const c of [plain, remembered]) {
      await t.database.db
        .update(sessions)
        .set({ createdAt: aged })
        .where(eq(sessions.sessionId, (await me(c)).session_id));
    }
    assert.equal(await withTimeout(plainSocket.closed, 15_000, 'the expired login closing its socket'), 4009);

    // The check that closed the first one also ran for the second: it is still there and gets events.
    const from = rememberedSocket.frames.length;
    const watcher = await loggedIn(t.app);
    await changePlayer(watcher, 42);
    await rememberedSocket.frame((f) => f.event === UPDATE_PLAYER_EVENT, 10_000, from);
    assert.equal(rememberedSocket.closeCode, undefined);
    // Its next request renews the login with the same device id.
    const renewed = await me(remembered);
    assert.ok(renewed.session_id);
    rememberedSocket.close();
  });
});

describe('limits of the built-in server', () => {
  test('client events are refused unless PUSHER_CLIENT_EVENTS is set', async () => {
    const device = await loggedIn(t.app);
    const socket = await deviceSocket(device);
    const from = socket.frames.length;
    socket.send({ event: 'client-hello', channel: `private-player.${playerId}`, data: { hi: 1 } });
    const refused = await socket.frame((f) => f.event === 'pusher:error', 10_000, from);
    assert.equal((refused.data as { code: number }).code, 4301);
    socket.close();
  });

  test('the 101st channel of a socket is refused; the 100 stay', async () => {
    const socket = new RawSocket(url(), { answerPings: true });
    await socket.socketId();
    for (let i = 1; i <= 101; i += 1) socket.send({ event: 'pusher:subscribe', data: { channel: `public-${i}` } });
    const refused = await socket.frame((f) => f.event === 'pusher:subscription_error', 10_000);
    assert.equal(refused.channel, 'public-101');
    assert.equal(socket.frames.filter((f) => f.event === 'pusher_internal:subscription_succeeded').length, 100);
    assert.equal(socket.closeCode, undefined);
    socket.close();
  });

  test('a message over 10 kB closes the socket with 4301', async () => {
    const socket = new RawSocket(url(), { answerPings: true });
    await socket.socketId();
    socket.send({ event: 'pusher:subscribe', data: { channel: 'public-big', padding: 'x'.repeat(10 * 1024) } });
    assert.equal(await withTimeout(socket.closed, 10_000, 'the 4301 close'), 4301);
  });
});

describe('sockets per client address', () => {
  let trusting: FastifyInstance;
  let untrusting: FastifyInstance;
  const limited = (extra: Record<string, string>) =>
    buildApp({
      config: loadConfig({
        ...env,
        DATA_DIR: t.dataDir,
        APP_KEY: 'test-app-key',
        BFF_SECRET,
        REALTIME_MAX_CONNECTIONS_PER_IP: '2',
        ...extra,
      }),
      database: t.database,
      logger: false,
    });

  before(async () => {
    trusting = await limited({ TRUSTED_PROXIES: '127.0.0.1' });
    untrusting = await limited({ TRUSTED_PROXIES: '10.255.255.1' });
  });
  after(async () => {
    await trusting?.close();
    await untrusting?.close();
  });

  const open = async (p: number, forwardedFor?: string) => {
    const socket = new RawSocket(url(p), forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {});
    await socket.frame((f) => f.event === 'pusher:connection_established' || f.event === 'pusher:error', 10_000);
    return socket;
  };

  test('behind a trusted proxy each X-Forwarded-For client has its own limit; the third socket is refused with 4100', async () => {
    const p = await listen(trusting);
    const a = [await open(p, '198.51.100.1'), await open(p, '203.0.113.9, 198.51.100.1')];
    const b = await open(p, '198.51.100.2');
    assert.ok(a.every((s) => s.closeCode === undefined) && b.closeCode === undefined);
    const third = await open(p, '198.51.100.1');
    assert.equal(await withTimeout(third.closed, 10_000, 'the 4100 close'), 4100);
    // A socket that goes frees its place.
    a[0]!.close();
    await a[0]!.closed;
    const again = await open(p, '198.51.100.1');
    await again.socketId();
    assert.equal(again.closeCode, undefined);
    for (const s of [a[1]!, b, again]) s.close();
  });

  test('from an untrusted peer X-Forwarded-For is ignored: the peer address counts', async () => {
    const p = await listen(untrusting);
    const first = await open(p, '198.51.100.1');
    const second = await open(p, '198.51.100.2');
    const third = await open(p, '198.51.100.3');
    assert.equal(first.closeCode, undefined);
    assert.equal(second.closeCode, undefined);
    assert.equal(await withTimeout(third.closed, 10_000, 'the 4100 close'), 4100);
    first.close();
    second.close();
  });
});

describe('password reset', () => {
  test("closes every device's socket of the user with 4009", async () => {
    const phone = await loggedIn(t.app);
    const counter = await loggedIn(t.app);
    const sockets = [await deviceSocket(phone), await deviceSocket(counter)];

    const outbox = path.join(t.dataDir, 'mail');
    const guest = new Client(t.app);
    await guest.csrf();
    assert.equal((await guest.post('/api/password-reset-link', { email: DEMO.email })).statusCode, 200);
    const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml')).sort();
    const eml = decodeQuotedPrintable(await readFile(path.join(outbox, files.at(-1)!), 'utf8'));
    const token = /\/reset\/([A-Za-z0-9]+)\?/.exec(eml)![1]!;
    const res = await guest.post(`/api/reset-password/${token}`, {
      token,
      email: DEMO.email,
      password: 'uj-jelszo-123',
      password_confirmation: 'uj-jelszo-123',
    });
    assert.equal(res.statusCode, 200, res.body);
    for (const s of sockets) assert.equal(await withTimeout(s.closed, 10_000, 'the 4009 close'), 4009);
  });
});
