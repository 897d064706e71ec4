/**
 * Tenant isolation, generated from the server's route table: every route with a path parameter
 * naming a shop's own row (player, playlist, sound, device session) is called by one shop with
 * the other shop's id, one parameter at a time, everything else valid: 404, and neither shop's
 * data changes. Routes taking only catalogue ids (global: channels, tracks) are called with
 * valid ids and must leave the other shop's data alone (favourites are per shop). A route with a
 * parameter the suite does not know fails it (PARAM_KINDS in route-table.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, createTestApp, DEMO, loggedIn, multipart, OTHER, type TestApp } from './helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
import {
  GLOBAL_KINDS,
  paramKinds,
  routeKeys,
  snapshotDiff,
  snapshotShop,
  TENANT_KINDS,
  type ParamKind,
  type Snapshot,
} from './route-table';

let t: TestApp;
let demo: Client;
let other: Client;

interface Shop {
  customerId: number;
  player: number;
  playlist: number;
  sound: number;
  session: string;
  spot: number;
  slideshow: number;
  image: number;
  screen: number;
  screenHash: string;
  scheduledContent: number;
  musicBlock: number;
  setting: number;
  /** A second zone (the first, the last one, cannot be deleted). */
  zone: number;
}
const shops = {} as { demo: Shop; other: Shop };
let channel = 0;
let tracks: number[] = [];
const help = { tutorialTopic: 0, tutorialItem: 0, faqTopic: 0 };

const rows = async <T>(query: string) =>
  ((await t.database.db.execute(query as never)) as unknown as { rows: T[] }).rows;

async function shopOf(client: Client, slug: string): Promise<Shop> {
  const [customer] = await rows<{ id: number }>(`select id from customers where slug = '${slug}'`);
  const customerId = customer!.id;
  const created = await client.post('/api/playlists/all-tracks', { name: `${slug} lista`, tracks: tracks.slice(0, 3) });
  assert.equal(created.statusCode, 201, created.body);
  const [sound] = await rows<{ id: number }>(
    `insert into sounds (customer_id, name, file_path, duration) values (${customerId}, '${slug} hang', 'assets/none.mp3', 1) returning id`,
  );
  const [spot] = await rows<{ id: number }>(
    `select id from spots where customer_id = ${customerId} order by id limit 1`,
  );
  const slideshow = await client.post('/api/slideshows', { name: `${slug} vetítés` });
  assert.equal(slideshow.statusCode, 201, slideshow.body);
  const { body, headers } = multipart({}, [{ filename: 'kep.png', data: PNG }]);
  const image = await client.post(`/api/slideshows/${slideshow.json().id}/image`, body, { headers });
  assert.equal(image.statusCode, 201, image.body);
  const screen = await client.post('/api/screens', { name: `${slug} kijelző`, slideshow_id: slideshow.json().id });
  assert.equal(screen.statusCode, 201, screen.body);
  const schedule = await client.post('/api/scheduled-contents', {
    name: `${slug} ütemezés`,
    spots: [spot!.id],
    slideshows: [slideshow.json().id],
    screens: [screen.json().id],
  });
  assert.equal(schedule.statusCode, 201, schedule.body);
  const block = await client.post('/api/music-plan/blocks', {
    from: '05:00',
    to: '05:30',
    source_type: 'playlist',
    source_id: created.json().id,
  });
  assert.equal(block.statusCode, 201, block.body);
  const zone = await client.post('/api/zones', { name: `${slug} terasz` });
  assert.equal(zone.statusCode, 201, zone.body);
  return {
    zone: zone.json().id,
    musicBlock: block.json().id,
    scheduledContent: schedule.json().id,
    slideshow: slideshow.json().id,
    image: image.json().id,
    screen: screen.json().id,
    screenHash: screen.json().hash_id,
    customerId,
    player: (await client.get('/api/players')).json()[0].id,
    playlist: created.json().id,
    sound: sound!.id,
    session: (await client.get('/api/me')).json().session_id,
    spot: spot!.id,
    setting: (
      await rows<{ id: number }>(`select id from settings where customer_id = ${customerId} and key = 'timezone'`)
    )[0]!.id,
  };
}

before(async () => {
  t = await createTestApp();
  demo = await loggedIn(t.app, DEMO);
  other = await loggedIn(t.app, OTHER);
  const [first] = await rows<{ channel_id: number }>(
    `select channel_id from channel_tracks order by channel_id limit 1`,
  );
  channel = first!.channel_id;
  tracks = (
    await rows<{ track_id: number }>(
      `select track_id from channel_tracks where channel_id = ${channel} order by position limit 5`,
    )
  ).map((r) => r.track_id);
  help.tutorialTopic = (await rows<{ id: number }>(`select id from tutorial_topics order by id limit 1`))[0]!.id;
  help.tutorialItem = (await rows<{ id: number }>(`select id from tutorial_items order by id limit 1`))[0]!.id;
  help.faqTopic = (await rows<{ id: number }>(`select id from faq_topics order by id limit 1`))[0]!.id;
  shops.demo = await shopOf(demo, 'demo');
  shops.other = await shopOf(other, 'other');
  // Give the other shop's player a state a leak could disturb: playing its playlist, favourites.
  const playing = await other.post(`/api/players/${shops.other.player}/playable/playlist/${shops.other.playlist}`, {});
  assert.equal(playing.statusCode, 200, playing.body);
  assert.equal((await other.post(`/api/channels/${channel}/toggle-favorite`)).statusCode, 200);
});
after(async () => {
  await t?.close();
});

/** A valid id of `shop` for each kind that names something. */
function idOf(kind: ParamKind, shop: Shop): string {
  switch (kind) {
    case 'player':
      return String(shop.player);
    case 'playlist':
      return String(shop.playlist);
    case 'sound':
      return String(shop.sound);
    case 'session':
      return shop.session;
    case 'channel':
      return String(channel);
    case 'track':
      return String(tracks[0]);
    case 'page':
      return '1';
    case 'resetToken':
      return 'a'.repeat(64);
    case 'pusherApp':
      return t.config.pusherAppId;
    case 'pusherChannel':
      return `presence-customer.${shop.customerId}`;
    case 'mediaPath':
      return 'x.mp3';
    case 'spot':
      return String(shop.spot);
    case 'slideshow':
      return String(shop.slideshow);
    case 'screen':
      return String(shop.screen);
    case 'screenHash':
      return shop.screenHash;
    case 'scheduledContent':
      return String(shop.scheduledContent);
    case 'musicBlock':
      return String(shop.musicBlock);
    case 'setting':
      return String(shop.setting);
    case 'zone':
      return String(shop.zone);
    case 'tutorialTopic':
    case 'tutorialItem':
    case 'faqTopic':
      return String(help[kind]);
  }
}

/** A valid body for each write route taking ids, so that only the foreign id can be refused. */
const VALID_BODY: Record<string, (shop: Shop) => Record<string, unknown>> = {
  'POST /api/channels/:id/toggle-favorite': () => ({}),
  'POST /api/players/:id/random': () => ({}),
  'POST /api/players/:id/repeat': () => ({}),
  'POST /api/players/:id/update-volume': () => ({ volume: 40 }),
  'POST /api/players/:id/output': () => ({ state: 'needs_tap' }),
  'POST /api/players/:id/playable/channel/:channelId': () => ({ track: tracks[1] }),
  'POST /api/players/:id/sessions/:sessionId': () => ({ currentTime: 0 }),
  'POST /api/playlists/:id': () => ({ name: 'Átnevezett lista' }),
  'POST /api/playlists/:id/all-tracks': () => ({ tracks: [tracks[3], tracks[4]] }),
  'POST /api/playlists/:id/tracks/:trackId': () => ({}),
  'POST /api/playlists/:id/delete': () => ({}),
  'POST /api/playlists/:id/reorder': () => ({ tracks: [tracks[2], tracks[1], tracks[0]] }),
  'POST /api/players/:id/playable/playlist/:playlistId': () => ({}),
  'POST /api/players/:id/sounds/:soundId/play': () => ({}),
  'POST /api/players/:id/spots/play': (shop) => ({ spots: [shop.spot] }),
  'POST /api/players/:id/played': (shop) => ({
    type: 'spot',
    id: shop.spot,
    started_at: new Date().toISOString(),
    seconds: 20,
    ended: true,
    report_id: `isolation-${shop.spot}`,
  }),
  'POST /api/devices/:sessionId/name': () => ({ name: 'Pult' }),
  'POST /api/devices/:sessionId/zone': (shop) => ({ zone_id: shop.zone }),
  'POST /api/zones/:id': () => ({ name: 'Raktár' }),
  'POST /api/zones/delete/:id': () => ({}),
  'POST /api/spots/:id': () => ({ name: 'Átnevezett szpot' }),
  'POST /api/spots/delete/:id': () => ({}),
  'POST /api/sounds/:id/favorite': () => ({}),
  'POST /api/sounds/:id/quick': () => ({}),
  'POST /api/sounds/:id/delete': () => ({}),
  'POST /api/slideshows/:id': (shop) => ({ name: 'Átnevezett vetítés', images: [{ id: shop.image, seconds: 7 }] }),
  // JSON carries no file: the foreign slideshow is refused before the missing file is.
  'POST /api/slideshows/:id/image': () => ({}),
  'POST /api/slideshows/:id/image/remove': (shop) => ({ id: shop.image }),
  'POST /api/slideshows/:id/delete': () => ({}),
  'POST /api/screens/:id': (shop) => ({ name: 'Átnevezett kijelző', slideshow_id: shop.slideshow }),
  'POST /api/screens/delete/:id': () => ({}),
  'POST /api/scheduled-contents/:id': (shop) => ({
    name: 'Átnevezett ütemezés',
    frequency: 'hourly',
    spots: [shop.spot],
    slideshows: [shop.slideshow],
    screens: [shop.screen],
  }),
  'POST /api/scheduled-contents/toggle/:id': () => ({}),
  'POST /api/scheduled-contents/delete/:id': (shop) => ({ id: shop.scheduledContent }),
  'POST /api/music-plan/blocks/:id': () => ({ from: '06:00', to: '06:30', source_type: 'channel', source_id: channel }),
  'POST /api/music-plan/blocks/delete/:id': () => ({}),
  'POST /api/blocked-tracks/:trackId': () => ({}),
  'POST /api/settings/:id': (shop) => ({ id: shop.setting, key: 'timezone', value: 'UTC' }),
  // JSON carries no file: the foreign row is refused before the key and the missing file are.
  'POST /api/settings/file/:id': (shop) => ({ id: shop.setting, key: 'timezone' }),
};

/** Not a shop's or the catalogue's ids: nothing to isolate by path (covered elsewhere). */
const NO_ID_ROUTES_REASON: Partial<Record<ParamKind, string>> = {
  page: 'a page number',
  resetToken: 'a secret, bound to its customer (password-reset.test.ts)',
  pusherApp: 'the realtime server API, HMAC-signed, no shop',
  pusherChannel: 'the realtime server API, HMAC-signed, no shop',
  mediaPath: 'signed media links, no shop (media.test.ts)',
};

function request(key: string, values: Record<string, string>, shop: Shop) {
  const method = key.slice(0, key.indexOf(' ')) as 'GET' | 'POST';
  let url = key.slice(key.indexOf(' ') + 1);
  for (const [name, value] of Object.entries(values))
    url = url.replace(name === '*' ? '*' : `:${name}`, encodeURIComponent(value));
  if (method === 'GET') return { method, url, body: undefined };
  const body = VALID_BODY[key];
  if (!body) throw new Error(`${key} takes ids but has no VALID_BODY in tests/server/isolation.test.ts: add one.`);
  return { method, url, body: body(shop) };
}

async function bothShops(): Promise<{ demo: Snapshot; other: Snapshot }> {
  return {
    demo: await snapshotShop(t.database.db, shops.demo.customerId),
    other: await snapshotShop(t.database.db, shops.other.customerId),
  };
}

describe('tenant isolation over the route table', () => {
  test('every path parameter of every route is known', () => {
    const unknown: string[] = [];
    for (const key of routeKeys(t.app)) {
      try {
        paramKinds(key);
      } catch (err) {
        unknown.push((err as Error).message);
      }
    }
    assert.deepEqual(unknown, []);
  });

  test("another shop's id answers 404 and changes neither shop", async (t2) => {
    let checked = 0;
    for (const key of routeKeys(t.app)) {
      const kinds = paramKinds(key);
      const tenantParams = Object.entries(kinds).filter(([, k]) => TENANT_KINDS.has(k));
      for (const [foreignParam, kind] of tenantParams) {
        const values = Object.fromEntries(Object.entries(kinds).map(([name, k]) => [name, idOf(k, shops.demo)]));
        values[foreignParam] = idOf(kind, shops.other);
        const req = request(key, values, shops.demo);
        const before = await bothShops();
        const res = await demo.request(req.method, req.url, { body: req.body });
        const where = `${key} with the other shop's ${kind} (${req.method} ${req.url}): ${res.statusCode} ${res.body.slice(0, 200)}`;
        assert.equal(res.statusCode, 404, where);
        assert.deepEqual(res.json(), { message: 'Nem található.' }, where);
        const after = await bothShops();
        assert.deepEqual(snapshotDiff(before.other, after.other), [], `the other shop changed: ${where}`);
        assert.deepEqual(snapshotDiff(before.demo, after.demo), [], `the caller's shop changed: ${where}`);
        checked += 1;
      }
    }
    t2.diagnostic(`${checked} foreign-id calls`);
    assert.ok(checked >= 20, `only ${checked} foreign-id calls`);
  });

  test('routes on catalogue ids (global) leave the other shop alone', async (t2) => {
    let checked = 0;
    for (const key of routeKeys(t.app)) {
      const kinds = paramKinds(key);
      const list = Object.values(kinds);
      if (list.some((k) => TENANT_KINDS.has(k)) || !list.some((k) => GLOBAL_KINDS.has(k))) continue;
      const values = Object.fromEntries(Object.entries(kinds).map(([name, k]) => [name, idOf(k, shops.demo)]));
      const req = request(key, values, shops.demo);
      const before = await bothShops();
      const res = await demo.request(req.method, req.url, { body: req.body });
      const where = `${key} (${req.method} ${req.url}): ${res.statusCode} ${res.body.slice(0, 200)}`;
      assert.ok(res.statusCode < 400, where);
      const after = await bothShops();
      assert.deepEqual(snapshotDiff(before.other, after.other), [], `the other shop changed: ${where}`);
      checked += 1;
    }
    t2.diagnostic(`${checked} catalogue-id calls`);
    assert.ok(checked >= 5);
  });

  test('routes without ids of a shop or the catalogue are named with a reason', () => {
    for (const key of routeKeys(t.app)) {
      const list = Object.values(paramKinds(key));
      if (list.length === 0 || list.some((k) => TENANT_KINDS.has(k) || GLOBAL_KINDS.has(k))) continue;
      for (const k of list)
        assert.ok(NO_ID_ROUTES_REASON[k], `${key}: parameter kind ${k} has no reason in isolation.test.ts`);
    }
  });

  test("another shop's spot in a body is refused (422) and changes nothing", async () => {
    const before = await bothShops();
    const res = await demo.post(`/api/players/${shops.demo.player}/spots/play`, {
      spots: [shops.demo.spot, shops.other.spot],
    });
    assert.equal(res.statusCode, 422, res.body);
    assert.ok(res.json().errors.spots);
    const after = await bothShops();
    assert.deepEqual(snapshotDiff(before.other, after.other), []);
    assert.deepEqual(snapshotDiff(before.demo, after.demo), []);
  });

  test('the same calls with its own ids do work (the 404s above are about ownership)', async () => {
    // Sanity: a few of the routes above answer 2xx for the shop's own ids.
    for (const url of [
      `/api/players/${shops.demo.player}/random`,
      `/api/playlists/${shops.demo.playlist}`,
      `/api/players/${shops.demo.player}/sounds/${shops.demo.sound}/play`,
      `/api/players/${shops.demo.player}/sessions/${shops.demo.session}`,
    ]) {
      const res = await demo.post(
        url,
        url.endsWith('/sessions/' + shops.demo.session) ? { currentTime: 0 } : { name: 'Saját' },
      );
      assert.ok(res.statusCode < 300, `${url}: ${res.statusCode} ${res.body}`);
    }
  });
});
