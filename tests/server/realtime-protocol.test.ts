import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from './helpers';
import {
  assertSocketId,
  backend,
  client,
  connected,
  disconnectAll,
  listen,
  next,
  RawSocket,
  record,
  sign,
  signer,
  subscribe,
  untilSentinel,
  type AppKeys,
} from './realtime-helpers';

/**
 * Black-box Pusher protocol 7 suite: the real pusher-js client and the real `pusher` server
 * library against the built-in server on loopback (CONTRACTS.md §1).
 */

const keys: AppKeys = { id: '424242', key: 'test-pusher-key', secret: 'test-pusher-secret' };
let t: TestApp;
let port: number;
let wsUrl: string;

before(async () => {
  t = await createTestApp({
    PUSHER_APP_ID: keys.id,
    PUSHER_KEY: keys.key,
    PUSHER_SECRET: keys.secret,
    // Short, so the idle ping and the pong timeout can be seen within a test.
    PUSHER_ACTIVITY_TIMEOUT: '1',
    // Off by default (realtime-logout.test.ts); on here to test how they are relayed.
    PUSHER_CLIENT_EVENTS: '1',
  });
  port = await listen(t.app);
  wsUrl = `ws://127.0.0.1:${port}/app/${keys.key}?protocol=7&client=js&version=8.6.0&flash=false`;
});
after(async () => {
  disconnectAll();
  await t.close();
});

const isSentinel = (n: number) => (e: { event: string; data: unknown }) =>
  e.event === 'test-sentinel' && (e.data as { n?: number } | null)?.n === n;

/**
 * Sends event `test-sentinel` {n} to `channel` through the HTTP events API and waits for it in
 * `seen`: whatever the server sent that socket before has arrived by then.
 */
async function sentinel(channel: string, seen: Parameters<typeof untilSentinel>[0], n: number) {
  const res = await backend(port, keys).trigger(channel, 'test-sentinel', { n });
  assert.equal(res.status, 200);
  return untilSentinel(seen, isSentinel(n));
}

describe('connection', () => {
  test('handshake: connection_established with data as a JSON string, a 123.456 socket id, a non-zero activity timeout', async () => {
    const raw = new RawSocket(wsUrl);
    const frame = await raw.frame((f) => f.event === 'pusher:connection_established');
    assert.equal(typeof frame.data, 'string');
    const data = JSON.parse(frame.data as string) as { socket_id: string; activity_timeout: number };
    assertSocketId(data.socket_id);
    assert.equal(data.activity_timeout, 1);
    raw.close();
  });

  test('an unknown app key gets pusher:error 4001, then a close with 4001', async () => {
    const raw = new RawSocket(`ws://127.0.0.1:${port}/app/nope?protocol=7`);
    const code = await raw.closed;
    assert.equal(code, 4001);
    const err = raw.frames.find((f) => f.event === 'pusher:error');
    assert.deepEqual(err?.data, { code: 4001, message: 'Application does not exist' });
  });

  test('no protocol version → 4008; an unsupported one → 4007', async () => {
    assert.equal(await new RawSocket(`ws://127.0.0.1:${port}/app/${keys.key}`).closed, 4008);
    assert.equal(await new RawSocket(`ws://127.0.0.1:${port}/app/${keys.key}?protocol=99`).closed, 4007);
  });

  test('other upgrade paths are refused', async () => {
    const raw = new RawSocket(`ws://127.0.0.1:${port}/socket`);
    assert.equal(await raw.closed, 1006);
    assert.equal(raw.frames.length, 0);
  });

  test('pusher:ping is answered with the exact pong frame', async () => {
    const raw = new RawSocket(wsUrl);
    await raw.socketId();
    const texts: string[] = [];
    raw.ws.on('message', (m) => texts.push(m.toString()));
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.frame((f) => f.event === 'pusher:pong');
    assert.deepEqual(texts, ['{"event":"pusher:pong","data":"{}"}']);
    raw.close();
  });

  test('an idle socket is pinged; one that never answers gets 4201 and is closed, one that answers stays', async () => {
    const silent = new RawSocket(wsUrl);
    const polite = new RawSocket(wsUrl, { answerPings: true });
    await silent.frame((f) => f.event === 'pusher:ping', 4000);
    assert.equal(await silent.closed, 4201);
    assert.deepEqual(silent.frames.find((f) => f.event === 'pusher:error')?.data, {
      code: 4201,
      message: 'Pong reply not received in time',
    });
    assert.equal(polite.closeCode, undefined, 'the socket that answered is still open');
    polite.close();
  });

  test('an oversized frame closes the socket (1009); bad JSON only gets a pusher:error', async () => {
    const raw = new RawSocket(wsUrl);
    await raw.socketId();
    raw.send('not json');
    await raw.frame((f) => f.event === 'pusher:error');
    raw.send({ event: 'client-big', channel: 'private-x', data: 'x'.repeat(70 * 1024) });
    assert.equal(await raw.closed, 1009);
  });
});

describe('channels', () => {
  test('public, private and presence subscriptions succeed with valid signatures', async () => {
    const p = client(port, keys.key, signer(keys, { user_id: 'u1', user_info: { name: 'Pénztár' } }));
    assertSocketId(await connected(p));
    await subscribe(p, 'news');
    await subscribe(p, 'private-player.1');
    const presence = (await subscribe(p, 'presence-customer.1')) as unknown as {
      members: { count: number; me: { id: string; info: unknown } };
    };
    assert.equal(presence.members.count, 1);
    assert.deepEqual(presence.members.me, { id: 'u1', info: { name: 'Pénztár' } });
  });

  test('a wrong signature gives pusher:subscription_error on the channel (AuthError, 401)', async () => {
    const p = client(port, keys.key, signer({ key: keys.key, secret: 'wrong' }));
    await connected(p);
    await assert.rejects(subscribe(p, 'private-player.1'), (err: { data: { type: string; status: number } }) => {
      assert.equal(err.data.type, 'AuthError');
      assert.equal(err.data.status, 401);
      return true;
    });
    await assert.rejects(subscribe(p, 'presence-customer.1'));
  });

  test('presence channel_data is verified over the exact string: re-serialized data fails', async () => {
    const raw = new RawSocket(wsUrl);
    const socketId = await raw.socketId();
    const channel = 'presence-exact';
    const sent = '{"user_id":"7", "user_info":{"n":"\\u00e1"}}';
    // Signed over another spelling of the same JSON: must not pass.
    const other = JSON.stringify(JSON.parse(sent));
    raw.send({
      event: 'pusher:subscribe',
      data: {
        channel,
        auth: `${keys.key}:${sign(keys.secret, `${socketId}:${channel}:${other}`)}`,
        channel_data: sent,
      },
    });
    await raw.frame((f) => f.event === 'pusher:subscription_error' && f.channel === channel);
    raw.send({
      event: 'pusher:subscribe',
      data: { channel, auth: `${keys.key}:${sign(keys.secret, `${socketId}:${channel}:${sent}`)}`, channel_data: sent },
    });
    const ok = await raw.frame((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === channel);
    assert.equal(typeof ok.data, 'string');
    assert.deepEqual(JSON.parse(ok.data as string), { presence: { ids: ['7'], hash: { '7': { n: 'á' } }, count: 1 } });
    raw.close();
  });

  test('member_added goes to others once per user_id; member_removed only when the last socket leaves', async () => {
    const channel = 'presence-shop';
    const watcher = client(port, keys.key, signer(keys, { user_id: 'watcher' }));
    const watched = await subscribe(watcher, channel);
    const seen = record(watched);

    const tab1 = client(port, keys.key, signer(keys, { user_id: 'anna', user_info: { device: 'tab1' } }));
    const addedOnce = next<{ id: string; info: unknown }>(watched, 'pusher:member_added');
    const annaChannel = await subscribe(tab1, channel);
    assert.deepEqual(await addedOnce, { id: 'anna', info: { device: 'tab1' } });
    const annaSeen = record(annaChannel);

    const tab2 = client(port, keys.key, signer(keys, { user_id: 'anna', user_info: { device: 'tab2' } }));
    await subscribe(tab2, channel);
    let watcherBefore = (await sentinel(channel, seen, 1)).before;
    const annaBefore = (await untilSentinel(annaSeen, isSentinel(1))).before;
    assert.equal(
      watcherBefore.filter((e) => e.event === 'pusher:member_added').length,
      1,
      'a second tab of the same user is not announced',
    );
    assert.equal(
      annaBefore.filter((e) => e.event === 'pusher:member_added').length,
      0,
      'nobody announces a user to herself',
    );

    tab1.unsubscribe(channel);
    // Answered on tab1's socket after its unsubscribe: the server has handled that by now.
    await subscribe(tab1, 'private-after-unsubscribe');
    watcherBefore = (await sentinel(channel, seen, 2)).before;
    assert.equal(watcherBefore.filter((e) => e.event === 'pusher:member_removed').length, 0, 'anna still has a socket');
    const removed = next<{ id: string }>(watched, 'pusher:member_removed');
    tab2.disconnect();
    assert.equal((await removed).id, 'anna');
    watcherBefore = (await sentinel(channel, seen, 3)).before;
    assert.equal(watcherBefore.filter((e) => e.event === 'pusher:member_removed').length, 1);
  });

  test('the HTTP API lists presence users and channel occupancy', async () => {
    const p = client(port, keys.key, signer(keys, { user_id: 'listed' }));
    await subscribe(p, 'presence-listing');
    const api = backend(port, keys);
    const users = await api.get({ path: '/channels/presence-listing/users' });
    assert.equal(users.status, 200);
    assert.deepEqual(await users.json(), { users: [{ id: 'listed' }] });
    const info = await api.get({ path: '/channels/presence-listing', params: {} });
    assert.deepEqual(await info.json(), { occupied: true, user_count: 1, subscription_count: 1 });
    const list = (await (
      await api.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })
    ).json()) as {
      channels: Record<string, { user_count: number }>;
    };
    assert.deepEqual(list.channels['presence-listing'], { user_count: 1 });
    p.disconnect();
  });
});

describe('client events', () => {
  test('delivered to the other subscribers, never echoed to the sender; presence adds user_id', async () => {
    const a = client(port, keys.key, signer(keys, { user_id: 'a' }));
    const b = client(port, keys.key, signer(keys, { user_id: 'b' }));
    const aPrivate = await subscribe(a, 'private-chat');
    const bPrivate = await subscribe(b, 'private-chat');
    const aSeen = record(aPrivate);
    const got = next<{ text: string }>(bPrivate, 'client-typing');
    aPrivate.trigger('client-typing', { text: 'szia' });
    assert.deepEqual(await got, { text: 'szia' });

    const aPresence = await subscribe(a, 'presence-chat');
    const bPresence = await subscribe(b, 'presence-chat');
    const withMeta = new Promise<{ data: unknown; metadata: { user_id?: string } }>((resolve) =>
      bPresence.bind('client-wave', (data: unknown, metadata: { user_id?: string }) => resolve({ data, metadata })),
    );
    aPresence.trigger('client-wave', { hand: 'jobb' });
    const wave = await withMeta;
    assert.deepEqual(wave.data, { hand: 'jobb' });
    assert.equal(wave.metadata.user_id, 'a');

    // b's event reaches a after anything a's own events sent back to a.
    bPrivate.trigger('client-sentinel', {});
    const { before } = await untilSentinel(aSeen, (e) => e.event === 'client-sentinel');
    assert.equal(
      before.filter((e) => e.event.startsWith('client-')).length,
      0,
      'the sender does not get its own event',
    );
  });

  test('refused on public channels, when not subscribed, and over 10 per second (4301, the socket stays open)', async () => {
    const raw = new RawSocket(wsUrl);
    const socketId = await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'lobby', auth: '' } });
    await raw.frame((f) => f.event === 'pusher_internal:subscription_succeeded');
    raw.send({ event: 'client-x', channel: 'lobby', data: {} });
    const publicError = await raw.frame((f) => f.event === 'pusher:error');
    assert.equal((publicError.data as { code: number }).code, 4301);

    let from = raw.frames.length;
    raw.send({ event: 'client-x', channel: 'private-elsewhere', data: {} });
    const notMember = await raw.frame((f) => f.event === 'pusher:error', 5000, from);
    assert.equal((notMember.data as { code: number }).code, 4009);

    const channel = 'private-flood';
    raw.send({
      event: 'pusher:subscribe',
      data: { channel, auth: `${keys.key}:${sign(keys.secret, `${socketId}:${channel}`)}` },
    });
    await raw.frame((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === channel);
    from = raw.frames.length;
    for (let i = 0; i < 12; i += 1) raw.send({ event: 'client-flood', channel, data: { i } });
    const limited = await raw.frame((f) => f.event === 'pusher:error', 5000, from);
    assert.equal((limited.data as { code: number }).code, 4301);
    assert.match((limited.data as { message: string }).message, /rate limit/);
    // A pong after the error: a close for the flood would have come before it.
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.frame((f) => f.event === 'pusher:pong', 5000, from);
    assert.equal(raw.closeCode, undefined, 'a refused client event leaves the socket open');
    raw.close();
  });
});

describe('HTTP events API', () => {
  test('events reach subscribers with data as sent; socket_id excludes that connection', async () => {
    const a = client(port, keys.key, signer(keys));
    const b = client(port, keys.key, signer(keys));
    const aSocket = await connected(a);
    const aChannel = await subscribe(a, 'private-player.9');
    const bChannel = await subscribe(b, 'private-player.9');
    const aSeen = record(aChannel);
    const api = backend(port, keys);

    const both = Promise.all([
      next(aChannel, 'App\\Events\\UpdatePlayer'),
      next(bChannel, 'App\\Events\\UpdatePlayer'),
    ]);
    const res = await api.trigger('private-player.9', 'App\\Events\\UpdatePlayer', { player: { id: 9 } });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '{}');
    assert.deepEqual(await both, [{ player: { id: 9 } }, { player: { id: 9 } }]);

    const before = aSeen.length;
    const onlyB = next(bChannel, 'App\\Events\\PlaySound');
    await api.trigger(
      ['private-player.9', 'news'],
      'App\\Events\\PlaySound',
      { sound: { id: 1 } },
      { socket_id: aSocket },
    );
    assert.deepEqual(await onlyB, { sound: { id: 1 } });
    await api.trigger('private-player.9', 'test-sentinel', {});
    const upToSentinel = await untilSentinel(aSeen, (e) => e.event === 'test-sentinel');
    assert.equal(upToSentinel.before.length, before, 'the excluded socket got nothing');
  });

  test('pusher-php style: a single `channel` string is accepted', async () => {
    const p = client(port, keys.key, signer(keys));
    const channel = await subscribe(p, 'solo');
    const got = next(channel, 'App\\Events\\PlaySpots');
    const body = JSON.stringify({ name: 'App\\Events\\PlaySpots', data: '{"spots":[]}', channel: 'solo' });
    const res = await signedFetch('POST', `/apps/${keys.id}/events`, body);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '{}');
    assert.deepEqual(await got, { spots: [] });
  });

  test('batch events', async () => {
    const p = client(port, keys.key, signer(keys));
    const one = await subscribe(p, 'batch-one');
    const two = await subscribe(p, 'batch-two');
    const got = Promise.all([next(one, 'first'), next(two, 'second')]);
    const res = await backend(port, keys).triggerBatch([
      { channel: 'batch-one', name: 'first', data: { n: 1 } },
      { channel: 'batch-two', name: 'second', data: { n: 2 } },
    ]);
    assert.equal(res.status, 200);
    assert.deepEqual(await got, [{ n: 1 }, { n: 2 }]);
  });

  test('a bad signature is 401, an unknown app 404, a stale timestamp 401', async () => {
    const wrongSecret = backend(port, { ...keys, secret: 'not-the-secret' });
    await assert.rejects(wrongSecret.trigger('news', 'x', {}), (err: { status: number }) => err.status === 401);
    const wrongApp = backend(port, { ...keys, id: '999' });
    await assert.rejects(wrongApp.trigger('news', 'x', {}), (err: { status: number }) => err.status === 404);
    const stale = await signedFetch('POST', `/apps/${keys.id}/events`, '{"name":"x","data":"{}","channels":["news"]}', {
      auth_timestamp: String(Math.floor(Date.now() / 1000) - 3600),
    });
    assert.equal(stale.status, 401);
    const tampered = await signedFetch(
      'POST',
      `/apps/${keys.id}/events`,
      '{"name":"x","data":"{}","channels":["news"]}',
      {
        body_md5: createHash('md5').update('something else').digest('hex'),
      },
    );
    assert.equal(tampered.status, 401);
  });

  test('limits: data over 10 KB → 413; more than 100 channels or a bad name → 400', async () => {
    const api = backend(port, keys);
    await assert.rejects(
      api.trigger('news', 'big', 'x'.repeat(10 * 1024 + 1)),
      (err: { status: number }) => err.status === 413,
    );
    const many = Array.from({ length: 101 }, (_, i) => `c${i}`);
    const res = await signedFetch(
      'POST',
      `/apps/${keys.id}/events`,
      JSON.stringify({ name: 'x', data: '{}', channels: many }),
    );
    assert.equal(res.status, 400);
    const longName = await signedFetch(
      'POST',
      `/apps/${keys.id}/events`,
      JSON.stringify({ name: 'n'.repeat(201), data: '{}', channels: ['a'] }),
    );
    assert.equal(longName.status, 400);
    const badChannel = await signedFetch(
      'POST',
      `/apps/${keys.id}/events`,
      JSON.stringify({ name: 'x', data: '{}', channels: ['bad channel'] }),
    );
    assert.equal(badChannel.status, 400);
  });
});

/** A request signed as pusher-php signs it, with optional overrides of the query. */
async function signedFetch(method: string, path: string, body: string, override: Record<string, string> = {}) {
  const params: Record<string, string> = {
    auth_key: keys.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    body_md5: createHash('md5').update(body).digest('hex'),
    ...override,
  };
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const signature = sign(keys.secret, `${method}\n${path}\n${query}`);
  return fetch(`http://127.0.0.1:${port}${path}?${query}&auth_signature=${signature}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body,
  });
}
