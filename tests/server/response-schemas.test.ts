/**
 * The routes' response schemas (issue 41) describe what the routes send: written through them, no
 * answer loses a field or turns into a 500. Every route of the scenario below is sent to the app as
 * built and checked two ways: what went on the wire equals what the handler (or the error handler)
 * gave before its route's schema wrote it; and each read is also sent, with the same login, to the
 * same app built without response schemas (`responseSchemas: false`) on the same database, whose
 * answer must be the same, status and body. Every route declares its answers, and the scenario
 * samples every route, so a new route without either fails here.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SETTING_LOGO, SETTING_TIMEZONE } from '../../contracts/settings';
import { buildApp } from '../../server/src/app';
import { signRequest } from '../../server/src/realtime/protocol';
import { Client, createTestApp, DEMO, localUrl, loggedIn, multipart, PNG, silentMp3, type TestApp } from './helpers';
import { READ_ONLY_GETS } from './route-table';

/** Routes registered only under test control (SCHEDULER_TEST_CONTROL), not in this app. */
const TEST_ONLY = new Set(['POST /api/_test/scheduler/tick']);

let t: TestApp;
/** The same app without response schemas, on the same database. */
let bare: FastifyInstance;
/** What each answer's handler gave, before its schema wrote it (per request id). */
const given = new Map<string, unknown>();
/** `METHOD /url-pattern` of every request the scenario made. */
const sampled = new Set<string>();

before(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.addHook('preSerialization', async (req, _reply, payload) => {
          given.set(req.id, JSON.parse(JSON.stringify(payload)));
          return payload;
        });
        tagRoutes(app);
      },
    },
  );
  bare = await buildApp({ config: t.config, database: t.database, logger: false, responseSchemas: false });
  tagRoutes(bare);
  await bare.ready();
});
after(async () => {
  await bare?.close();
  await t?.close();
});

/** The route a response answered, as `METHOD /url-pattern`. */
const routeOf = (res: LightMyRequestResponse) => res.headers['x-test-route'] as string | undefined;

/**
 * Sends one request to the built app and checks its answer; a read (GET) goes to the bare app too,
 * with the same cookies. Returns the built app's answer.
 */
async function send(
  client: Client,
  method: 'GET' | 'POST' | 'OPTIONS',
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; xsrf?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const twin = new Client(bare, {});
  for (const [k, v] of client.jar) twin.jar.set(k, v);
  const extra = { headers: { ...options.headers }, ...(options.xsrf === undefined ? {} : { xsrf: options.xsrf }) };
  const res = await client.request(method, url, { ...extra, body: options.body });
  const what = `${method} ${url} (${res.statusCode})`;
  assert.notEqual(res.statusCode, 500, `${what}: ${res.body}`);
  const route = routeOf(res);
  if (route) sampled.add(route);
  const requestId = res.headers['x-test-request-id'] as string | undefined;
  const before = requestId ? given.get(requestId) : undefined;
  if (before !== undefined) {
    assert.deepEqual(JSON.parse(res.body), before, `${what}: the schema changed the answer`);
  }
  // Reads only: a state-changing GET (the player's) sent twice would answer another state.
  if (method === 'GET' && route && READ_ONLY_GETS.has(route)) {
    const plain = await twin.request(method, url, extra);
    assert.equal(res.statusCode, plain.statusCode, `${what}: another status without response schemas`);
    assert.equal(res.headers['content-type'], plain.headers['content-type'], `${what}: content type`);
    if (res.body || plain.body) {
      const isJson = String(res.headers['content-type'] ?? '').includes('json');
      if (isJson) assert.deepEqual(JSON.parse(res.body), JSON.parse(plain.body), `${what}: another body`);
      else assert.equal(res.body, plain.body, `${what}: another body`);
    }
  }
  return res;
}

/** A request to Pusher's HTTP API, signed with the app's secret as pusher-php signs it. */
function pusher(client: Client, method: 'GET' | 'POST', url: string, body: string, query: Record<string, string> = {}) {
  const params: Record<string, string> = {
    auth_key: t.config.pusherKey,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    ...(method === 'POST' ? { body_md5: createHash('md5').update(body).digest('hex') } : {}),
    ...query,
  };
  const signature = signRequest(t.config.pusherSecret, method, url, params);
  const search = new URLSearchParams({ ...params, auth_signature: signature });
  const headers = { 'content-type': 'application/json' };
  return send(client, method, `${url}?${search}`, { ...(method === 'POST' ? { body, headers } : {}), xsrf: false });
}

/** Which route of the app answered, and the request's id, told in test-only headers. */
function tagRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    const url = req.routeOptions.url;
    if (url) reply.header('x-test-route', `${req.method} ${url}`);
    reply.header('x-test-request-id', req.id);
  });
}

test('every route declares its answers', () => {
  const missing = t.app.routeTable
    .filter((r) => r.method !== 'HEAD' && !r.responses)
    .map((r) => `${r.method} ${r.url}`);
  assert.deepEqual(missing, [], 'routes without `schema.response`');
});

test('written through their schemas, the answers are what the handlers gave, and the same without the schemas', async () => {
  const anon = new Client(t.app);
  const a = new Client(t.app);

  // Health, login, the customer.
  await send(anon, 'GET', '/health/live');
  await send(anon, 'GET', '/health/ready');
  await send(anon, 'GET', '/api/customer');
  await send(anon, 'GET', '/api/me');
  await send(a, 'GET', '/sanctum/csrf-cookie');
  assert.equal((await send(a, 'POST', '/login', { body: { email: DEMO.email, password: 'wrong' } })).statusCode, 422);
  assert.equal((await send(a, 'POST', '/login', { body: { email: 'x' } })).statusCode, 422);
  assert.equal((await send(a, 'POST', '/login', { body: DEMO })).statusCode, 204);
  // Logged in already: the guest route's redirect.
  assert.equal((await send(a, 'POST', '/login', { body: DEMO })).statusCode, 302);
  const me = await send(a, 'GET', '/api/me');
  const sessionId = (me.json() as { session_id: string }).session_id;
  await send(a, 'GET', '/api/customer');
  await send(anon, 'POST', '/api/password-reset-link', { body: { email: DEMO.email } });
  await send(anon, 'POST', '/api/password-reset-link', { body: {} });
  const reset = { email: DEMO.email, password: 'uj-jelszo-123', password_confirmation: 'uj-jelszo-123' };
  await send(anon, 'POST', '/api/reset-password/nincs-ilyen', { body: reset });
  await send(anon, 'POST', '/api/reset-password/nincs-ilyen', { body: {} });
  // The shared refusals: no CSRF token (419), an unread body type (415), no login (401).
  assert.equal((await send(a, 'POST', '/api/music-plan', { body: {}, xsrf: false })).statusCode, 419);
  assert.equal(
    (await send(a, 'POST', '/api/alerts/read', { body: 'x', headers: { 'content-type': 'text/plain' } })).statusCode,
    415,
  );
  assert.equal((await send(anon, 'GET', '/api/channels')).statusCode, 401);

  // Channels.
  const channels = (await send(a, 'GET', '/api/channels')).json() as Array<{ id: number }>;
  const channelId = channels[0]!.id;
  await send(a, 'GET', '/api/channels/subcategories');
  await send(a, 'GET', '/api/channels/favorite');
  await send(a, 'GET', `/api/channels/${channelId}`);
  assert.equal((await send(a, 'GET', '/api/channels/999999')).statusCode, 404);
  await send(a, 'GET', `/api/channels/${channelId}/check-favorite`);
  await send(a, 'POST', `/api/channels/${channelId}/toggle-favorite`);
  await send(a, 'GET', '/api/channels/favorite');
  await send(a, 'POST', `/api/channels/${channelId}/toggle-favorite`);
  const tracks = (await send(a, 'GET', `/api/channels/${channelId}/tracks`)).json() as Array<{ id: number }>;
  await send(a, 'GET', `/api/channels/${channelId}/tracks/1`);
  assert.equal((await send(a, 'GET', `/api/channels/${channelId}/tracks/abc`)).statusCode, 422);

  // The player.
  const players = (await send(a, 'GET', '/api/players')).json() as Array<{ id: number }>;
  const p = `/api/players/${players[0]!.id}`;
  await send(a, 'POST', `${p}/playable/channel/${channelId}`);
  await send(a, 'POST', `${p}/sessions/${sessionId}`, { body: { currentTime: 0 } });
  await send(a, 'GET', `${p}/toggle-play`);
  await send(a, 'POST', `${p}/output`, { body: { state: 'audible' } });
  await send(a, 'POST', `${p}/random`);
  await send(a, 'POST', `${p}/repeat`);
  await send(a, 'GET', `${p}/load-track`);
  await send(a, 'GET', `${p}/next`);
  await send(a, 'GET', `${p}/next?auto=1`);
  await send(a, 'GET', `${p}/next/tracks/${tracks[1]!.id}`);
  await send(a, 'POST', `${p}/update-volume`, { body: { volume: 40 } });
  assert.equal((await send(a, 'POST', `${p}/update-volume`, { body: { volume: 400 } })).statusCode, 422);
  assert.equal((await send(a, 'POST', `${p}/sessions/nincs-ilyen`, { body: { currentTime: 0 } })).statusCode, 404);
  // Another device of the shop, which holds no output, reports what it plays.
  const b = await loggedIn(t.app);
  assert.equal((await send(b, 'POST', `${p}/output`, { body: { state: 'audible' } })).statusCode, 409);
  assert.equal((await send(a, 'GET', '/api/players/999999/toggle-play')).statusCode, 404);

  // Devices.
  await send(a, 'POST', `/api/devices/${sessionId}/name`, { body: { name: 'Pult' } });
  assert.equal((await send(a, 'POST', '/api/devices/nincs-ilyen/name', { body: { name: 'Pult' } })).statusCode, 404);
  assert.equal((await send(a, 'POST', `/api/devices/${sessionId}/name`, { body: { name: '' } })).statusCode, 422);

  // Zones.
  const zone = (await send(a, 'POST', '/api/zones', { body: { name: 'Terasz' } })).json() as { id: number };
  const [firstZone] = (await send(a, 'GET', '/api/zones')).json() as Array<{ id: number }>;
  await send(a, 'POST', `/api/zones/${zone.id}`, { body: { name: 'Kávézó' } });
  await send(a, 'POST', '/api/zones/reorder', { body: { ids: [zone.id, firstZone!.id] } });
  assert.equal((await send(a, 'POST', '/api/zones/reorder', { body: { ids: [zone.id] } })).statusCode, 422);
  await send(a, 'POST', '/api/music-plan/copy', { body: { from_zone: firstZone!.id, to_zone: zone.id } });
  await send(a, 'POST', `/api/devices/${sessionId}/zone`, { body: { zone_id: zone.id } });
  await send(a, 'POST', '/api/zones/reorder', { body: { ids: [firstZone!.id, zone.id] } });
  await send(a, 'POST', `/api/zones/delete/${zone.id}`);
  assert.equal((await send(a, 'POST', `/api/zones/delete/${firstZone!.id}`)).statusCode, 422);

  // Help.
  const topics = (await send(a, 'GET', '/api/tutorials')).json() as Array<{
    id: number;
    tutorial_items: Array<{ id: number }>;
  }>;
  const topic = topics.find((x) => x.tutorial_items.length)!;
  await send(a, 'GET', `/api/tutorials/${topic.id}`);
  await send(a, 'GET', `/api/tutorials/item/${topic.tutorial_items[0]!.id}`);
  assert.equal((await send(a, 'GET', '/api/tutorials/999999')).statusCode, 404);
  assert.equal((await send(a, 'GET', '/api/tutorials/item/999999')).statusCode, 404);
  const faqs = (await send(a, 'GET', '/api/faqs')).json() as Array<{ id: number }>;
  await send(a, 'GET', `/api/faqs/${faqs[0]!.id}`);
  assert.equal((await send(a, 'GET', '/api/faqs/999999')).statusCode, 404);

  // Opening hours, blocked tracks, the music plan.
  const hours = (await send(a, 'GET', '/api/opening-hours')).json();
  const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
    day,
    open: '08:00',
    close: '20:00',
  }));
  await send(a, 'POST', '/api/opening-hours', { body: { week, exceptions: [] } });
  assert.equal((await send(a, 'POST', '/api/opening-hours', { body: { week: 'x' } })).statusCode, 422);
  await send(a, 'POST', '/api/opening-hours', { body: hours });
  await send(a, 'POST', `/api/blocked-tracks/${tracks[2]!.id}`);
  await send(a, 'GET', '/api/blocked-tracks');
  await send(a, 'POST', `/api/blocked-tracks/${tracks[2]!.id}`);
  assert.equal((await send(a, 'POST', '/api/blocked-tracks/999999')).statusCode, 404);
  await send(a, 'GET', '/api/music-plan');
  const plan = { default_source_type: 'channel', default_source_id: channelId };
  await send(a, 'POST', '/api/music-plan', { body: { enabled: false, ...plan } });
  assert.equal((await send(a, 'POST', '/api/music-plan/resume')).statusCode, 409);
  assert.equal((await send(a, 'POST', '/api/music-plan', { body: { enabled: 'x' } })).statusCode, 422);
  const block = { name: 'Hajnal', from: '03:00', to: '04:00', source_type: 'channel', source_id: channelId };
  const created = await send(a, 'POST', '/api/music-plan/blocks', { body: { ...block, volume: 60, shuffle: true } });
  assert.equal(created.statusCode, 201, created.body);
  const blockId = (created.json() as { id: number }).id;
  await send(a, 'GET', '/api/music-plan/blocks');
  await send(a, 'POST', `/api/music-plan/blocks/${blockId}`, { body: { ...block, name: 'Délelőtt' } });
  assert.equal((await send(a, 'POST', '/api/music-plan/blocks/999999', { body: block })).statusCode, 404);
  assert.equal((await send(a, 'POST', '/api/music-plan/blocks', { body: { name: 'x' } })).statusCode, 422);
  await send(a, 'POST', '/api/music-plan', { body: { enabled: true, ...plan } });
  await send(a, 'POST', '/api/music-plan/resume');
  await send(a, 'POST', '/api/music-plan', { body: { enabled: false, ...plan } });
  await send(a, 'POST', `/api/music-plan/blocks/delete/${blockId}`);
  assert.equal((await send(a, 'POST', `/api/music-plan/blocks/delete/${blockId}`)).statusCode, 404);

  // Scheduled contents.
  const items = (await send(a, 'GET', '/api/scheduled-contents')).json() as Array<{
    id: number;
    spots: Array<{ id: number }>;
  }>;
  await send(a, 'GET', '/api/scheduled-contents/preview?hours=24');
  assert.equal((await send(a, 'GET', '/api/scheduled-contents/preview?hours=x')).statusCode, 422);
  const spotId = items.find((i) => i.spots.length)!.spots[0]!.id;
  const item = await send(a, 'POST', '/api/scheduled-contents', { body: { name: 'Próba', spots: [spotId] } });
  assert.equal(item.statusCode, 201, item.body);
  const itemId = (item.json() as { id: number }).id;
  await send(a, 'POST', `/api/scheduled-contents/${itemId}`, { body: { name: 'Próba 2', spots: [spotId] } });
  await send(a, 'POST', `/api/scheduled-contents/toggle/${itemId}`);
  assert.equal((await send(a, 'POST', '/api/scheduled-contents', { body: { name: '' } })).statusCode, 422);
  await send(a, 'POST', `/api/scheduled-contents/delete/${itemId}`);
  assert.equal((await send(a, 'POST', `/api/scheduled-contents/toggle/${itemId}`)).statusCode, 404);
  assert.equal((await send(a, 'POST', `/api/scheduled-contents/delete/${itemId}`)).statusCode, 404);

  // Alerts and the weekly report.
  await send(a, 'GET', '/api/alerts');
  assert.equal((await send(a, 'GET', '/api/alerts?page=x')).statusCode, 422);
  await send(a, 'POST', '/api/alerts/read', { body: {} });
  assert.equal((await send(a, 'POST', '/api/alerts/read', { body: { ids: [999999] } })).statusCode, 404);
  const settings = (await send(a, 'GET', '/api/alert-settings')).json();
  await send(a, 'POST', '/api/alert-settings', { body: settings });
  assert.equal((await send(a, 'POST', '/api/alert-settings', { body: { delay: 'x' } })).statusCode, 422);
  await send(a, 'POST', '/api/alert-settings/test', { body: {} });
  await send(a, 'GET', '/api/push-config');
  const keys = { p256dh: 'BExampleKeyExampleKeyExampleKeyExampleKey', auth: 'ExampleAuthKey' };
  const endpoint = { endpoint: 'https://example.com/push/1', keys };
  assert.equal((await send(a, 'POST', '/api/push-subscriptions', { body: endpoint })).statusCode, 422);
  await send(a, 'POST', '/api/push-subscriptions/delete', { body: { endpoint: 'https://example.com/push/1' } });
  await send(a, 'GET', '/api/reports/weekly');
  await send(a, 'GET', '/api/reports/weekly?format=csv');
  assert.equal((await send(a, 'GET', '/api/reports/weekly?week=2999-W01')).statusCode, 422);

  // Playlists.
  await send(a, 'GET', '/api/playlists');
  const list = await send(a, 'POST', '/api/playlists', { body: { name: 'Próba lista' } });
  assert.equal(list.statusCode, 201, list.body);
  const listId = (list.json() as { id: number }).id;
  assert.equal((await send(a, 'POST', '/api/playlists', { body: { name: '' } })).statusCode, 422);
  const fromTracks = await send(a, 'POST', '/api/playlists/all-tracks', {
    body: { name: 'Próba lista 2', tracks: [tracks[0]!.id, tracks[1]!.id] },
  });
  assert.equal(fromTracks.statusCode, 201, fromTracks.body);
  const fromTracksId = (fromTracks.json() as { id: number }).id;
  await send(a, 'GET', `/api/playlists/${listId}`);
  assert.equal((await send(a, 'GET', '/api/playlists/999999')).statusCode, 404);
  await send(a, 'POST', `/api/playlists/${listId}`, { body: { name: 'Átnevezett lista' } });
  await send(a, 'POST', `/api/playlists/${listId}/all-tracks`, { body: { tracks: [tracks[0]!.id, tracks[1]!.id] } });
  await send(a, 'POST', `/api/playlists/${listId}/tracks/${tracks[2]!.id}`);
  assert.equal((await send(a, 'POST', `/api/playlists/${listId}/tracks/999999`)).statusCode, 404);
  await send(a, 'GET', `/api/playlists/${listId}/tracks`);
  await send(a, 'GET', `/api/playlists/${listId}/tracks/1`);
  await send(a, 'GET', `/api/playlists/tracks/${tracks[0]!.id}`);
  await send(a, 'POST', `/api/playlists/${listId}/reorder`, {
    body: { tracks: [tracks[2]!.id, tracks[1]!.id, tracks[0]!.id] },
  });
  assert.equal((await send(a, 'POST', `/api/playlists/${listId}/reorder`, { body: { tracks: 'x' } })).statusCode, 422);
  await send(a, 'POST', `${p}/playable/playlist/${listId}`);
  await send(a, 'POST', `${p}/playable/channel/${channelId}`);
  await send(a, 'POST', `/api/playlists/${fromTracksId}/delete`);
  assert.equal((await send(a, 'POST', `/api/playlists/${fromTracksId}/delete`)).statusCode, 404);

  // Sounds.
  const mp3 = (name: string) =>
    multipart({ name }, [{ filename: 'proba.mp3', type: 'audio/mpeg', data: silentMp3(2) }]);
  await send(a, 'GET', '/api/sounds');
  const soundUpload = mp3('Próba hang');
  const sound = await send(a, 'POST', '/api/sounds', soundUpload);
  assert.equal(sound.statusCode, 201, sound.body);
  const soundId = (sound.json() as { id: number }).id;
  assert.equal((await send(a, 'POST', '/api/sounds', multipart({ name: 'Fájl nélkül' }))).statusCode, 422);
  await send(a, 'POST', '/api/sounds/requests', { body: { description: 'Egy csengő hangja' } });
  assert.equal((await send(a, 'POST', '/api/sounds/requests', { body: { description: '' } })).statusCode, 422);
  await send(a, 'POST', `/api/sounds/${soundId}/favorite`);
  await send(a, 'POST', `/api/sounds/${soundId}/quick`);
  assert.equal((await send(a, 'POST', `${p}/sounds/${soundId}/play`)).statusCode, 200);
  assert.equal((await send(a, 'POST', `${p}/sounds/999999/play`)).statusCode, 404);
  await send(a, 'POST', `/api/sounds/${soundId}/delete`);
  assert.equal((await send(a, 'POST', `/api/sounds/${soundId}/favorite`)).statusCode, 404);

  // Spots, 'play now', the play reports and the play log.
  const spots = (await send(a, 'GET', '/api/spots')).json() as Array<{ id: number; url: string }>;
  const spot = await send(a, 'POST', '/api/spots', mp3('Próba szpot'));
  assert.equal(spot.statusCode, 201, spot.body);
  const newSpotId = (spot.json() as { id: number }).id;
  assert.equal((await send(a, 'POST', '/api/spots', multipart({ name: '' }))).statusCode, 422);
  await send(a, 'POST', `/api/spots/${newSpotId}`, multipart({ name: 'Átnevezett szpot' }));
  assert.equal((await send(a, 'POST', '/api/spots/999999', multipart({ name: 'X' }))).statusCode, 404);
  assert.equal((await send(a, 'POST', `${p}/spots/play`, { body: { spots: [newSpotId] } })).statusCode, 200);
  assert.equal((await send(a, 'POST', `${p}/spots/play`, { body: { spots: [999999] } })).statusCode, 422);
  assert.equal((await send(a, 'POST', '/api/players/999999/spots/play', { body: { spots: [] } })).statusCode, 404);
  const report = {
    type: 'spot',
    id: newSpotId,
    started_at: new Date(Date.now() - 60_000).toISOString(),
    seconds: 2,
    ended: true,
    report_id: 'valaszsema-proba-1',
  };
  assert.equal((await send(a, 'POST', `${p}/played`, { body: report })).statusCode, 201);
  assert.equal((await send(a, 'POST', `${p}/played`, { body: report })).statusCode, 200);
  assert.equal((await send(a, 'POST', `${p}/played`, { body: { ...report, type: 'x' } })).statusCode, 422);
  assert.equal((await send(a, 'POST', '/api/players/999999/played', { body: report })).statusCode, 404);
  await send(a, 'POST', `/api/spots/delete/${newSpotId}`);
  assert.equal((await send(a, 'POST', `/api/spots/delete/${newSpotId}`)).statusCode, 404);
  await send(a, 'GET', '/api/play-log');
  await send(a, 'GET', '/api/play-log/spots');
  await send(a, 'GET', '/api/play-log/export');
  assert.equal((await send(a, 'GET', '/api/play-log?page=x')).statusCode, 422);
  assert.equal((await send(a, 'GET', '/api/play-log/spots?from=x')).statusCode, 422);
  assert.equal((await send(a, 'GET', '/api/play-log/export?to=x')).statusCode, 422);

  // Media: a spot's signed file, its CORS preflight, a forged signature.
  const media = localUrl(new URL(spots[0]!.url, 'http://localhost').href);
  assert.equal((await send(a, 'GET', media)).statusCode, 200);
  const preflight = { origin: 'http://localhost', 'access-control-request-method': 'GET' };
  assert.equal((await send(anon, 'OPTIONS', media, { headers: preflight })).statusCode, 204);
  assert.equal((await send(anon, 'GET', `${media.split('?')[0]}?signature=x`)).statusCode, 403);

  // Slideshows and screens.
  await send(a, 'GET', '/api/slideshows');
  const show = await send(a, 'POST', '/api/slideshows', { body: { name: 'Próba diavetítés' } });
  assert.equal(show.statusCode, 201, show.body);
  const showId = (show.json() as { id: number }).id;
  assert.equal((await send(a, 'POST', '/api/slideshows', { body: { name: '' } })).statusCode, 422);
  const png = multipart({}, [{ filename: 'kep.png', type: 'image/png', data: PNG }]);
  const image = await send(a, 'POST', `/api/slideshows/${showId}/image`, png);
  assert.equal(image.statusCode, 201, image.body);
  const imageId = (image.json() as { id: number }).id;
  assert.equal((await send(a, 'POST', `/api/slideshows/${showId}/image`, multipart())).statusCode, 422);
  await send(a, 'GET', `/api/slideshows/${showId}`);
  assert.equal((await send(a, 'GET', '/api/slideshows/999999')).statusCode, 404);
  await send(a, 'POST', `/api/slideshows/${showId}`, {
    body: { name: 'Átnevezett', images: [{ id: imageId, seconds: 3 }] },
  });
  assert.equal((await send(a, 'POST', `/api/slideshows/${showId}`, { body: { name: '' } })).statusCode, 422);
  await send(a, 'GET', '/api/screens');
  const screen = await send(a, 'POST', '/api/screens', {
    body: { name: 'Próba kijelző', description: '', slideshow_id: showId },
  });
  assert.equal(screen.statusCode, 201, screen.body);
  const { id: screenId, hash_id: hashId } = screen.json() as { id: number; hash_id: string };
  assert.equal((await send(a, 'POST', '/api/screens', { body: { name: '' } })).statusCode, 422);
  await send(a, 'POST', `/api/screens/${screenId}`, {
    body: { name: 'Kijelző', description: 'Pult', slideshow_id: showId },
  });
  assert.equal((await send(a, 'POST', '/api/screens/999999', { body: { name: 'X' } })).statusCode, 404);
  await send(anon, 'GET', `/api/screens/public/${hashId}`);
  await send(anon, 'GET', `/api/screens/public/${hashId}/slideshows/${showId}`);
  assert.equal((await send(anon, 'GET', `/api/screens/public/${hashId}/slideshows/999999`)).statusCode, 404);
  await send(a, 'POST', `/api/slideshows/${showId}/image/remove`, { body: { id: imageId } });
  assert.equal(
    (await send(a, 'POST', `/api/slideshows/${showId}/image/remove`, { body: { id: imageId } })).statusCode,
    422,
  );
  assert.equal(
    (await send(a, 'POST', '/api/slideshows/999999/image/remove', { body: { id: imageId } })).statusCode,
    404,
  );
  await send(a, 'POST', `/api/screens/delete/${screenId}`);
  assert.equal((await send(a, 'POST', `/api/screens/delete/${screenId}`)).statusCode, 404);
  assert.equal((await send(anon, 'GET', `/api/screens/public/${hashId}`)).statusCode, 404);
  await send(a, 'POST', `/api/slideshows/${showId}/delete`);
  assert.equal((await send(a, 'POST', `/api/slideshows/${showId}/delete`)).statusCode, 404);

  // Settings.
  const shopSettings = (await send(a, 'GET', '/api/settings')).json() as Array<{
    id: number;
    key: string;
    value: unknown;
  }>;
  const timezone = shopSettings.find((s) => s.key === SETTING_TIMEZONE)!;
  const logo = shopSettings.find((s) => s.key === SETTING_LOGO)!;
  await send(a, 'POST', `/api/settings/${timezone.id}`, { body: { key: SETTING_TIMEZONE, value: 'Europe/Budapest' } });
  assert.equal(
    (await send(a, 'POST', `/api/settings/${timezone.id}`, { body: { key: SETTING_TIMEZONE, value: 'Mars/Base' } }))
      .statusCode,
    422,
  );
  assert.equal(
    (await send(a, 'POST', '/api/settings/999999', { body: { key: SETTING_TIMEZONE, value: 'UTC' } })).statusCode,
    404,
  );
  const logoFile = multipart({ id: logo.id, key: SETTING_LOGO }, [
    { filename: 'logo.png', type: 'image/png', data: PNG },
  ]);
  await send(a, 'POST', `/api/settings/file/${logo.id}`, logoFile);
  assert.equal(
    (await send(a, 'POST', `/api/settings/file/${logo.id}`, multipart({ key: SETTING_LOGO }))).statusCode,
    422,
  );

  // Real time: the channel authorisation (form POST and GET), the config, Pusher's HTTP API.
  const customerId = (me.json() as { customer_id: number }).customer_id;
  const channel = `presence-customer.${customerId}`;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  await send(a, 'POST', '/broadcasting/auth', {
    body: `socket_id=123.456&channel_name=${channel}`,
    headers: form,
    xsrf: false,
  });
  await send(a, 'GET', `/broadcasting/auth?socket_id=123.456&channel_name=${channel}`);
  assert.equal(
    (await send(a, 'GET', '/broadcasting/auth?socket_id=123.456&channel_name=private-customer.999999')).statusCode,
    403,
  );
  assert.equal(
    (await send(a, 'POST', '/broadcasting/auth', { body: 'x=1', headers: form, xsrf: false })).statusCode,
    422,
  );
  await send(a, 'GET', '/api/realtime-config');
  const appId = t.config.pusherAppId;
  const event = JSON.stringify({ name: 'proba', data: '{}', channels: ['proba'] });
  assert.equal((await pusher(anon, 'POST', `/apps/${appId}/events`, event)).statusCode, 200);
  assert.equal((await pusher(anon, 'POST', `/apps/${appId}/events`, '{}')).statusCode, 400);
  assert.equal(
    (await pusher(anon, 'POST', `/apps/${appId}/batch_events`, JSON.stringify({ batch: [JSON.parse(event)] })))
      .statusCode,
    200,
  );
  assert.equal((await pusher(anon, 'POST', `/apps/${appId}/batch_events`, '{"batch":[]}')).statusCode, 400);
  await pusher(anon, 'GET', `/apps/${appId}/channels`, '', { filter_by_prefix: 'presence-', info: 'user_count' });
  await pusher(anon, 'GET', `/apps/${appId}/channels/${channel}`, '');
  assert.equal((await pusher(anon, 'GET', `/apps/${appId}/channels/${channel}/users`, '')).statusCode, 200);
  assert.equal((await pusher(anon, 'GET', `/apps/${appId}/channels/proba/users`, '')).statusCode, 400);
  assert.equal((await send(anon, 'GET', `/apps/${appId}/channels`)).statusCode, 401);
  assert.equal((await pusher(anon, 'GET', '/apps/999999/channels', '')).statusCode, 404);

  assert.equal((await send(a, 'POST', '/api/logout')).statusCode, 204);

  // Every route of the app was sampled.
  const unsampled = t.app.routeTable
    .map((r) => `${r.method} ${r.url}`)
    .filter((key) => !key.startsWith('HEAD ') && !TEST_ONLY.has(key) && !sampled.has(key));
  assert.deepEqual([...new Set(unsampled)], [], 'routes the scenario does not sample');
});
