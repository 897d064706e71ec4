/**
 * What the generated suites (bad-input.test.ts, isolation.test.ts) know about the API's routes,
 * checked against the server's own route table (`app.routeTable`), plus the snapshot of a shop's
 * data they compare after each refusal. A route or table added to the server without an entry
 * here fails those suites with a message naming it and this file.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../server/src/http/errors';
import type { Db } from '../../server/src/db/client';

export const SUITE_FILE = 'tests/server/route-table.ts';

/** `METHOD /url` as the route was registered (HEAD mirrors of GETs left out). */
export function routeKeys(app: FastifyInstance): string[] {
  return [...new Set(app.routeTable.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))];
}

export const paramNames = (key: string) =>
  [...key.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!).concat(key.endsWith('*') ? ['*'] : []);

/** GETs that change nothing; the other GETs are state-changing and get bad input like writes. */
export const READ_ONLY_GETS = new Set([
  'GET /sanctum/csrf-cookie',
  'GET /health/live',
  'GET /health/ready',
  'GET /api/me',
  'GET /api/customer',
  'GET /media/*',
  'GET /api/channels',
  'GET /api/channels/subcategories',
  'GET /api/channels/favorite',
  'GET /api/channels/:id',
  'GET /api/channels/:id/check-favorite',
  'GET /api/channels/:id/tracks',
  'GET /api/channels/:id/tracks/:page',
  // Creates the customer's first player when it has none (once); otherwise a read.
  'GET /api/players',
  'GET /api/playlists',
  'GET /api/playlists/tracks/:trackId',
  'GET /api/playlists/:id',
  'GET /api/playlists/:id/tracks',
  'GET /api/playlists/:id/tracks/:page',
  'GET /api/sounds',
  'GET /api/spots',
  'GET /api/slideshows',
  'GET /api/slideshows/:id',
  'GET /api/screens',
  'GET /api/screens/public/:hashId',
  'GET /api/screens/public/:hashId/slideshows/:id',
  'GET /api/scheduled-contents',
  'GET /api/scheduled-contents/preview',
  'GET /api/opening-hours',
  'GET /api/music-plan',
  'GET /api/music-plan/blocks',
  'GET /api/zones',
  'GET /api/blocked-tracks',
  'GET /api/play-log',
  'GET /api/play-log/spots',
  'GET /api/play-log/export',
  'GET /api/reports/weekly',
  'GET /api/settings',
  'GET /api/tutorials',
  'GET /api/tutorials/:topicId',
  'GET /api/tutorials/item/:id',
  'GET /api/faqs',
  'GET /api/faqs/:id',
  'GET /broadcasting/auth',
  'GET /api/realtime-config',
  'GET /apps/:appId/channels',
  'GET /apps/:appId/channels/:name',
  'GET /apps/:appId/channels/:name/users',
  'GET /api/alerts',
  'GET /api/alert-settings',
  'GET /api/push-config',
]);

export const STATE_CHANGING_GETS = new Set([
  'GET /api/players/:id/next',
  'GET /api/players/:id/toggle-play',
  'GET /api/players/:id/load-track',
  'GET /api/players/:id/next/tracks/:trackId',
]);

/**
 * Routes speaking the Pusher HTTP API (HMAC-signed server calls, English messages by that
 * protocol): they must refuse with a 4xx and write nothing, but their messages are not ours.
 */
export const PROTOCOL_ROUTES = new Set(['POST /apps/:appId/events', 'POST /apps/:appId/batch_events']);

/** Write routes and state-changing GETs: what gets generated bad input. */
export function writeRoutes(app: FastifyInstance): string[] {
  const keys = routeKeys(app);
  const unclassified = keys.filter(
    (k) => k.startsWith('GET ') && !READ_ONLY_GETS.has(k) && !STATE_CHANGING_GETS.has(k),
  );
  if (unclassified.length) {
    throw new Error(
      `GET routes neither in READ_ONLY_GETS nor in STATE_CHANGING_GETS of ${SUITE_FILE}: ${unclassified.join(', ')}. ` +
        'Say whether each changes state (then give it a generator in bad-input.test.ts).',
    );
  }
  return keys.filter((k) => /^(POST|PUT|PATCH|DELETE) /.test(k) || STATE_CHANGING_GETS.has(k));
}

/**
 * What each path parameter names. Tenant kinds are the customer's own rows (another shop's id
 * must answer 404 and change nothing); global kinds are the provider's catalogue, the same for
 * every shop (server/README.md); the rest are not ids of anything a shop owns.
 */
export type TenantKind =
  | 'player'
  | 'playlist'
  | 'sound'
  | 'session'
  | 'spot'
  | 'slideshow'
  | 'screen'
  | 'screenHash'
  | 'scheduledContent'
  | 'musicBlock'
  | 'setting'
  | 'zone';
export type GlobalKind = 'channel' | 'track' | 'tutorialTopic' | 'tutorialItem' | 'faqTopic';
export type OtherKind = 'page' | 'resetToken' | 'pusherApp' | 'pusherChannel' | 'mediaPath';
export type ParamKind = TenantKind | GlobalKind | OtherKind;
export const TENANT_KINDS: ReadonlySet<ParamKind> = new Set<ParamKind>([
  'player',
  'playlist',
  'sound',
  'session',
  'spot',
  'slideshow',
  'screen',
  'screenHash',
  'scheduledContent',
  'musicBlock',
  'setting',
  'zone',
]);
export const GLOBAL_KINDS: ReadonlySet<ParamKind> = new Set<ParamKind>([
  'channel',
  'track',
  'tutorialTopic',
  'tutorialItem',
  'faqTopic',
]);

export const PARAM_KINDS: Record<string, Record<string, ParamKind>> = {
  'GET /media/*': { '*': 'mediaPath' },
  'OPTIONS /media/*': { '*': 'mediaPath' },
  'GET /api/channels/:id': { id: 'channel' },
  'GET /api/channels/:id/check-favorite': { id: 'channel' },
  'POST /api/channels/:id/toggle-favorite': { id: 'channel' },
  'GET /api/channels/:id/tracks': { id: 'channel' },
  'GET /api/channels/:id/tracks/:page': { id: 'channel', page: 'page' },
  'POST /api/reset-password/:token': { token: 'resetToken' },
  'POST /api/players/:id/random': { id: 'player' },
  'POST /api/players/:id/repeat': { id: 'player' },
  'GET /api/players/:id/next': { id: 'player' },
  'GET /api/players/:id/toggle-play': { id: 'player' },
  'GET /api/players/:id/load-track': { id: 'player' },
  'POST /api/players/:id/update-volume': { id: 'player' },
  'POST /api/players/:id/output': { id: 'player' },
  'POST /api/players/:id/playable/channel/:channelId': { id: 'player', channelId: 'channel' },
  'POST /api/players/:id/sessions/:sessionId': { id: 'player', sessionId: 'session' },
  'GET /api/players/:id/next/tracks/:trackId': { id: 'player', trackId: 'track' },
  'GET /api/playlists/tracks/:trackId': { trackId: 'track' },
  'GET /api/playlists/:id': { id: 'playlist' },
  'POST /api/playlists/:id': { id: 'playlist' },
  'POST /api/playlists/:id/all-tracks': { id: 'playlist' },
  'POST /api/playlists/:id/tracks/:trackId': { id: 'playlist', trackId: 'track' },
  'GET /api/playlists/:id/tracks': { id: 'playlist' },
  'GET /api/playlists/:id/tracks/:page': { id: 'playlist', page: 'page' },
  'POST /api/playlists/:id/delete': { id: 'playlist' },
  'POST /api/playlists/:id/reorder': { id: 'playlist' },
  'POST /api/players/:id/playable/playlist/:playlistId': { id: 'player', playlistId: 'playlist' },
  'POST /api/players/:id/sounds/:soundId/play': { id: 'player', soundId: 'sound' },
  'POST /api/players/:id/spots/play': { id: 'player' },
  'POST /api/players/:id/played': { id: 'player' },
  'POST /api/devices/:sessionId/name': { sessionId: 'session' },
  'POST /api/devices/:sessionId/zone': { sessionId: 'session' },
  'POST /api/zones/:id': { id: 'zone' },
  'POST /api/zones/delete/:id': { id: 'zone' },
  'POST /api/spots/:id': { id: 'spot' },
  'POST /api/spots/delete/:id': { id: 'spot' },
  'POST /api/sounds/:id/favorite': { id: 'sound' },
  'POST /api/sounds/:id/quick': { id: 'sound' },
  'POST /api/sounds/:id/delete': { id: 'sound' },
  'GET /api/slideshows/:id': { id: 'slideshow' },
  'POST /api/slideshows/:id': { id: 'slideshow' },
  'POST /api/slideshows/:id/image': { id: 'slideshow' },
  'POST /api/slideshows/:id/image/remove': { id: 'slideshow' },
  'POST /api/slideshows/:id/delete': { id: 'slideshow' },
  'POST /api/screens/:id': { id: 'screen' },
  'POST /api/screens/delete/:id': { id: 'screen' },
  'GET /api/screens/public/:hashId': { hashId: 'screenHash' },
  'GET /api/screens/public/:hashId/slideshows/:id': { hashId: 'screenHash', id: 'slideshow' },
  'POST /api/scheduled-contents/:id': { id: 'scheduledContent' },
  'POST /api/scheduled-contents/toggle/:id': { id: 'scheduledContent' },
  'POST /api/scheduled-contents/delete/:id': { id: 'scheduledContent' },
  'POST /api/music-plan/blocks/:id': { id: 'musicBlock' },
  'POST /api/music-plan/blocks/delete/:id': { id: 'musicBlock' },
  'POST /api/blocked-tracks/:trackId': { trackId: 'track' },
  'POST /api/settings/:id': { id: 'setting' },
  'POST /api/settings/file/:id': { id: 'setting' },
  'GET /api/tutorials/:topicId': { topicId: 'tutorialTopic' },
  'GET /api/tutorials/item/:id': { id: 'tutorialItem' },
  'GET /api/faqs/:id': { id: 'faqTopic' },
  'POST /apps/:appId/events': { appId: 'pusherApp' },
  'POST /apps/:appId/batch_events': { appId: 'pusherApp' },
  'GET /apps/:appId/channels': { appId: 'pusherApp' },
  'GET /apps/:appId/channels/:name': { appId: 'pusherApp', name: 'pusherChannel' },
  'GET /apps/:appId/channels/:name/users': { appId: 'pusherApp', name: 'pusherChannel' },
};

/** The kinds of `key`'s path parameters; a parameter without an entry fails with a clear message. */
export function paramKinds(key: string): Record<string, ParamKind> {
  const names = paramNames(key);
  const known = PARAM_KINDS[key] ?? {};
  const missing = names.filter((n) => !known[n]);
  if (missing.length) {
    throw new Error(
      `Route ${key}: path parameter(s) ${missing.join(', ')} unknown to PARAM_KINDS in ${SUITE_FILE}. ` +
        'Say what each names (a tenant id, a global catalogue id, or no id).',
    );
  }
  return known;
}

// ---------------------------------------------------------------------------------------------
// Hungarian messages

const KNOWN_MESSAGES = new Set<string>(Object.values(messages));
const ENGLISH =
  /\b(bad|request|must|invalid|unauthenticated|unauthori[sz]ed|not found|error|expected|required|too many|forbidden|internal|unsupported|received|missing|failed|should|please|payload|body|undefined|null|object|string|number|array)\b/i;
const HUNGARIAN_LETTERS = /[áéíóöőúüű]/i;

/** A refusal's `message`: one of the server's fixed messages, or Hungarian text with no English error words. */
export function isHungarianMessage(message: unknown): boolean {
  if (typeof message !== 'string' || !message.trim()) return false;
  if (KNOWN_MESSAGES.has(message)) return true;
  return HUNGARIAN_LETTERS.test(message) && !ENGLISH.test(message);
}

// ---------------------------------------------------------------------------------------------
// Snapshots of a shop's data

/** Left out of the snapshot: logins and counters change on refusals by design. */
const NOT_SHOP_DATA = new Set(['sessions', 'rate_limits']);
/** The provider's catalogue and bookkeeping: no customer's data. */
const GLOBAL_TABLES = new Set([
  'categories',
  'subcategories',
  'channels',
  'channel_subcategory',
  'tracks',
  'channel_tracks',
  'seed_steps',
  'tutorial_topics',
  'tutorial_videos',
  'tutorial_items',
  'faq_topics',
  'faq_items',
  'content_syncs',
  // The alert evaluator's minute claims: one row per minute for every shop at once.
  'alert_ticks',
]);
/** Customer data without a customer_id column, reached through its owner. */
const THROUGH: Record<string, (customerId: number) => string> = {
  playlist_tracks: (id) => `playlist_id in (select id from playlists where customer_id = ${id})`,
  scheduled_content_spots: (id) =>
    `scheduled_content_id in (select id from scheduled_contents where customer_id = ${id})`,
  scheduled_content_slideshows: (id) =>
    `scheduled_content_id in (select id from scheduled_contents where customer_id = ${id})`,
  scheduled_content_screens: (id) =>
    `scheduled_content_id in (select id from scheduled_contents where customer_id = ${id})`,
  scheduled_content_zones: (id) =>
    `scheduled_content_id in (select id from scheduled_contents where customer_id = ${id})`,
  player_commands: (id) => `player_id in (select id from players where customer_id = ${id})`,
};

let tableList: Promise<Array<{ table: string; hasCustomerId: boolean }>> | undefined;

async function tables(db: Db) {
  tableList ??= (async () => {
    const result = (await db.execute(
      sql`select table_name as table, bool_or(column_name = 'customer_id') as has_customer_id
          from information_schema.columns where table_schema = 'public' group by table_name order by table_name`,
    )) as unknown as { rows: Array<{ table: string; has_customer_id: boolean }> };
    return result.rows.map((r) => ({ table: r.table, hasCustomerId: r.has_customer_id }));
  })();
  return tableList;
}

export type Snapshot = Record<string, string[]>;

/** Every row of every table of the customer (sorted), sessions and rate limits left out. */
export async function snapshotShop(db: Db, customerId: number): Promise<Snapshot> {
  if (!Number.isInteger(customerId)) throw new Error('customerId must be an integer');
  const out: Snapshot = {};
  for (const { table, hasCustomerId } of await tables(db)) {
    if (NOT_SHOP_DATA.has(table) || GLOBAL_TABLES.has(table)) continue;
    let where: string;
    if (table === 'customers') where = `id = ${customerId}`;
    else if (hasCustomerId) where = `customer_id = ${customerId}`;
    else if (THROUGH[table]) where = THROUGH[table](customerId);
    else {
      throw new Error(
        `Table ${table} has no customer_id: add it to GLOBAL_TABLES or THROUGH in ${SUITE_FILE} so snapshots cover it.`,
      );
    }
    const result = (await db.execute(
      sql.raw(`select to_jsonb(t)::text as row from "${table}" t where ${where}`),
    )) as unknown as {
      rows: Array<{ row: string }>;
    };
    out[table] = result.rows.map((r) => r.row).sort();
  }
  return out;
}

/** The tables whose rows differ between two snapshots (for failure messages). */
export function snapshotDiff(a: Snapshot, b: Snapshot): string[] {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].filter((n) => JSON.stringify(a[n]) !== JSON.stringify(b[n]));
}
