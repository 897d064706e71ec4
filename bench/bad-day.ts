/**
 * A bad day in the scale mode (step `bad-day`, issue 29's figures): the cluster of `npm run
 * start:cluster` (two API and two web instances behind HAProxy, scripts/launch/cluster.mjs) on
 * PostgreSQL and Redis, each reached through a TCP proxy of this step's (scripts/launch/tcp-proxy.ts),
 * while an audio device plays and presses keep coming:
 *
 * 1. PostgreSQL restarted. The machine's PostgreSQL is shared, so a real `pg_ctl restart` is not
 *    done: the restart is modelled as the cluster sees one. The proxy stops listening (a new
 *    connection is refused), every backend of the cluster is ended with `pg_terminate_backend`
 *    (the 'terminating connection due to administrator command' a shutdown sends), what is left
 *    is cut, and after BENCH_BAD_DAY_RESTART_MS (2 s) the proxy listens again. The audio device's
 *    track ends a second into it.
 * 2. PostgreSQL frozen for BENCH_BAD_DAY_FREEZE_MS (30 s): the proxy passes no byte either way (a
 *    hung database or network); the device's track ends a second into it, before the load balancer
 *    has taken the instances out (their readiness fails only after its probe's deadline), so the
 *    device's `next` reaches an instance and hangs: the worst moment for a track to end.
 *    Then the same with 'Áttűnés' (the shop's crossfade) set to 0, frozen BENCH_BAD_DAY_CUT_FREEZE_MS
 *    (10 s, past the device's 5 s call deadline): with a crossfade the next track starts before the
 *    end without asking anyone, with a cut the device starts the announced next track at the end
 *    itself while its `next` hangs.
 * 3. Redis away for BENCH_BAD_DAY_REDIS_MS (20 s): its proxy refuses and drops every connection.
 * 4. An API instance killed (SIGKILL; the cluster's supervisor starts it again) in the middle of
 *    BENCH_BAD_DAY_KILL_SECONDS (20 s) of 40 presses a second through the load balancers.
 *
 * The audio device is a Chromium page logged in on the demo shop, the player's output, playing;
 * its audio element is sampled every 100 ms, and the longest stretch in which its time did not
 * move (or it was paused) is its silence. Two more devices are pusher-js clients (through the API's
 * load balancer, in the player's and the shop's presence channel) that keep the newest `version`
 * they were sent. "Every device right": both hold the version the API reads from the database, and
 * the page plays (or not) the track the database names, at the volume it names; timed from the
 * database's (or Redis's) return, checked every 100 ms. "In presence": a socket opened then lists
 * the three devices' session ids in the shop's presence channel.
 *
 * Presses carry an idempotency key as the web app's do. During the faults they are volume writes
 * (the music must not stop) through the web app's load balancer and BFF, two a second, each with a
 * volume of its own; one that fails (no answer, 502/503/504) is sent again with its key (three
 * attempts in all), and every fourth answered one is sent once more, as a client that lost the
 * answer would. During the kill they are toggle-play, half through the web app's BFF, half straight
 * to the API's load balancer, sent again as above, every eighth answered one once more. Counted in
 * the database, from an audit this step adds to its own database (triggers on `players` and
 * `player_commands` writing each update's transaction, volume and play state, and each newly
 * recorded key's transaction): a press's effect is applied in its key's transaction, or in one that
 * recorded no key (applied again without it); a press "applied twice" has more than one such
 * update, "lost" was answered 2xx with none.
 *
 * Ports: BENCH_BAD_DAY_WEB_PORT (default 3501) and BENCH_BAD_DAY_API_PORT (4501) for HAProxy, the
 * instances on the next two of each. PostgreSQL and Redis as bench/realtime-cluster.ts
 * (BENCH_RT_DATABASE_URL, BENCH_RT_REDIS_URL; wiped). The web app is the bench's build. The cluster's
 * log is in its data folder, kept with BENCH_KEEP_DATA=1.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import type Pusher from 'pusher-js';
import { chromiumLaunchOptions } from '../scripts/launch/browser';
import { startCluster, type Cluster } from '../scripts/launch/cluster.mjs';
import { acquireRunLock, makeDataDir, webUrl } from '../scripts/launch/stack';
import { startTcpProxy, type TcpProxy } from '../scripts/launch/tcp-proxy';
import { ensureWebBuild } from '../scripts/launch/web-build.mjs';
import { newContext } from './pages';
import { Device, devicePusher, LATENCY_PORT, percentile, sleep, subscribed, withTimeout } from './realtime';
import { DATABASE_URL, prepareDatabase, prepareRedis, REDIS_URL, shown } from './realtime-cluster';

export interface BadDayMeasurement {
  name: string;
  value: number;
  unit: 'ms' | 'count';
  max?: number;
  note?: string;
}

export const BAD_DAY_BUDGETS = {
  silenceMs: 1_000,
  dbRightMs: 5_000,
  redisAnswerP95Ms: 500,
  redisRightMs: 2_000,
  twice: 0,
  lost: 0,
} as const;

const WEB_PORT = Number(process.env.BENCH_BAD_DAY_WEB_PORT || 3501);
const API_PORT = Number(process.env.BENCH_BAD_DAY_API_PORT || 4501);
const DIST_DIR = process.env.BENCH_DIST_DIR || '.next-bench';
const RESTART_MS = Number(process.env.BENCH_BAD_DAY_RESTART_MS ?? 2_000);
const FREEZE_MS = Number(process.env.BENCH_BAD_DAY_FREEZE_MS ?? 30_000);
const CUT_FREEZE_MS = Number(process.env.BENCH_BAD_DAY_CUT_FREEZE_MS ?? 10_000);
const REDIS_MS = Number(process.env.BENCH_BAD_DAY_REDIS_MS ?? 20_000);
const KILL_SECONDS = Number(process.env.BENCH_BAD_DAY_KILL_SECONDS ?? 20);
const KILL_RATE = 40;
const PRESS_EVERY_MS = 500;
/** How long "every device right" is waited for before it counts as never. */
const RIGHT_WAIT_MS = 30_000;
const EVENT = 'App\\Events\\UpdatePlayer';

const pathOf = (url: string) => new URL(url || 'http://x/').pathname;

interface PlayerState {
  id: number;
  version: number;
  is_playing: boolean;
  volume: number;
  session_id: string | null;
  track: { id: number; url: string } | null;
  next_tracks?: { id: number; url: string }[];
}

// ---------------------------------------------------------------------------------------------------
// A phone through the web app's load balancer and BFF (the sealed cookie of one login)

class WebPhone {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  cookie = '';
  private readonly host = new URL(webUrl(WEB_PORT)).host;

  request(
    method: 'GET' | 'POST',
    pathname: string,
    body?: unknown,
    headers: Record<string, string> = {},
    timeoutMs = 10_000,
  ): Promise<{ status: number; body: string; setCookie?: string[] }> {
    const all: Record<string, string> = { Host: this.host, Accept: 'application/json', ...headers };
    if (this.cookie) all.Cookie = this.cookie;
    if (method === 'POST') {
      all.Origin = webUrl(WEB_PORT);
      all['Content-Type'] = 'application/json';
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: WEB_PORT, method, path: pathname, headers: all, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              setCookie: res.headers['set-cookie'],
            }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }

  async login(): Promise<void> {
    const res = await this.request('POST', '/auth/login', {
      email: 'demo@pulzus.hu',
      password: 'pulzus-demo',
      remember: false,
    });
    if (res.status !== 204 && res.status !== 200) throw new Error(`BFF login answered ${res.status}: ${res.body}`);
    const sealed = (res.setCookie ?? []).map((l) => l.split(';')[0]!).find((p) => p.startsWith('pulzus='));
    if (!sealed) throw new Error('BFF login set no sealed cookie');
    this.cookie = sealed;
  }

  close() {
    this.agent.destroy();
  }
}

/** One press and what came of it. */
interface Press {
  key: string;
  /** The volume it writes (volume presses), or undefined (toggle-play). */
  volume?: number;
  start: number;
  /** The first attempt's answer time (ms), if it answered 2xx. */
  firstMs?: number;
  attempts: number;
  /** Answered 2xx at last (acknowledged). */
  acked: boolean;
  /** The last non-2xx status or error. */
  failure?: string;
  /** Sent once more after its answer. */
  echoed?: boolean;
}

/** What a list of presses went through, for a row's note. */
function described(presses: Press[]): string {
  const acked = presses.filter((p) => p.acked).length;
  const again = presses.filter((p) => p.attempts > 1).length;
  const echoed = presses.filter((p) => p.echoed).length;
  return `${presses.length} presses, ${acked} answered 2xx, ${again} sent again after a failure, ${echoed} again after their answer`;
}

const RETRY = (status: number) => status === 0 || status === 502 || status === 503 || status === 504;

/**
 * Sends one press, again with the same key while it fails as an unreachable server does (three
 * attempts in all, 0.5 s and 1.5 s apart); every `echo`th acknowledged one is sent once more.
 */
async function press(send: (key: string) => Promise<{ status: number }>, p: Press, echo: boolean): Promise<void> {
  const waits = [500, 1_500];
  for (;;) {
    p.attempts += 1;
    const t0 = performance.now();
    let status = 0;
    try {
      status = (await send(p.key)).status;
    } catch (err) {
      p.failure = (err as Error).message;
    }
    if (status >= 200 && status < 300) {
      if (p.attempts === 1) p.firstMs = performance.now() - t0;
      p.acked = true;
      p.failure = undefined;
      if (echo) {
        p.echoed = true;
        await send(p.key).catch(() => undefined);
      }
      return;
    }
    if (status) p.failure = String(status);
    const wait = waits.shift();
    if (!RETRY(status) || wait === undefined) return;
    await sleep(wait);
  }
}

// ---------------------------------------------------------------------------------------------------
// The database's own count: an audit of the player's updates and of the command keys recorded

const AUDIT_SQL = `
create table bench_player_audit (
  id bigserial primary key,
  tx bigint not null default txid_current(),
  at timestamptz not null default clock_timestamp(),
  player_id integer not null,
  old_version bigint, new_version bigint,
  old_playing boolean, new_playing boolean,
  old_volume integer, new_volume integer,
  old_time double precision, new_time double precision
);
create table bench_key_audit (
  tx bigint not null default txid_current(),
  at timestamptz not null default clock_timestamp(),
  player_id integer not null,
  key text not null
);
create function bench_player_audit() returns trigger language plpgsql as $$
begin
  insert into bench_player_audit (player_id, old_version, new_version, old_playing, new_playing, old_volume, new_volume, old_time, new_time)
  values (new.id, old.version, new.version, old.is_playing, new.is_playing, old.volume, new.volume, old.current_time, new.current_time);
  return null;
end $$;
create function bench_key_audit() returns trigger language plpgsql as $$
begin
  insert into bench_key_audit (player_id, key) values (new.player_id, new.key);
  return null;
end $$;
create trigger bench_player_audit after update on players for each row execute function bench_player_audit();
create trigger bench_key_audit after insert on player_commands for each row execute function bench_key_audit();
`;

interface Tally {
  twice: number;
  lost: number;
  acked: number;
  sent: number;
}

/**
 * Applied twice and lost, for `presses` of one phase (keys with the phase's prefix, updates since `since`): each press's
 * updates are the ones in its key's transaction, plus, for a volume press, any update in a
 * transaction that recorded no key and set the press's volume without moving the time (a position
 * report moves it), and for toggle-play presses any keyless update that flipped the play state
 * (nothing else toggles during the kill).
 */
export async function tally(
  db: pg.Client,
  playerId: number,
  presses: Press[],
  prefix: string,
  since: number,
): Promise<Tally> {
  const updates = await db.query<{
    tx: string;
    keys: string[] | null;
    new_volume: number;
    old_volume: number;
    old_playing: boolean;
    new_playing: boolean;
    old_time: number;
    new_time: number;
  }>(
    `select a.tx::text, a.new_volume, a.old_volume, a.old_playing, a.new_playing, a.old_time, a.new_time,
            (select array_agg(k.key) from bench_key_audit k where k.tx = a.tx) as keys
       from bench_player_audit a
      where a.player_id = $1 and a.old_version is distinct from a.new_version and a.at >= to_timestamp($2 / 1000.0)`,
    [playerId, since],
  );
  const byKey = new Map<string, number>();
  const byVolume = new Map<number, number>();
  let keylessFlips = 0;
  for (const u of updates.rows) {
    const keys = u.keys ?? [];
    for (const k of keys) if (k.startsWith(prefix)) byKey.set(k, (byKey.get(k) ?? 0) + 1);
    if (keys.length) continue;
    if (u.new_volume !== u.old_volume && u.new_time === u.old_time)
      byVolume.set(u.new_volume, (byVolume.get(u.new_volume) ?? 0) + 1);
    if (u.new_playing !== u.old_playing) keylessFlips += 1;
  }
  let twice = 0;
  let lost = 0;
  const toggles = presses.some((p) => p.volume === undefined);
  for (const p of presses) {
    const applied = (byKey.get(p.key) ?? 0) + (p.volume !== undefined ? (byVolume.get(p.volume) ?? 0) : 0);
    if (applied > 1) twice += applied - 1;
    if (p.acked && applied === 0) lost += 1;
  }
  // A keyless volume write of a press's volume that its key's transaction did not write counts above;
  // keyless flips belong to no key, each one is a press applied once more.
  if (toggles) twice += keylessFlips;
  return { twice, lost, acked: presses.filter((p) => p.acked).length, sent: presses.length };
}

// ---------------------------------------------------------------------------------------------------
// The devices

interface Watcher {
  pusher: Pusher;
  device: Device;
  sessionId: string;
  version: number;
}

async function watcher(key: string, playerId: number, presence: string): Promise<Watcher> {
  const device = new Device(API_PORT);
  await device.login();
  const me = JSON.parse((await device.request('GET', '/api/me')).body) as { session_id: string };
  const pusher = devicePusher(key, API_PORT, device);
  const w: Watcher = { pusher, device, sessionId: me.session_id, version: 0 };
  await subscribed(pusher, presence, 'bad-day: presence');
  const channel = await subscribed(pusher, `private-player.${playerId}`, 'bad-day: player channel');
  channel.bind(EVENT, (data: { player: { version: number } }) => {
    w.version = Math.max(w.version, data.player.version);
  });
  // A device reads its player on start; events raise it from there.
  const players = JSON.parse((await device.request('GET', '/api/players')).body) as PlayerState[];
  w.version = Math.max(w.version, players.find((p) => p.id === playerId)!.version);
  return w;
}

/** What the audio page plays and shows. */
async function pageState(page: Page) {
  return page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('audio[data-player-audio]');
    const range = document.querySelector<HTMLInputElement>('input[type="range"][aria-label="Hangerő"]');
    return { src: a?.currentSrc ?? '', playing: !!a && !a.paused, volume: range ? Number(range.value) : NaN };
  });
}

/** The player as the API reads it from the database. */
async function serverPlayer(device: Device, playerId: number): Promise<PlayerState | undefined> {
  const res = await device.request('GET', '/api/players').catch(() => undefined);
  if (res?.status !== 200) return undefined;
  return (JSON.parse(res.body) as PlayerState[]).find((p) => p.id === playerId);
}

/** Sets the shop's 'Áttűnés' (crossfade seconds); answers the value it had. */
async function setCrossfade(device: Device, seconds: number): Promise<string | null> {
  const rows = JSON.parse((await device.request('GET', '/api/settings')).body) as Array<{
    id: number;
    key: string;
    value: string | null;
  }>;
  const row = rows.find((r) => r.key === 'crossfade_seconds');
  if (!row) throw new Error('bad-day: the shop has no crossfade_seconds setting');
  const res = await device.request(
    'POST',
    `/api/settings/${row.id}`,
    JSON.stringify({ id: row.id, key: row.key, value: String(seconds) }),
    { 'Content-Type': 'application/json' },
  );
  if (res.status !== 200) throw new Error(`bad-day: the crossfade setting answered ${res.status}: ${res.body}`);
  return row.value;
}

/** ms from `since` until every device shows the database's player (NaN: not within RIGHT_WAIT_MS). */
async function untilRight(
  since: number,
  reader: Device,
  playerId: number,
  page: Page,
  watchers: Watcher[],
  extra: () => Promise<boolean> = async () => true,
): Promise<{ ms: number; why: string }> {
  let why = '';
  while (Date.now() - since < RIGHT_WAIT_MS) {
    const server = await serverPlayer(reader, playerId);
    if (server) {
      const shown = await pageState(page);
      const behind = watchers.filter((w) => w.version !== server.version);
      const pageRight =
        shown.playing === server.is_playing &&
        !!server.track &&
        pathOf(shown.src) === pathOf(server.track.url) &&
        shown.volume === server.volume;
      why = `server v${server.version} track ${server.track?.id} vol ${server.volume} playing ${server.is_playing}; devices v${watchers.map((w) => w.version).join('/')}; page ${pathOf(shown.src).split('/').pop()} vol ${shown.volume} playing ${shown.playing}`;
      if (!behind.length && pageRight && (await extra())) return { ms: Date.now() - since, why };
    } else why = 'the API does not answer';
    await sleep(100);
  }
  return { ms: Number.NaN, why };
}

/** Whether a socket opened now lists every one of `sessionIds` in the shop's presence channel. */
async function allInPresence(key: string, device: Device, presence: string, sessionIds: string[]): Promise<boolean> {
  const probe = devicePusher(key, API_PORT, device);
  const channel = probe.subscribe(presence) as unknown as {
    bind(event: string, fn: () => void): void;
    members?: { get(id: string): unknown };
  };
  try {
    const joined = await withTimeout(
      new Promise<boolean>((resolve) => {
        channel.bind('pusher:subscription_succeeded', () => resolve(true));
        channel.bind('pusher:subscription_error', () => resolve(false));
      }),
      2_000,
      'bad-day: presence probe',
    );
    return joined && sessionIds.every((id) => !!channel.members?.get(id));
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------------

export async function measureBadDay(): Promise<BadDayMeasurement[]> {
  // The realtime steps' database and Redis are wiped here too: one of these steps at a time.
  const release = await acquireRunLock(`pulzus-bench-realtime-${LATENCY_PORT}`, (l) => console.log(`[bench] ${l}`));
  const dataDir = makeDataDir('pulzus-bench-bad-day-');
  mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  const log = (l: string) => process.stdout.write(`bad-day: ${l}\n`);
  let pgProxy: TcpProxy | undefined;
  let redisProxy: TcpProxy | undefined;
  let cluster: Cluster | undefined;
  let browser: Browser | undefined;
  let db: pg.Client | undefined;
  const phones: WebPhone[] = [];
  const devices: Device[] = [];
  const watchers: Watcher[] = [];
  try {
    await ensureWebBuild(DIST_DIR, log);
    await prepareRedis();
    await prepareDatabase();
    const pgTarget = new URL(DATABASE_URL);
    pgProxy = await startTcpProxy({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
    const redisTarget = new URL(REDIS_URL);
    redisProxy = await startTcpProxy({ host: redisTarget.hostname, port: Number(redisTarget.port || 6379) });
    log(`cluster on ${WEB_PORT} (web) and ${API_PORT} (API), ${shown(DATABASE_URL)} and ${REDIS_URL} through proxies…`);
    cluster = await startCluster({
      webPort: WEB_PORT,
      apiPort: API_PORT,
      webHost: '127.0.0.1',
      dataDir,
      distDir: DIST_DIR,
      databaseUrl: pgProxy.through(DATABASE_URL),
      redisUrl: redisProxy.through(REDIS_URL),
      // Its devices share one address; the bench weighs the cluster, not the request limit.
      baseEnv: { ...process.env, API_RATE_LIMIT_PER_MINUTE: process.env.API_RATE_LIMIT_PER_MINUTE || '1000000' },
      build: false,
      output: path.join(dataDir, 'logs', 'cluster.log'),
      log,
      onUnexpectedExit: (name, code, signal) => log(`${name} ended (${signal ?? `exit code ${code}`})`),
    });
    db = new pg.Client({ connectionString: DATABASE_URL });
    db.on('error', () => undefined);
    await db.connect();
    await db.query(AUDIT_SQL);

    // Logins: a reader and the watchers straight at the API's load balancer, phones and the page through the web app's.
    const reader = new Device(API_PORT);
    devices.push(reader);
    await reader.login();
    const me = JSON.parse((await reader.request('GET', '/api/me')).body) as { customer_id: number };
    const presence = `presence-customer.${me.customer_id}`;
    const { key: pusherKey } = JSON.parse((await reader.request('GET', '/api/realtime-config')).body) as {
      key: string;
    };
    const player = (JSON.parse((await reader.request('GET', '/api/players')).body) as PlayerState[])[0]!;
    const playerId = player.id;
    if (player.is_playing) await reader.request('GET', `/api/players/${playerId}/toggle-play`);
    for (let i = 0; i < 3; i++) {
      const phone = new WebPhone();
      await phone.login();
      phones.push(phone);
    }
    const pageLogin = new WebPhone();
    await pageLogin.login();
    phones.push(pageLogin);
    const pageSession = (JSON.parse((await pageLogin.request('GET', '/api/me')).body) as { session_id: string })
      .session_id;
    for (let i = 0; i < 2; i++) {
      const w = await watcher(pusherKey, playerId, presence);
      watchers.push(w);
      devices.push(w.device);
    }

    // The audio device.
    browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
    const context = await newContext(browser, webUrl(WEB_PORT), pageLogin.cookie);
    await context.addInitScript('globalThis.__name = (f) => f;');
    const page = await context.newPage();
    await page.goto(`${webUrl(WEB_PORT)}/channels/1`, { waitUntil: 'load' });
    await page.locator('[data-connection="connected"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByRole('main').getByRole('button', { name: 'Lejátszás', exact: true }).click();
    await page.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>('audio[data-player-audio]');
        return !!audio && !audio.paused && audio.currentTime > 0;
      },
      null,
      { timeout: 20_000 },
    );
    await page.evaluate(() => {
      const w = window as unknown as { __samples: unknown[] };
      w.__samples = [];
      setInterval(() => {
        const a = document.querySelector<HTMLAudioElement>('audio[data-player-audio]');
        w.__samples.push({
          at: Date.now(),
          src: a?.currentSrc ?? '',
          time: a?.currentTime ?? 0,
          paused: a?.paused ?? true,
        });
      }, 100);
    });

    /** The device has the current and next tracks in its media cache (it plays on from there). */
    const cached = async () => {
      const p = (await serverPlayer(reader, playerId))!;
      const want = [p.track!.url, ...(p.next_tracks ?? []).map((t) => t.url)].map(pathOf);
      await page.waitForFunction(
        async (paths: string[]) => {
          if (!(await caches.has('pulzus-media-v1'))) return false;
          const keys = (await (await caches.open('pulzus-media-v1')).keys()).map((r) => new URL(r.url).pathname);
          return paths.every((x) => keys.includes(x));
        },
        want,
        { timeout: 30_000, polling: 250 },
      );
    };
    /** The audio device's track ends `inMs` from now. */
    const endIn = (inMs: number) =>
      page.evaluate((s: number) => {
        const audio = document.querySelector<HTMLAudioElement>('audio[data-player-audio]')!;
        audio.currentTime = Math.max(0, audio.duration - s);
      }, inMs / 1000);
    /** The longest stretch without progress between `from` and `to` (Date.now() times). */
    const silence = async (from: number, to: number) => {
      const samples = (
        await page.evaluate(
          () =>
            (window as unknown as { __samples: { at: number; src: string; time: number; paused: boolean }[] })
              .__samples,
        )
      ).filter((s) => s.at >= from && s.at <= to);
      let since = samples[0]?.at ?? from;
      let longest = 0;
      for (let i = 1; i < samples.length; i++) {
        const [a, b] = [samples[i - 1]!, samples[i]!];
        if (!b.paused && (b.src !== a.src || b.time > a.time)) since = b.at;
        longest = Math.max(longest, b.at - since);
      }
      return { longest, tracks: new Set(samples.map((s) => pathOf(s.src))).size };
    };

    let volume = 0;
    /** Volume presses through the BFF every PRESS_EVERY_MS while `busy()`, keys `prefix…`. */
    const volumePresses = async (prefix: string, busy: () => boolean): Promise<Press[]> => {
      const out: Press[] = [];
      const pending: Promise<void>[] = [];
      for (let n = 0; busy(); n++) {
        volume = 5 + ((volume + 1 - 5 + 96) % 96); // 5…100, each press a volume of its own in the phase
        const p: Press = {
          key: `${prefix}-${n}-${randomUUID()}`,
          volume,
          start: Date.now(),
          attempts: 0,
          acked: false,
        };
        out.push(p);
        const phone = phones[n % 3]!;
        pending.push(
          press(
            (key) =>
              phone.request(
                'POST',
                `/api/players/${playerId}/update-volume`,
                { volume: p.volume },
                { 'Idempotency-Key': key },
              ),
            p,
            n % 4 === 3,
          ),
        );
        await sleep(PRESS_EVERY_MS);
      }
      await Promise.all(pending);
      return out;
    };

    const results: BadDayMeasurement[] = [];
    /** The rows of a database fault: `back` its return; the presses still going on. */
    const dbRows = async (
      what: string,
      from: number,
      back: number,
      pressing: Promise<Press[]>,
      prefix: string,
      faultNote: string,
    ) => {
      const [right, presses] = await Promise.all([untilRight(back, reader, playerId, page, watchers), pressing]);
      await sleep(1_000);
      const still = await silence(from, Date.now());
      const count = await tally(db!, playerId, presses, prefix, from);
      log(`${what}: every device right after ${right.ms} ms (${right.why})`);
      const note = described(presses);
      results.push(
        {
          name: `${what}: longest silence on the audio device`,
          // No track end inside the fault: the case measured did not happen, which is no pass.
          value: still.tracks > 1 ? still.longest : Number.NaN,
          unit: 'ms',
          max: BAD_DAY_BUDGETS.silenceMs,
          note: still.tracks > 1 ? `${still.tracks} tracks heard` : 'no track ended during the fault',
        },
        {
          name: `${what}: from its return to every device right`,
          value: right.ms,
          unit: 'ms',
          max: BAD_DAY_BUDGETS.dbRightMs,
          note: faultNote,
        },
        { name: `${what}: presses applied twice`, value: count.twice, unit: 'count', max: BAD_DAY_BUDGETS.twice, note },
        { name: `${what}: writes lost`, value: count.lost, unit: 'count', max: BAD_DAY_BUDGETS.lost, note },
      );
    };

    // 1. PostgreSQL restarted, a track ending a second into it.
    await cached();
    {
      log(`PostgreSQL restarted (${RESTART_MS} ms refused)…`);
      let busy = true;
      const start = Date.now();
      const presses = volumePresses('bdrestart', () => busy);
      await sleep(1_000);
      await endIn(RESTART_MS / 2);
      pgProxy.down();
      const ended = await db.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await sleep(50); // the FATAL reaches the instances through the proxy
      pgProxy.cut();
      await sleep(RESTART_MS);
      await pgProxy.up();
      const back = Date.now();
      setTimeout(() => (busy = false), 4_000);
      await dbRows(
        'PostgreSQL restarted',
        start,
        back,
        presses,
        'bdrestart',
        `${ended.rowCount} backends ended, refused for ${RESTART_MS} ms`,
      );
    }

    /** PostgreSQL frozen for `ms`, the device's track ending a second into it. */
    const proxy = pgProxy;
    const freezeRows = async (ms: number, what: string, prefix: string, note: string) => {
      await cached();
      log(`${what}…`);
      let busy = true;
      const start = Date.now();
      const presses = volumePresses(prefix, () => busy);
      await sleep(1_000);
      await endIn(1_000);
      proxy.freeze();
      await sleep(ms);
      proxy.unfreeze();
      const back = Date.now();
      setTimeout(() => (busy = false), 3_000);
      await dbRows(what, start, back, presses, prefix, note);
    };

    // 2. PostgreSQL frozen, a track ending a second into it.
    await freezeRows(FREEZE_MS, `PostgreSQL frozen ${FREEZE_MS / 1000} s`, 'bdfreeze', 'the track ended 1 s into it');

    // 2b. The same with 'Áttűnés' 0. The device reads the setting at its next track, so one track
    // change comes first.
    {
      const before = await setCrossfade(reader, 0);
      await endIn(1_000);
      await sleep(4_000);
      await freezeRows(
        CUT_FREEZE_MS,
        `PostgreSQL frozen ${CUT_FREEZE_MS / 1000} s, 'Áttűnés' 0`,
        'bdcut',
        'the track ended 1 s into it, with no crossfade',
      );
      await setCrossfade(reader, Number(before ?? 3));
    }

    // 3. Redis away.
    {
      log(`Redis away for ${REDIS_MS / 1000} s…`);
      redisProxy.down();
      redisProxy.cut();
      const gone = Date.now();
      let busy = true;
      setTimeout(() => (busy = false), REDIS_MS - 500);
      const presses = await volumePresses('bdredis', () => busy);
      const wait = REDIS_MS - (Date.now() - gone);
      if (wait > 0) await sleep(wait);
      await redisProxy.up();
      const back = Date.now();
      const sessions = [pageSession, ...watchers.map((w) => w.sessionId)];
      let inPresenceAt = Number.NaN;
      const right = await untilRight(back, reader, playerId, page, watchers, async () => {
        const ok = await allInPresence(pusherKey, reader, presence, sessions);
        if (ok && Number.isNaN(inPresenceAt)) inPresenceAt = Date.now() - back;
        return ok;
      });
      log(`Redis back: every device right and in presence after ${right.ms} ms (${right.why})`);
      const answers = presses.map((p) => p.firstMs ?? Number.POSITIVE_INFINITY);
      const failed = presses.filter((p) => p.firstMs === undefined).length;
      results.push(
        {
          name: `Redis away ${REDIS_MS / 1000} s: presses answered p95`,
          value: percentile(answers, 95),
          unit: 'ms',
          max: BAD_DAY_BUDGETS.redisAnswerP95Ms,
          note: `p50 ${percentile(answers, 50).toFixed(0)} ms; ${described(presses)}; ${failed} not answered 2xx at once`,
        },
        {
          name: `Redis away ${REDIS_MS / 1000} s: from its return to every device right and in presence`,
          value: right.ms,
          unit: 'ms',
          max: BAD_DAY_BUDGETS.redisRightMs,
        },
      );
    }

    // 4. An API instance killed during 40 presses a second (toggle-play): the audio device leaves first.
    await browser.close();
    browser = undefined;
    {
      log(`${KILL_RATE} presses/s for ${KILL_SECONDS} s, API instance 1 killed half-way…`);
      const direct = [0, 1].map(() => new Device(API_PORT));
      for (const d of direct) {
        await d.login();
        devices.push(d);
      }
      const presses: Press[] = [];
      const pending: Promise<void>[] = [];
      const since = Date.now();
      const begin = performance.now();
      const total = KILL_SECONDS * KILL_RATE;
      let killed = false;
      for (let n = 0; n < total; n++) {
        const due = begin + (n * 1000) / KILL_RATE;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (!killed && n >= total / 2) {
          killed = true;
          process.kill(cluster.pid('api-1')!, 'SIGKILL');
        }
        const p: Press = { key: `bdkill-${n}-${randomUUID()}`, start: Date.now(), attempts: 0, acked: false };
        presses.push(p);
        const path = `/api/players/${playerId}/toggle-play`;
        const send =
          n % 2 === 0
            ? (key: string) => phones[n % 3]!.request('GET', path, undefined, { 'Idempotency-Key': key })
            : (key: string) => direct[(n >> 1) % 2]!.request('GET', path, undefined, { 'Idempotency-Key': key });
        pending.push(press(send, p, n % 8 === 7));
      }
      await Promise.all(pending);
      const count = await tally(db, playerId, presses, 'bdkill', since);
      const failed = presses.filter((p) => !p.acked);
      log(
        `kill: ${count.acked} of ${count.sent} answered 2xx; ${failed.length} not (${[...new Set(failed.map((p) => p.failure))].join(', ')}); api-1 restarted ${cluster.restarts('api-1')} time(s)`,
      );
      results.push(
        {
          name: `API instance killed at ${KILL_RATE} presses/s: presses applied twice`,
          value: count.twice,
          unit: 'count',
          max: BAD_DAY_BUDGETS.twice,
          note: described(presses),
        },
        {
          name: `API instance killed at ${KILL_RATE} presses/s: answered presses lost`,
          value: count.lost,
          unit: 'count',
          note: `${count.sent - count.acked} not answered 2xx after 3 attempts`,
        },
      );
    }
    return results;
  } finally {
    await browser?.close().catch(() => undefined);
    for (const w of watchers) w.pusher.disconnect();
    for (const d of devices) d.close();
    for (const p of phones) p.close();
    await db?.end().catch(() => undefined);
    await cluster?.stop();
    pgProxy?.unfreeze();
    await redisProxy?.up().catch(() => undefined);
    await pgProxy?.close();
    await redisProxy?.close();
    if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    release();
  }
}
