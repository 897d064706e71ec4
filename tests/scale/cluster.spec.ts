import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import type { Customer } from '../../contracts/auth';
import type { Player } from '../../contracts/player';
import type { SlideshowImage } from '../../contracts/slideshows';
import { presenceCustomerChannel, privatePlayerChannel, UPDATE_PLAYER_EVENT } from '../../contracts/realtime';
import { logIn } from '../e2e/support/auth';
import { pageCall, waitForSocket } from '../e2e/realtime/support';
import {
  API,
  apiPid,
  ApiClient,
  connected,
  disconnectAll,
  endLogins,
  nextEvent,
  realtimeClient,
  realtimeConfig,
  SCALE,
  sleep,
  subscribe,
  WEB,
} from './support';

/**
 * The scale mode (`npm run start:cluster`): two API and two web instances behind HAProxy, one
 * PostgreSQL, one Redis. The devices are real pusher-js clients, each on a named instance's port or
 * on the load balancer's; presses go to a named instance, or through a web instance's BFF in
 * Chromium. In order: the last test kills API instance 1.
 */

test.describe.configure({ mode: 'serial' });

type Update = { player: Player };

test.afterEach(async () => {
  disconnectAll();
  await endLogins();
});

test('both API instances started together on an empty database: each migration recorded once, the demo shops seeded, both serve them', async () => {
  const journal = JSON.parse(
    await readFile(path.join(process.cwd(), 'server', 'drizzle', 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  const db = new pg.Client({ connectionString: SCALE.databaseUrl });
  await db.connect();
  try {
    const migrations = await db.query<{ n: number; hashes: number }>(
      'select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
    );
    expect(migrations.rows[0]).toEqual({ n: journal.entries.length, hashes: journal.entries.length });
    const shops = await db.query<{ slug: string }>('select slug from customers order by slug');
    expect(shops.rows.map((r) => r.slug)).toEqual(['demo', 'other']);
  } finally {
    await db.end();
  }
  // Both answer as the same demo shop.
  for (const i of [1, 2] as const) {
    const customer = (await (await fetch(`${API.instance(i)}/api/customer`)).json()) as Customer;
    expect(customer.slug).toBe('demo');
  }
});

test('a press made through instance 1 (API, and web via its BFF) reaches a device whose socket is on API instance 2', async ({
  browser,
}) => {
  const listener = await ApiClient.loggedIn(API.instance(2));
  const presser = await ApiClient.loggedIn(API.instance(1));
  const player = await presser.player();
  const device = realtimeClient(listener, API.port(2), await realtimeConfig(listener));
  await connected(device);
  // The socket is on instance 2's own port: nothing but Redis carries instance 1's events to it.
  expect(device.config.wsPort).toBe(API.port(2));
  const channel = await subscribe(device, privatePlayerChannel(player.id));

  const got = nextEvent<Update>(channel, UPDATE_PLAYER_EVENT, (e) => e.player.volume === 37);
  const answer = await presser.ok<Player>('POST', `/api/players/${player.id}/update-volume`, { volume: 37 });
  expect(answer.body.volume).toBe(37);
  expect((await got).player.version).toBe(answer.body.version);

  // A shop manager in Chromium on web instance 1 (its BFF calls the API through the load balancer).
  const context = await browser.newContext({ baseURL: WEB.instance(1), locale: 'hu-HU' });
  try {
    const page = await context.newPage();
    await logIn(page);
    // The browser's own socket goes to the API's load balancer, as the API tells it.
    const config = await pageCall(page, 'GET', '/api/realtime-config');
    expect((config.body as { wsPort: number }).wsPort).toBe(SCALE.apiPort);
    await waitForSocket(page);
    const fromWeb = nextEvent<Update>(channel, UPDATE_PLAYER_EVENT, (e) => e.player.volume === 52);
    const res = await pageCall(page, 'POST', `/api/players/${player.id}/update-volume`, { volume: 52 });
    expect(res.status).toBe(200);
    expect((await fromWeb).player.volume).toBe(52);
  } finally {
    await context.close();
  }
});

test('presence is shared: a device joined on instance 1 is seen by a device on instance 2, and its leaving too', async () => {
  const one = await ApiClient.loggedIn(API.instance(1));
  const two = await ApiClient.loggedIn(API.instance(2));
  const [meOne, meTwo] = [await one.me(), await two.me()];
  const name = presenceCustomerChannel(meOne.customer_id);

  const config = await realtimeConfig(one);
  const watcher = realtimeClient(two, API.port(2), config);
  const watched = await subscribe(watcher, name);
  const added = nextEvent<{ id: string }>(watched, 'pusher:member_added', (m) => m.id === meOne.session_id);

  const joiner = realtimeClient(one, API.port(1), config);
  const joined = (await subscribe(joiner, name)) as unknown as { members: { get(id: string): unknown } };
  await added;
  // The joiner on instance 1 lists the watcher of instance 2 among the members it got on joining.
  expect(joined.members.get(meTwo.session_id)).toBeTruthy();
  expect((watched as unknown as { members: { get(id: string): unknown } }).members.get(meOne.session_id)).toBeTruthy();

  const removed = nextEvent<{ id: string }>(watched, 'pusher:member_removed', (m) => m.id === meOne.session_id);
  joiner.disconnect();
  await removed;
});

test('a session made on instance 1 works on instance 2; an image uploaded through instance 1 is served by both, its link names the load balancer', async () => {
  const one = await ApiClient.loggedIn(API.instance(1));
  const two = one.on(API.instance(2));
  expect((await two.me()).session_id).toBe((await one.me()).session_id);

  const show = (await one.ok<{ id: number }>('POST', '/api/slideshows', { name: 'Skála diavetítés' })).body;
  const png = await readFile(path.join(process.cwd(), 'public', 'img', 'base-cover-1.png'));
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'borito.png');
  const image = await one.call<SlideshowImage>('POST', `/api/slideshows/${show.id}/image`, form);
  expect(image.status).toBe(201);
  const url = new URL(image.body.url);
  expect(url.origin).toBe(API.lb);
  for (const base of [API.lb, API.instance(1), API.instance(2)]) {
    const res = await fetch(base + url.pathname + url.search);
    expect(res.status, base).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(png), base).toBe(true);
  }
});

test('the scheduler fires each due minute once over 10 test-clock minutes with both API instances ticking', async () => {
  const client = await ApiClient.loggedIn(API.lb);
  const spots = (await client.ok<Array<{ id: number }>>('GET', '/api/spots')).body;
  const item = (
    await client.ok<{ id: number }>('POST', '/api/scheduled-contents', {
      name: 'Skála teszt',
      frequency: 'everyMinute',
      // At 03:00 the demo shop is closed: this item fires round the clock.
      only_open: false,
      spots: [spots[0]!.id],
    })
  ).body;

  // Tomorrow 03:00 UTC: no seeded schedule is due then (the demo's runs at half past, 09–20 h).
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 1);
  start.setUTCHours(3, 0, 0, 0);
  const minutes = Array.from({ length: 10 }, (_, i) => start.getTime() + i * 60_000);
  type Tick = { minute: string; fired: Array<{ scheduled_content_id: number }> };
  const fires: Array<{ minute: string; id: number; instance: number }> = [];
  for (const m of minutes) {
    // Both instances' runners wake up for the same minute at about the same time.
    const answers = await Promise.all(
      ([1, 2] as const).map((i, k) =>
        fetch(`${API.instance(i)}/api/_test/scheduler/tick`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ at: new Date(m + 150 + k * 30).toISOString() }),
        }).then(async (res) => {
          expect(res.status).toBe(200);
          return (await res.json()) as Tick;
        }),
      ),
    );
    answers.forEach((a, k) => {
      expect(a.minute).toBe(new Date(m).toISOString());
      for (const f of a.fired) fires.push({ minute: a.minute, id: f.scheduled_content_id, instance: k + 1 });
    });
  }

  const ours = fires.filter((f) => f.id === item.id);
  expect(ours.map((f) => f.minute).sort()).toEqual(minutes.map((m) => new Date(m).toISOString()));
  // No item fired twice in a minute, whichever instance fired it.
  const keys = fires.map((f) => `${f.minute} ${f.id}`);
  expect(new Set(keys).size).toBe(keys.length);
  console.log(
    `[scale] fires per instance: 1 → ${ours.filter((f) => f.instance === 1).length}, 2 → ${ours.filter((f) => f.instance === 2).length}`,
  );

  // The fire log holds each of our minutes once.
  const db = new pg.Client({ connectionString: SCALE.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ minute: Date; n: number }>(
      'select minute, count(*)::int as n from scheduler_fires where scheduled_content_id = $1 group by minute order by minute',
      [item.id],
    );
    expect(rows.map((r) => [r.minute.getTime(), r.n])).toEqual(minutes.map((m) => [m, 1]));
  } finally {
    await db.end();
  }
});

test('with API instance 1 killed mid-run, every action answered 2xx is in the final state and the devices reconnect to instance 2', async () => {
  const client = await ApiClient.loggedIn(API.lb);
  const player = await client.player();
  // Channel 1 on the player, so that every press below changes it (raises its version).
  await client.ok('POST', `/api/players/${player.id}/playable/channel/1`);
  // Devices through the load balancer, their sockets opened back to back (no other request in
  // between): HAProxy's round robin puts them on both instances.
  const deviceClients = await Promise.all([1, 2, 3].map(() => ApiClient.loggedIn(API.lb)));
  const config = await realtimeConfig(client);
  const devices = deviceClients.map((c) => realtimeClient(c, SCALE.apiPort, config));
  await Promise.all(devices.map((d) => connected(d)));
  const drops = devices.map(() => 0);
  devices.forEach((d, i) =>
    d.connection.bind('state_change', (s: { previous: string; current: string }) => {
      if (s.previous === 'connected') drops[i]!++;
    }),
  );
  const seen: Player[][] = devices.map(() => []);
  const channels = await Promise.all(devices.map((d) => subscribe(d, privatePlayerChannel(player.id))));
  channels.forEach((ch, i) => ch.bind(UPDATE_PLAYER_EVENT, (e: Update) => seen[i]!.push(e.player)));

  // play/pause, next and volume presses, one after the other, as a shop manager's taps.
  const results: Array<{ action: string; status: number; volume?: number; player?: Player }> = [];
  const act = async (n: number) => {
    const kind = n % 3;
    const path =
      kind === 0
        ? `/api/players/${player.id}/update-volume`
        : kind === 1
          ? `/api/players/${player.id}/toggle-play`
          : `/api/players/${player.id}/next`;
    const volume = kind === 0 ? 10 + (n % 80) : undefined;
    try {
      const res = await client.call<Player>(
        kind === 0 ? 'POST' : 'GET',
        path,
        volume === undefined ? undefined : { volume },
      );
      results.push({ action: path, status: res.status, volume, player: res.status < 300 ? res.body : undefined });
    } catch (err) {
      results.push({ action: `${path} (${(err as Error).message})`, status: 0, volume });
    }
  };
  for (let n = 0; n < 12; n++) await act(n);
  process.kill(apiPid(1), 'SIGKILL');
  for (let n = 12; n < 40; n++) {
    await act(n);
    await sleep(100);
  }

  // Every device that lost its socket got it back (through the load balancer, on instance 2).
  console.log(`[scale] sockets lost per device when instance 1 died: ${drops.join(', ')}`);
  expect(
    drops.reduce((a, b) => a + b, 0),
    'at least one device had its socket on the killed instance',
  ).toBeGreaterThan(0);
  await Promise.all(devices.map((d) => connected(d, 30_000)));
  await expect
    .poll(() => devices.map((d) => d.channel(privatePlayerChannel(player.id))?.subscribed), { timeout: 30_000 })
    .toEqual(devices.map(() => true));

  // And they get the events after: one more press, seen by every device.
  await act(60);
  const last = results.at(-1)!;
  expect(last.status).toBe(200);

  const ok = results.filter((r) => r.status >= 200 && r.status < 300);
  console.log(
    `[scale] ${results.length} actions, ${ok.length} answered 2xx; others: ${JSON.stringify(results.filter((r) => r.status >= 300 || r.status < 200).map((r) => [r.action, r.status]))}`,
  );
  for (const r of ok) if (r.volume !== undefined) expect(r.player!.volume).toBe(r.volume);
  // Each 2xx answer is a later state than the one before: no answered press was lost or undone.
  const versions = ok.map((r) => r.player!.version!);
  for (let i = 1; i < versions.length; i++) expect(versions[i]!).toBeGreaterThan(versions[i - 1]!);

  const final = await client.player();
  const lastOk = ok.at(-1)!.player!;
  const lastVolume = ok.filter((r) => r.volume !== undefined).at(-1)!.volume;
  expect(final.volume).toBe(lastVolume);
  expect(final.version).toBe(lastOk.version);
  expect(final.is_playing).toBe(lastOk.is_playing);
  expect(final.track?.id).toBe(lastOk.track?.id);
  for (const [i, list] of seen.entries()) {
    await expect
      .poll(() => list.at(-1)?.version, { message: `device ${i + 1} got the last press`, timeout: 15_000 })
      .toBe(final.version);
  }
});
