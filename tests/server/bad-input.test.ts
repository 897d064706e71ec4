/**
 * Generated bad input over every write route (and state-changing GET) of the server's own route
 * table: wrong types, huge and empty strings, unicode and control characters, numbers out of
 * range, arrays for scalars, malformed JSON and multipart, wrong content types, oversized bodies,
 * foreign ids, logged in and not. Nothing may answer 5xx; every refusal is a 4xx with a Hungarian
 * message and leaves both shops' data exactly as it was.
 *
 * FUZZ_SEED=<n> replays a run (the seed is printed on failure); FUZZ_RUNS=<n> inputs per route.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { Client, createTestApp, DEMO, loggedIn, multipart, OTHER, type TestApp } from './helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
import {
  isHungarianMessage,
  paramKinds,
  PROTOCOL_ROUTES,
  snapshotDiff,
  snapshotShop,
  writeRoutes,
  type ParamKind,
  type Snapshot,
} from './route-table';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const MIN_INPUTS = 500;

let t: TestApp;
let user: Client;
const ids = {
  demoCustomer: 0,
  otherCustomer: 0,
  player: 0,
  otherPlayer: 0,
  playlists: [] as number[],
  otherPlaylist: 0,
  channel: 0,
  tracks: [] as number[],
  sound: 0,
  otherSound: 0,
  spots: [] as number[],
  otherSpot: 0,
  slideshow: 0,
  otherSlideshow: 0,
  images: [] as number[],
  otherImage: 0,
  screen: 0,
  otherScreen: 0,
  screenHash: '',
  otherScreenHash: '',
  session: '',
  otherSession: '',
  scheduledContent: 0,
  otherScheduledContent: 0,
  musicBlock: 0,
  otherMusicBlock: 0,
  zone: 0,
  otherZone: 0,
  settings: [] as number[],
  otherSetting: 0,
  tutorialTopic: 0,
  tutorialItem: 0,
  faqTopic: 0,
};

const rows = async <T>(query: string) =>
  ((await t.database.db.execute(query as never)) as unknown as { rows: T[] }).rows;

before(async () => {
  t = await createTestApp();
  user = await loggedIn(t.app, DEMO);
  const other = await loggedIn(t.app, OTHER);
  const [demo] = await rows<{ id: number }>(`select id from customers where slug = 'demo'`);
  const [oth] = await rows<{ id: number }>(`select id from customers where slug = 'other'`);
  ids.demoCustomer = demo!.id;
  ids.otherCustomer = oth!.id;
  ids.player = (await user.get('/api/players')).json()[0].id;
  ids.otherPlayer = (await other.get('/api/players')).json()[0].id;
  ids.session = (await user.get('/api/me')).json().session_id;
  ids.otherSession = (await other.get('/api/me')).json().session_id;
  const created = await other.post('/api/playlists', { name: 'Másik lista' });
  ids.otherPlaylist = created.json().id;
  ids.playlists = (await rows<{ id: number }>(`select id from playlists where customer_id = ${ids.demoCustomer}`)).map(
    (r) => r.id,
  );
  const [channel] = await rows<{ channel_id: number }>(
    `select channel_id from channel_tracks order by channel_id, position limit 1`,
  );
  ids.channel = channel!.channel_id;
  ids.tracks = (
    await rows<{ track_id: number }>(
      `select track_id from channel_tracks where channel_id = ${ids.channel} order by position limit 8`,
    )
  ).map((r) => r.track_id);
  const [sound] = await rows<{ id: number }>(`select id from sounds order by id limit 1`);
  ids.sound = sound!.id;
  const [otherSound] = await rows<{ id: number }>(
    `insert into sounds (customer_id, name, file_path, duration) values (${ids.otherCustomer}, 'Másik hang', 'assets/none.mp3', 1) returning id`,
  );
  ids.otherSound = otherSound!.id;
  ids.spots = (await rows<{ id: number }>(`select id from spots where customer_id = ${ids.demoCustomer}`)).map(
    (r) => r.id,
  );
  const [otherSpot] = await rows<{ id: number }>(`select id from spots where customer_id = ${ids.otherCustomer}`);
  ids.otherSpot = otherSpot!.id;
  // A slideshow with two images and a screen showing it, in each shop.
  const shop = async (c: Client) => {
    const slideshow = (await c.post('/api/slideshows', { name: 'Vetítés' })).json().id as number;
    const images: number[] = [];
    for (const _ of [1, 2]) {
      const { body, headers } = multipart({}, [{ filename: 'kep.png', data: PNG }]);
      const res = await c.post(`/api/slideshows/${slideshow}/image`, body, { headers });
      if (res.statusCode !== 201) throw new Error(`image upload: ${res.statusCode} ${res.body}`);
      images.push(res.json().id);
    }
    const screen = (await c.post('/api/screens', { name: 'Kijelző', slideshow_id: slideshow })).json();
    return { slideshow, images, screen: screen.id as number, hash: screen.hash_id as string };
  };
  const mine = await shop(user);
  const theirs = await shop(other);
  // A scheduled content in each shop, linking all three kinds.
  const schedule = async (c: Client, spot: number, s: { slideshow: number; screen: number }) => {
    const res = await c.post('/api/scheduled-contents', {
      name: 'Ütemezés',
      spots: [spot],
      slideshows: [s.slideshow],
      screens: [s.screen],
    });
    if (res.statusCode !== 201) throw new Error(`scheduled content: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  };
  ids.settings = (
    await rows<{ id: number }>(`select id from settings where customer_id = ${ids.demoCustomer} order by id`)
  ).map((r) => r.id);
  ids.otherSetting = (
    await rows<{ id: number }>(`select id from settings where customer_id = ${ids.otherCustomer} order by id`)
  )[0]!.id;
  ids.tutorialTopic = (await rows<{ id: number }>(`select id from tutorial_topics order by id limit 1`))[0]!.id;
  ids.tutorialItem = (await rows<{ id: number }>(`select id from tutorial_items order by id limit 1`))[0]!.id;
  ids.faqTopic = (await rows<{ id: number }>(`select id from faq_topics order by id limit 1`))[0]!.id;
  // A music plan block in each shop.
  const musicBlock = async (c: Client) => {
    const res = await c.post('/api/music-plan/blocks', {
      from: '05:00',
      to: '05:30',
      source_type: 'channel',
      source_id: ids.channel,
    });
    if (res.statusCode !== 201) throw new Error(`music block: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  };
  ids.musicBlock = await musicBlock(user);
  ids.otherMusicBlock = await musicBlock(other);
  // A second zone of the demo shop (its first, the last one, cannot be deleted), and the other's.
  ids.zone = (await user.post('/api/zones', { name: 'Terasz' })).json().id;
  ids.otherZone = (await other.get('/api/zones')).json()[0].id;
  ids.scheduledContent = await schedule(user, ids.spots[0]!, mine);
  ids.otherScheduledContent = await schedule(other, ids.otherSpot, theirs);
  Object.assign(ids, {
    slideshow: mine.slideshow,
    images: mine.images,
    screen: mine.screen,
    screenHash: mine.hash,
    otherSlideshow: theirs.slideshow,
    otherImage: theirs.images[0],
    otherScreen: theirs.screen,
    otherScreenHash: theirs.hash,
  });
});
after(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// Values

// Bidi controls and the other invisible characters names refuse (Cf, Cc, Zl, Zp; a joiner outside an emoji).
const INVISIBLE = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u2028',
  '\u2029',
  '\u0085',
  '\u200B',
  '\u200D',
  '\uFEFF',
  '\u00AD',
  '\u{E0041}',
];
const HUGE = 'x'.repeat(70_000);
const OVERSIZED = JSON.stringify({ name: 'y'.repeat(2_200_000), email: 'a@b.hu', tracks: [1] });

const controlString = fc
  .array(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 8 })
  .map((codes) => 'a' + String.fromCharCode(...codes) + 'b');
const invisibleString = fc
  .tuple(fc.constantFrom(...INVISIBLE), fc.string({ maxLength: 10 }))
  .map(([b, s]) => `Lista ${b}${s}`);

/** Anything a field should not hold. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    '   ',
    '\u0000',
    '\uFEFF',
    '\uD800',
    'null',
    'undefined',
    '[]',
    '{}',
    '0x10',
    '1e3',
    '-0',
    'NaN',
    'Infinity',
    '١٢',
    '１２',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  controlString,
  invisibleString,
  fc.constant(HUGE),
  fc.integer(),
  fc.constantFrom(-1, 0, 0.5, -0.5, 101, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-320),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)), { maxLength: 6 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxKeys: 3 }),
  fc.constant(Array.from({ length: 6000 }, (_, i) => i + 1)),
);

type FieldKind =
  | 'email'
  | 'password'
  | 'bool'
  | 'name'
  | 'tracks'
  | 'volume'
  | 'time'
  | 'track'
  | 'socket'
  | 'channelName'
  | 'spots'
  | 'text'
  | 'description'
  | 'images'
  | 'imageId'
  | 'slideshowId'
  | 'frequency'
  | 'date'
  | 'clock'
  | 'spotIds'
  | 'slideshowIds'
  | 'screenIds'
  | 'settingKey'
  | 'settingValue'
  | 'playedType'
  | 'outputState'
  | 'instant'
  | 'reportId'
  | 'week'
  | 'exceptions'
  | 'sourceType'
  | 'sourceId'
  | 'zoneId'
  | 'zoneIds';

/** Values that may pass, so refusals deeper down (and accepted writes) are reached too. */
function plausible(kind: FieldKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'email':
      return fc.oneof(fc.emailAddress(), fc.constantFrom('nobody@example.com', 'other@pulzus.hu', 'DEMO @pulzus.hu'));
    case 'password':
      return fc.string({ minLength: 1, maxLength: 20 });
    case 'bool':
      return fc.constantFrom(true, false, 'on', '1', 'yes', 0);
    case 'name':
      return fc.oneof(fc.string({ minLength: 1, maxLength: 100 }), fc.constant('a'.repeat(101)));
    case 'tracks':
      return fc.oneof(
        fc.shuffledSubarray(ids.tracks, { minLength: 1 }),
        fc.array(fc.constantFrom(...ids.tracks, 999_999, 0, -1), { minLength: 1, maxLength: 10 }),
        fc.constant(ids.tracks.map(String)),
      );
    case 'volume':
      return fc.oneof(fc.integer({ min: -5, max: 105 }), fc.double({ min: -1, max: 101, noNaN: true }).map(String));
    case 'time':
      return fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.constant('12.5'));
    case 'track':
      return fc.oneof(fc.constantFrom(...ids.tracks), fc.constantFrom(999_999, '1', ''));
    case 'socket':
      return fc.oneof(
        fc.constantFrom('123.456', '1.1', '..'),
        fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `${a}.${b}`),
      );
    case 'channelName':
      return fc.constantFrom(
        `private-player.${ids.player}`,
        `private-player.${ids.otherPlayer}`,
        `presence-customer.${ids.demoCustomer}`,
        `presence-customer.${ids.otherCustomer}`,
        'private-player.0',
        'public',
      );
    case 'spots':
      return fc.oneof(
        fc.shuffledSubarray(ids.spots, { minLength: 1 }),
        fc.constant([ids.otherSpot]),
        fc.constant([...ids.spots, ids.otherSpot]),
        fc.array(fc.integer({ min: -2, max: 3 }), { maxLength: 12 }),
      );
    case 'text':
      return fc.string({ maxLength: 30 });
    case 'description':
      return fc.oneof(
        fc.string({ minLength: 1, maxLength: 60 }),
        fc.constant('a'.repeat(1001)),
        fc.constant('Első sor\nmásodik sor'),
      );
    case 'images':
      return fc.oneof(
        fc.constant(ids.images.map((id) => ({ id, seconds: 5 }))),
        fc.constant([...ids.images].reverse().map((id, i) => ({ id: String(id), seconds: String(i + 1) }))),
        fc.constant([{ id: ids.images[0], seconds: 3 }]),
        fc.constant([...ids.images.map((id) => ({ id, seconds: 2 })), { id: ids.otherImage, seconds: 2 }]),
        fc.array(
          fc.record({
            id: fc.constantFrom(...ids.images, ids.otherImage, 0, -1, 999_999),
            seconds: fc.integer({ min: -2, max: 4000 }),
          }),
          {
            maxLength: 4,
          },
        ),
      );
    case 'imageId':
      return fc.constantFrom(...ids.images, ids.otherImage, 999_999, String(ids.images[0]));
    case 'slideshowId':
      return fc.constantFrom(ids.slideshow, ids.otherSlideshow, String(ids.slideshow), '', null, 999_999);
    case 'frequency':
      return fc.constantFrom('everyMinute', 'hourlyAt30', 'everySixHours', 'weekly', 'EVERYMINUTE', '');
    case 'date':
      return fc.constantFrom('2026-01-01', '2026-12-31', '2026-02-30', '2026-1-1', '1899-12-31', '', null);
    case 'clock':
      return fc.constantFrom('8:05', '08:05', '23:59', '00:00', '24:00', '12:60', '8', '08:05:00', '', null);
    case 'spotIds':
      return fc.oneof(
        fc.constant([...ids.spots]),
        fc.constant([ids.otherSpot]),
        fc.constant([]),
        fc.constant([ids.spots[0], ids.spots[0]]),
      );
    case 'slideshowIds':
      return fc.constantFrom([ids.slideshow], [ids.otherSlideshow], [], [String(ids.slideshow)]);
    case 'screenIds':
      return fc.constantFrom([ids.screen], [ids.otherScreen], [], [ids.screen, 999_999]);
    case 'settingKey':
      return fc.constantFrom('logo', 'timezone', 'TIMEZONE', ' timezone ', 'shop_note', '');
    case 'settingValue':
      return fc.constantFrom(
        'Europe/Budapest',
        'UTC',
        'America/New_York',
        'europe/budapest',
        'Mars/Olympus',
        'Europe/Budapest\n',
        '',
      );
    case 'playedType':
      return fc.constantFrom('track', 'spot', 'sound', 'schedule', 'TRACK', '');
    case 'outputState':
      return fc.constantFrom('audible', 'needs_tap', 'stalled', 'paused', 'playing', 'AUDIBLE', '');
    case 'instant':
      return fc.constantFrom(
        new Date().toISOString(),
        new Date(Date.now() - 3_600_000).toISOString(),
        '2999-01-01T00:00:00Z',
        '2026-11-23',
        'tegnap',
        '',
      );
    case 'reportId':
      return fc.oneof(fc.uuid(), fc.constantFrom('rövid', 'a'.repeat(65), 'same-report-id-1'));
    case 'week': {
      const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
      const day = fc.oneof(
        fc.record({ day: fc.constantFrom(...days, 'hétfő'), closed: fc.constantFrom(true, '1', 'on') }),
        fc.record({ day: fc.constantFrom(...days), open: plausible('clock'), close: plausible('clock') }),
      );
      return fc.oneof(
        fc.constant(days.map((d) => ({ day: d, open: '08:00', close: '20:00' }))),
        fc.constant([]),
        fc.array(day, { maxLength: 8 }),
      );
    }
    case 'exceptions':
      return fc.oneof(
        fc.constant([{ date: '2026-12-24', name: 'Karácsony', closed: true }]),
        fc.array(
          fc.record({
            date: plausible('date'),
            name: plausible('name'),
            open: plausible('clock'),
            close: plausible('clock'),
            closed: plausible('bool'),
          }),
          { maxLength: 3 },
        ),
        fc.constant(Array.from({ length: 51 }, (_, i) => ({ date: `2027-01-${(i % 28) + 1}`, name: 'x', closed: 1 }))),
      );
    case 'sourceType':
      return fc.constantFrom('channel', 'playlist', 'Channel', 'App\\Models\\Channel', '');
    case 'sourceId':
      return fc.constantFrom(ids.channel, ids.playlists[0] ?? 1, ids.otherPlaylist, String(ids.channel), 999_999, 0);
    case 'zoneId':
      return fc.constantFrom(ids.zone, ids.otherZone, String(ids.zone), 999_999, 0);
    case 'zoneIds':
      return fc.oneof(
        fc.constant([ids.zone]),
        fc.constant([]),
        fc.array(fc.constantFrom(ids.zone, ids.otherZone, 999_999), { maxLength: 3 }),
      );
  }
}

const field = (kind: FieldKind) =>
  fc.option(fc.oneof({ arbitrary: plausible(kind), weight: 2 }, { arbitrary: badValue, weight: 3 }), {
    nil: undefined,
    freq: 5,
  });

/** Valid path parameter values of demo's own rows (and of the catalogue). */
function ownIds(): Record<ParamKind, () => Array<string | number>> {
  return {
    player: () => [ids.player],
    playlist: () => [...ids.playlists.slice(0, 2), ids.playlists[0] ?? 1],
    sound: () => [ids.sound],
    session: () => [ids.session],
    channel: () => [ids.channel],
    track: () => ids.tracks.slice(0, 3),
    page: () => [1, 2],
    resetToken: () => ['a'.repeat(64)],
    pusherApp: () => [t.config.pusherAppId],
    pusherChannel: () => ['presence-customer.1'],
    mediaPath: () => ['x.mp3'],
    spot: () => [...ids.spots.slice(0, 2)],
    slideshow: () => [ids.slideshow],
    screen: () => [ids.screen],
    screenHash: () => [ids.screenHash],
    scheduledContent: () => [ids.scheduledContent],
    musicBlock: () => [ids.musicBlock],
    setting: () => ids.settings,
    zone: () => [ids.zone],
    tutorialTopic: () => [ids.tutorialTopic],
    tutorialItem: () => [ids.tutorialItem],
    faqTopic: () => [ids.faqTopic],
  };
}

/** Path parameter values: own ids, another shop's ids, and malformed ones. */
function paramValue(kind: ParamKind): fc.Arbitrary<{ raw: string } | { value: string }> {
  const own = ownIds();
  const foreign: Partial<Record<ParamKind, () => Array<string | number>>> = {
    player: () => [ids.otherPlayer],
    playlist: () => [ids.otherPlaylist],
    sound: () => [ids.otherSound],
    session: () => [ids.otherSession],
    spot: () => [ids.otherSpot],
    slideshow: () => [ids.otherSlideshow],
    screen: () => [ids.otherScreen],
    screenHash: () => [ids.otherScreenHash],
    scheduledContent: () => [ids.otherScheduledContent],
    musicBlock: () => [ids.otherMusicBlock],
    setting: () => [ids.otherSetting],
    zone: () => [ids.otherZone],
  };
  const valid = fc.constantFrom(...own[kind]().map(String)).map((value) => ({ value }));
  const other = foreign[kind] ? fc.constantFrom(...foreign[kind]!().map(String)).map((value) => ({ value })) : valid;
  const malformed = fc.oneof(
    fc
      .constantFrom(
        '0',
        '-1',
        '01',
        '1.5',
        '1e3',
        ' 1',
        '2147483648',
        '99999999999999999999',
        'abc',
        'null',
        '１',
        '٣',
        'x'.repeat(300),
      )
      .map((value) => ({ value })),
    fc.string({ minLength: 1, maxLength: 20 }).map((value) => ({ value })),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }).map((value) => ({ value })),
    // Sent as they are, not encoded: broken percent-escapes and dot segments.
    fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '%2e%2e', '%C0%AF').map((raw) => ({ raw })),
  );
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: other, weight: 2 },
    { arbitrary: malformed, weight: 3 },
  );
}

// ---------------------------------------------------------------------------------------------
// Routes: the fields of each write route. A write route without an entry fails the suite.

interface RouteInput {
  body?: Record<string, FieldKind>;
  query?: Record<string, FieldKind>;
}

const SCHEDULE_FIELDS: Record<string, FieldKind> = {
  name: 'name',
  active: 'bool',
  frequency: 'frequency',
  date_from: 'date',
  date_to: 'date',
  between_from: 'clock',
  between_to: 'clock',
  unless_between_from: 'clock',
  unless_between_to: 'clock',
  monday: 'bool',
  sunday: 'bool',
  spots: 'spotIds',
  slideshows: 'slideshowIds',
  screens: 'screenIds',
};

const MUSIC_BLOCK_FIELDS: Record<string, FieldKind> = {
  name: 'name',
  monday: 'bool',
  sunday: 'bool',
  from: 'clock',
  to: 'clock',
  source_type: 'sourceType',
  source_id: 'sourceId',
  volume: 'volume',
  shuffle: 'bool',
};

const INPUTS: Record<string, RouteInput> = {
  'POST /login': { body: { email: 'email', password: 'password', remember: 'bool' } },
  'POST /api/logout': {},
  'POST /api/password-reset-link': { body: { email: 'email' } },
  'POST /api/reset-password/:token': {
    body: { token: 'text', email: 'email', password: 'password', password_confirmation: 'password' },
  },
  'POST /api/channels/:id/toggle-favorite': {},
  'POST /api/players/:id/random': {},
  'POST /api/players/:id/repeat': {},
  'GET /api/players/:id/next': {},
  'GET /api/players/:id/toggle-play': {},
  'GET /api/players/:id/load-track': {},
  'POST /api/players/:id/update-volume': { body: { volume: 'volume', currentTime: 'time' } },
  'POST /api/players/:id/output': { body: { state: 'outputState' } },
  'POST /api/players/:id/playable/channel/:channelId': { body: { track: 'track' }, query: { track: 'track' } },
  'POST /api/players/:id/sessions/:sessionId': { body: { currentTime: 'time' } },
  'GET /api/players/:id/next/tracks/:trackId': {},
  'POST /api/playlists': { body: { name: 'name' } },
  'POST /api/playlists/all-tracks': { body: { name: 'name', tracks: 'tracks' } },
  'POST /api/playlists/:id': { body: { name: 'name' } },
  'POST /api/playlists/:id/all-tracks': { body: { tracks: 'tracks' } },
  'POST /api/playlists/:id/tracks/:trackId': {},
  'POST /api/playlists/:id/delete': {},
  'POST /api/playlists/:id/reorder': { body: { tracks: 'tracks' } },
  'POST /api/players/:id/playable/playlist/:playlistId': { body: { track: 'track' }, query: { track: 'track' } },
  'POST /api/players/:id/sounds/:soundId/play': {},
  'POST /api/players/:id/spots/play': { body: { spots: 'spots' } },
  'POST /api/players/:id/played': {
    body: {
      type: 'playedType',
      id: 'track',
      started_at: 'instant',
      seconds: 'time',
      ended: 'bool',
      report_id: 'reportId',
    },
  },
  'POST /api/devices/:sessionId/name': { body: { name: 'name' } },
  'POST /api/devices/:sessionId/zone': { body: { zone_id: 'zoneId' } },
  'POST /api/zones': { body: { name: 'name' } },
  'POST /api/zones/:id': { body: { name: 'name' } },
  'POST /api/zones/reorder': { body: { ids: 'zoneIds' } },
  'POST /api/zones/delete/:id': {},
  'POST /api/music-plan/copy': { body: { from_zone: 'zoneId', to_zone: 'zoneId' } },
  'POST /api/spots': { body: { name: 'name', file: 'text' } },
  'POST /api/spots/:id': { body: { name: 'name', id: 'text', file: 'text' } },
  'POST /api/spots/delete/:id': {},
  'POST /api/sounds': { body: { name: 'name', file: 'text' } },
  'POST /api/sounds/requests': { body: { description: 'description' } },
  'POST /api/sounds/:id/favorite': {},
  'POST /api/sounds/:id/quick': {},
  'POST /api/sounds/:id/delete': {},
  'POST /api/slideshows': { body: { name: 'name' } },
  'POST /api/slideshows/:id': { body: { name: 'name', images: 'images' } },
  'POST /api/slideshows/:id/image': { body: { file: 'text' } },
  'POST /api/slideshows/:id/image/remove': { body: { id: 'imageId' } },
  'POST /api/slideshows/:id/delete': {},
  'POST /api/screens': { body: { name: 'name', description: 'description', slideshow_id: 'slideshowId' } },
  'POST /api/screens/:id': { body: { name: 'name', description: 'description', slideshow_id: 'slideshowId' } },
  'POST /api/screens/delete/:id': {},
  'POST /api/scheduled-contents': { body: SCHEDULE_FIELDS },
  'POST /api/scheduled-contents/:id': { body: { ...SCHEDULE_FIELDS, id: 'text' } },
  'POST /api/scheduled-contents/toggle/:id': {},
  'POST /api/scheduled-contents/delete/:id': { body: { id: 'text' } },
  'POST /api/opening-hours': { body: { week: 'week', exceptions: 'exceptions' } },
  'POST /api/music-plan': {
    body: { enabled: 'bool', default_source_type: 'sourceType', default_source_id: 'sourceId' },
  },
  'POST /api/music-plan/blocks': { body: MUSIC_BLOCK_FIELDS },
  'POST /api/music-plan/blocks/:id': { body: MUSIC_BLOCK_FIELDS },
  'POST /api/music-plan/blocks/delete/:id': {},
  'POST /api/music-plan/resume': {},
  'POST /api/blocked-tracks/:trackId': {},
  'POST /api/settings/:id': { body: { id: 'text', key: 'settingKey', value: 'settingValue' } },
  'POST /api/settings/file/:id': { body: { id: 'text', key: 'settingKey', file: 'text' } },
  'POST /broadcasting/auth': { body: { socket_id: 'socket', channel_name: 'channelName' } },
  'POST /apps/:appId/events': { body: { name: 'text', channel: 'channelName', data: 'text' } },
  'POST /apps/:appId/batch_events': { body: { batch: 'text' } },
  'POST /api/alerts/read': { body: { ids: 'spotIds' } },
  'POST /api/alert-settings': { body: { kinds: 'text', delay: 'volume', email: 'bool' } },
  'POST /api/alert-settings/test': {},
  'POST /api/push-subscriptions': { body: { endpoint: 'text', keys: 'text' } },
  'POST /api/push-subscriptions/delete': { body: { endpoint: 'text' } },
};

type Encoding =
  'json' | 'form' | 'multipart' | 'badJson' | 'badMultipart' | 'wrongType' | 'notObject' | 'oversized' | 'none';
type Who = 'user' | 'guest' | 'anonymous' | 'noXsrf';

interface Input {
  who: Who;
  params: Record<string, { raw: string } | { value: string }>;
  body: Record<string, unknown>;
  query: Record<string, unknown>;
  encoding: Encoding;
}

function inputArbitrary(key: string, spec: RouteInput): fc.Arbitrary<Input> {
  const kinds = paramKinds(key);
  const params = fc.record(Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, paramValue(kind)])));
  const fields = (shape: Record<string, FieldKind> = {}) =>
    fc.record(Object.fromEntries(Object.entries(shape).map(([name, kind]) => [name, field(kind)])), {
      requiredKeys: [],
    });
  const isGet = key.startsWith('GET ');
  const encoding: fc.Arbitrary<Encoding> = isGet
    ? fc.constant('none')
    : fc.oneof(
        { arbitrary: fc.constant<Encoding>('json'), weight: 6 },
        { arbitrary: fc.constant<Encoding>('form'), weight: 2 },
        { arbitrary: fc.constant<Encoding>('multipart'), weight: 2 },
        {
          arbitrary: fc.constantFrom<Encoding>('badJson', 'badMultipart', 'wrongType', 'notObject', 'none'),
          weight: 3,
        },
        { arbitrary: fc.constant<Encoding>('oversized'), weight: 1 },
      );
  const who = fc.oneof(
    { arbitrary: fc.constant<Who>('user'), weight: 6 },
    { arbitrary: fc.constantFrom<Who>('guest', 'anonymous', 'noXsrf'), weight: 3 },
  );
  return fc.record({ who, params, body: fields(spec.body), query: fields(spec.query), encoding });
}

// ---------------------------------------------------------------------------------------------
// Requests

/** Form encoding as PHP reads it: arrays as `k[]`, objects as `k[sub]`. */
function formPairs(body: Record<string, unknown>): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const add = (key: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((v) => add(`${key}[]`, v));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else pairs.push([key, value === null || value === undefined ? '' : String(value)]);
  };
  for (const [k, v] of Object.entries(body)) if (v !== undefined) add(k, v);
  return pairs;
}

const BOUNDARY = '----pulzus-fuzz';
function multipartBody(pairs: Array<[string, string]>) {
  const parts = pairs.map(
    ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, '%22')}"\r\n\r\n${v}\r\n`,
  );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

function encode(input: Input): { payload?: string; contentType?: string } {
  const json = JSON.stringify(input.body);
  switch (input.encoding) {
    case 'json':
      return { payload: json, contentType: 'application/json' };
    case 'form':
      return {
        payload: new URLSearchParams(formPairs(input.body)).toString(),
        contentType: 'application/x-www-form-urlencoded',
      };
    case 'multipart':
      return {
        payload: multipartBody(formPairs(input.body)),
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      };
    case 'badJson':
      return { payload: json.slice(0, Math.max(1, json.length - 1)) + ',', contentType: 'application/json' };
    case 'badMultipart':
      return { payload: multipartBody(formPairs(input.body)).slice(0, -8), contentType: 'multipart/form-data' };
    case 'wrongType':
      return { payload: json, contentType: 'text/plain' };
    case 'notObject':
      return { payload: JSON.stringify(Object.values(input.body)), contentType: 'application/json' };
    case 'oversized':
      return { payload: OVERSIZED, contentType: 'application/json' };
    case 'none':
      return {};
  }
}

function urlOf(key: string, input: Input): string {
  let path = key.slice(key.indexOf(' ') + 1);
  for (const [name, v] of Object.entries(input.params)) {
    path = path.replace(name === '*' ? '*' : `:${name}`, 'raw' in v ? v.raw : encodeURIComponent(v.value));
  }
  const query = new URLSearchParams(formPairs(input.query)).toString();
  return query ? `${path}?${query}` : path;
}

async function send(key: string, input: Input): Promise<LightMyRequestResponse> {
  const method = key.slice(0, key.indexOf(' ')) as 'GET' | 'POST';
  const { payload, contentType } = encode(input);
  const headers: Record<string, string> = {};
  if (contentType) headers['content-type'] = contentType;
  const url = urlOf(key, input);
  switch (input.who) {
    case 'user':
      return user.request(method, url, { body: payload, headers });
    case 'noXsrf':
      return user.request(method, url, { body: payload, headers, xsrf: false });
    case 'guest': {
      const guest = new Client(t.app, { remoteAddress: '10.77.0.1' });
      await guest.csrf();
      return guest.request(method, url, { body: payload, headers });
    }
    case 'anonymous':
      return t.app.inject({
        method,
        url,
        headers: { accept: 'application/json', ...headers },
        payload,
        remoteAddress: '10.77.0.2',
      });
  }
}

// ---------------------------------------------------------------------------------------------

let inputs = 0;
const started = Date.now();
const statuses = new Map<number, number>();

// ---------------------------------------------------------------------------------------------
// Garbage bodies: a body that is not the route's form is refused, never read as an empty form

/** Bodies that name none of a route's fields, or hold junk where its form is wanted. */
const GARBAGE_BODIES: ReadonlyArray<{ label: string; payload: string; contentType: string }> = [
  ...['null', '[]', '"x"', '5', '{}', '{"week":null}', '{"week":""}'].map((payload) => ({
    label: payload,
    payload,
    contentType: 'application/json',
  })),
  { label: 'form foo=bar', payload: 'foo=bar', contentType: 'application/x-www-form-urlencoded' },
];

/**
 * Wrongly typed values of a field kind: a boolean is only true/false/1/0 ('1'/'0' in a form), a
 * volume a whole number. Each is sent alone, in JSON and in a form; the 422 must name the field.
 */
const WRONG_VALUES: Partial<Record<FieldKind, Array<string | number>>> = {
  bool: ['maybe', 2, 'yes', 'on', 'true'],
  volume: [50.5],
};

/**
 * Write routes whose body fields are all optional, so that the call without a body is a whole
 * command (the URL says what to do): a body naming none of their fields is that call, by design.
 */
const OPTIONAL_BODY = new Set([
  // `track`: where to start the channel or playlist; none is its first track.
  'POST /api/players/:id/playable/channel/:channelId',
  'POST /api/players/:id/playable/playlist/:playlistId',
  // The web app's form echoes the id; the server reads only the path.
  'POST /api/scheduled-contents/delete/:id',
  // `ids`: which alerts to mark read; none marks all of the shop's.
  'POST /api/alerts/read',
]);

/** The routes whose body has fields: INPUTS, which the first suite checks against the server's route table. */
const bodyRoutes = () =>
  writeRoutes(t.app).filter(
    (k) => Object.keys(INPUTS[k]?.body ?? {}).length > 0 && !PROTOCOL_ROUTES.has(k) && !OPTIONAL_BODY.has(k),
  );

/** The route's URL with demo's own ids (so the body, not the path, is what is judged). */
function ownUrl(key: string): string {
  let path = key.slice(key.indexOf(' ') + 1);
  const own = ownIds();
  for (const [name, kind] of Object.entries(paramKinds(key))) {
    path = path.replace(name === '*' ? '*' : `:${name}`, encodeURIComponent(String(own[kind]()[0])));
  }
  return path;
}

/**
 * What the shop's own reads of its day answer, to compare after the refusals (beside the snapshot
 * of every stored row; the scheduled contents' answer moves with the clock, their rows do not).
 */
async function shopAnswers(): Promise<Record<string, string>> {
  const urls = ['/api/opening-hours', '/api/music-plan', '/api/music-plan/blocks'];
  const out: Record<string, string> = {};
  for (const url of urls) out[url] = (await user.get(url)).body;
  return out;
}

describe('garbage bodies on every route whose body has fields', () => {
  test('each is a Hungarian 422 (naming a wrongly typed field) and nothing stored changes', async (t2) => {
    const started2 = Date.now();
    // Opening hours and a default source to lose (the shop also has a music block).
    const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
      day,
      open: '08:00',
      close: '20:00',
    }));
    const hours = await user.post('/api/opening-hours', { week, exceptions: [] });
    assert.equal(hours.statusCode, 200, hours.body);
    const plan = await user.post('/api/music-plan', {
      enabled: true,
      default_source_type: 'channel',
      default_source_id: ids.channel,
    });
    assert.equal(plan.statusCode, 200, plan.body);
    const failures: string[] = [];
    let sent = 0;
    const routes = bodyRoutes();
    for (const key of routes) {
      const before = { data: await snapshotShop(t.database.db, ids.demoCustomer), answers: await shopAnswers() };
      // The login route answers guests only.
      const client = key === 'POST /login' ? new Client(t.app, { remoteAddress: '10.77.0.3' }) : user;
      if (client !== user) await client.csrf();
      const send = async (label: string, payload: string, contentType: string, field?: string) => {
        sent += 1;
        const method = key.slice(0, key.indexOf(' ')) as 'POST';
        const res = await client.request(method, ownUrl(key), {
          body: payload,
          headers: { 'content-type': contentType },
        });
        const where = `${key} ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode !== 422) return failures.push(`not 422: ${where}`);
        const body = res.json() as { message?: unknown; errors?: Record<string, unknown> };
        if (!isHungarianMessage(body.message)) failures.push(`not Hungarian: ${where}`);
        if (field && !body.errors?.[field]) failures.push(`no error on ${field}: ${where}`);
      };
      for (const g of GARBAGE_BODIES) await send(g.label, g.payload, g.contentType);
      for (const [field, kind] of Object.entries(INPUTS[key]!.body!)) {
        for (const value of WRONG_VALUES[kind] ?? []) {
          await send(
            `{${field}: ${JSON.stringify(value)}}`,
            JSON.stringify({ [field]: value }),
            'application/json',
            field,
          );
          const form = new URLSearchParams({ [field]: String(value) }).toString();
          await send(`form ${form}`, form, 'application/x-www-form-urlencoded', field);
        }
      }
      const after = { data: await snapshotShop(t.database.db, ids.demoCustomer), answers: await shopAnswers() };
      const changed = snapshotDiff(before.data, after.data);
      if (changed.length) failures.push(`${key}: a refusal wrote ${changed.join(', ')}`);
      for (const url of Object.keys(before.answers))
        if (before.answers[url] !== after.answers[url]) failures.push(`${key}: GET ${url} answers otherwise`);
    }
    // The plan's own garbage: a switch neither on nor off, a block's junk beside valid fields.
    const block = { from: '06:00', to: '06:30', source_type: 'channel', source_id: ids.channel };
    const specific: Array<[string, Record<string, unknown>, string]> = [
      [
        '/api/music-plan',
        { enabled: 'maybe', default_source_type: 'channel', default_source_id: ids.channel },
        'enabled',
      ],
      ['/api/music-plan', { enabled: 2, default_source_type: 'channel', default_source_id: ids.channel }, 'enabled'],
      [`/api/music-plan/blocks/${ids.musicBlock}`, { ...block, shuffle: 'x' }, 'shuffle'],
      [`/api/music-plan/blocks/${ids.musicBlock}`, { ...block, sunday: 'yes' }, 'sunday'],
      [`/api/music-plan/blocks/${ids.musicBlock}`, { ...block, volume: 50.5 }, 'volume'],
      ['/api/music-plan/blocks', { ...block, volume: 50.5 }, 'volume'],
      ['/api/opening-hours', { week: week.map((d) => ({ ...d, closed: 'yes' })) }, 'week.0.closed'],
    ];
    const before = { data: await snapshotShop(t.database.db, ids.demoCustomer), answers: await shopAnswers() };
    for (const [url, body, field] of specific) {
      sent += 1;
      const res = await user.post(url, body);
      const where = `POST ${url} ${JSON.stringify(body)}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode !== 422 || !(res.json() as { errors?: Record<string, unknown> }).errors?.[field])
        failures.push(`not 422 on ${field}: ${where}`);
    }
    const after = { data: await snapshotShop(t.database.db, ids.demoCustomer), answers: await shopAnswers() };
    const changed = snapshotDiff(before.data, after.data);
    if (changed.length) failures.push(`the plan's garbage wrote ${changed.join(', ')}`);
    for (const url of Object.keys(before.answers))
      if (before.answers[url] !== after.answers[url]) failures.push(`the plan's garbage: GET ${url} answers otherwise`);
    t2.diagnostic(`${sent} bodies on ${routes.length} routes in ${((Date.now() - started2) / 1000).toFixed(1)} s`);
    assert.deepEqual(failures, []);
  });
});

describe('generated bad input on every write route', () => {
  test('every write route has a generator', (t2) => {
    const routes = writeRoutes(t.app);
    const missing = routes.filter((k) => !INPUTS[k]);
    assert.deepEqual(
      missing,
      [],
      `Write routes without a generator in INPUTS of tests/server/bad-input.test.ts: ${missing.join(', ')}. Add their fields there.`,
    );
    const stale = Object.keys(INPUTS).filter((k) => !routes.includes(k));
    assert.deepEqual(stale, [], `INPUTS names routes the server no longer has: ${stale.join(', ')}`);
    t2.diagnostic(`${routes.length} routes, seed ${SEED}, ${RUNS} inputs each`);
  });

  test('no 5xx; every refusal a 4xx with a Hungarian message and no partial write', async (t2) => {
    let shops: { demo: Snapshot; other: Snapshot } = {
      demo: await snapshotShop(t.database.db, ids.demoCustomer),
      other: await snapshotShop(t.database.db, ids.otherCustomer),
    };
    for (const key of writeRoutes(t.app)) {
      const spec = INPUTS[key];
      if (!spec) continue; // reported by the test above
      await fc
        .assert(
          fc.asyncProperty(inputArbitrary(key, spec), async (input) => {
            inputs += 1;
            const res = await send(key, input);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const where = `${key} → ${urlOf(key, input)} as ${input.who}, ${input.encoding} ${JSON.stringify(input.body).slice(0, 300)}: ${res.statusCode} ${res.body.slice(0, 300)}`;
            assert.ok(res.statusCode < 500, `5xx: ${where}`);
            // An accepted upload is measured for loudness right after its answer: settled before the
            // snapshot, so that writing is never taken for a later refusal's.
            await t.app.ctx.loudness.idle();

            const now = {
              demo: await snapshotShop(t.database.db, ids.demoCustomer),
              other: await snapshotShop(t.database.db, ids.otherCustomer),
            };
            // Another shop never changes through demo's or a guest's calls.
            assert.deepEqual(snapshotDiff(shops.other, now.other), [], `the other shop changed: ${where}`);

            if (res.statusCode >= 300) {
              if (res.statusCode < 400) {
                assert.ok(key === 'POST /login' && res.statusCode === 302, `unexpected redirect: ${where}`);
              } else {
                assert.ok(res.statusCode < 500);
                const body = res.json() as { message?: unknown };
                if (!PROTOCOL_ROUTES.has(key))
                  assert.ok(isHungarianMessage(body.message), `not a Hungarian message: ${where}`);
                else assert.equal(typeof body.message, 'string', where);
              }
              assert.deepEqual(snapshotDiff(shops.demo, now.demo), [], `a refusal wrote: ${where}`);
            } else {
              shops = now;
              // Logging out is accepted input too: log in again for the next inputs.
              if (key === 'POST /api/logout') user = await loggedIn(t.app, DEMO);
              // Deleting a playlist is too: keep one to aim at.
              const deleted = key === 'POST /api/playlists/:id/delete' ? input.params.id : undefined;
              if (deleted && 'value' in deleted)
                ids.playlists = ids.playlists.filter((id) => String(id) !== deleted.value);
              if (deleted && ids.playlists.length < 2) {
                const res2 = await user.post('/api/playlists', { name: 'Pótlista' });
                ids.playlists.push(res2.json().id);
                shops.demo = await snapshotShop(t.database.db, ids.demoCustomer);
              }
            }
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        )
        .catch((err: Error) => {
          const cause = (err.cause as Error | undefined)?.message ?? '';
          throw new Error(`${key}: ${cause}\n${err.message}\nReplay with FUZZ_SEED=${SEED}`);
        });
    }
    const seen = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    t2.diagnostic(`${inputs} inputs in ${((Date.now() - started) / 1000).toFixed(1)} s; answers ${seen}`);
    assert.ok(inputs >= MIN_INPUTS, `only ${inputs} inputs`);
  });
});
