/**
 * Real-time budgets, each against a tenant API of its own (ports 4301+, a fresh DATA_DIR, started
 * through bash with a raised `ulimit -n`):
 *
 * - remote command → UpdatePlayer: 250 sockets subscribed (authorised) to one player's channel;
 *   a logged-in remote control toggles shuffle through the API N times, one at a time; the time
 *   from the request's start to the event's arrival on one designated client (a pusher-js client,
 *   like the shop's audio device). The other 249 are raw `ws` clients that do not parse frames.
 * - memory per idle socket: 10,000 raw `ws` clients in a child process connect to the API and
 *   stay idle (answering pings); the API's RSS before and after, divided by the sockets.
 *
 * `npm run bench` runs `measureRealtime()`; `tsx bench/realtime.ts` runs only these and prints them.
 * The pieces (an API with a raised `ulimit -n`, the logged-in device, pusher-js clients, the child
 * process of raw clients) are shared with bench/realtime-scale.ts.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { randomSecrets, secretsEnv, writeSecretsFile, type Secrets } from '../contracts/secrets.mjs';
import { ROOT } from '../scripts/launch/web-build.mjs';
import { acquireRunLock, makeDataDir, ManagedProcess } from '../scripts/launch/stack';

export interface RealtimeMeasurement {
  name: string;
  value: number;
  unit: 'ms' | 'kB' | '×' | 'req/s' | 'count';
  /** The value must stay at or below this. */
  max?: number;
  note?: string;
}

export const LATENCY_PORT = Number(process.env.BENCH_RT_PORT ?? 4301);
const MEMORY_PORT = LATENCY_PORT + 1;
const SUBSCRIBERS = Number(process.env.BENCH_RT_SUBSCRIBERS ?? 250);
const COMMANDS = Number(process.env.BENCH_RT_COMMANDS ?? 300);
const COMMAND_WARMUP = 20;
const IDLE_SOCKETS = Number(process.env.BENCH_RT_SOCKETS ?? 10_000);
/** Every phase gives up after this long (the machine may be busy; the loops stay bounded). */
const PHASE_MS = 240_000;
const ULIMIT = 65_535;

const here = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------------
// The API under test

export interface Api {
  port: number;
  dataDir: string;
  secrets: Secrets;
  proc: ManagedProcess;
  /** Resident set size of the API process, kB (from /proc). */
  rssKb(): number;
  /** CPU time the API process used so far (user + system), ms (from /proc). */
  cpuMs(): number;
  /** Asks the API for a full garbage collection (only with the gc hook preloaded). */
  collect(): void;
  stop(): Promise<void>;
}

/** `bash -c 'ulimit -n …; exec node …'`: node replaces bash, so the child's pid is the API's. */
export function spawnWithUlimit(argv: string[], env: NodeJS.ProcessEnv, stdio: 'pipe' | 'logs') {
  const script = `ulimit -n ${ULIMIT} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"`;
  return spawn('bash', ['-c', script, 'bash', process.execPath, ...argv], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: stdio === 'pipe' ? ['pipe', 'pipe', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  });
}

async function portIsTaken(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch (err) {
    return (err as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED';
  }
}

export interface ApiOptions {
  gcHook?: boolean;
  /** A DATA_DIR shared with other instances (the caller owns it); by default a fresh one, removed on stop. */
  dataDir?: string;
  /** Secrets shared with other instances; by default random ones. */
  secrets?: Secrets;
  /** More environment (DATABASE_URL, REDIS_URL…); by default the embedded mode (PGlite, no Redis). */
  env?: Record<string, string>;
}

export async function startApi(
  port: number,
  { gcHook = false, dataDir: sharedDir, secrets: given, env: extra = {} }: ApiOptions = {},
): Promise<Api> {
  // Another process on the port would answer the readiness check with the wrong secrets.
  if (await portIsTaken(port)) throw new Error(`port ${port} is taken; is another bench run still going?`);
  const dataDir = sharedDir ?? makeDataDir('pulzus-bench-rt-');
  const removeDataDir = () => {
    if (!sharedDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const secrets = given ?? randomSecrets();
  if (!sharedDir) writeSecretsFile(dataDir, secrets);
  const env: NodeJS.ProcessEnv = { ...process.env, ...secretsEnv(secrets) };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'API_PORT', 'PORT']) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BROADCAST_DRIVER: 'builtin',
    // Thousands of sockets from this one address are the point here, not an attack.
    REALTIME_MAX_CONNECTIONS_PER_IP: '1000000',
    // And so are their many calls: the request limit is not what the bench weighs.
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    ...extra,
  });
  mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  const hook = gcHook ? ['--import', path.join(here, 'realtime-gc-hook.ts')] : [];
  const child = spawnWithUlimit(
    [...(gcHook ? ['--expose-gc'] : []), '--import', 'tsx', ...hook, 'server/src/main.ts'],
    env,
    'logs',
  );
  const proc = new ManagedProcess(`api:${port}`, child, path.join(dataDir, 'logs', `api-${port}.log`));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (!proc.alive) {
      removeDataDir();
      throw new Error(`API on ${port} exited:\n${proc.output()}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/realtime-config`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) {
      await proc.stop();
      removeDataDir();
      throw new Error(`API on ${port} did not answer within 180 s:\n${proc.output()}`);
    }
    await sleep(300);
  }
  return {
    port,
    dataDir,
    secrets,
    proc,
    rssKb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    },
    cpuMs() {
      // Fields 14 and 15 (utime, stime) in clock ticks of 10 ms, counted after the command's closing parenthesis.
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    collect() {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGUSR2');
    },
    async stop() {
      await proc.stop();
      removeDataDir();
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// HTTP: a logged-in device (Sanctum cookies, X-XSRF-TOKEN on unsafe calls)

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Also the scheduler's fire-latency step's device (bench/scheduler.ts). */
export class Device {
  private readonly jar = new Map<string, string>();
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  /** `headers` go with every call (the other shop's X-Tenant and the BFF secret). */
  constructor(
    private readonly port: number,
    private readonly headers: Record<string, string> = {},
  ) {}

  request(method: string, pathname: string, body?: string, headers: Record<string, string> = {}) {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.jar.get('XSRF-TOKEN');
    const all: Record<string, string> = { Accept: 'application/json', ...this.headers, ...headers };
    if (cookie) all.Cookie = cookie;
    if (method !== 'GET' && xsrf) all['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: this.port, method, path: pathname, headers: all, agent: this.agent },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const pair = line.split(';')[0]!;
            const i = pair.indexOf('=');
            const value = pair.slice(i + 1);
            if (value === '' || /max-age=0/i.test(line)) this.jar.delete(pair.slice(0, i));
            else this.jar.set(pair.slice(0, i), value);
          }
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  async login(email = 'demo@pulzus.hu', password = 'pulzus-demo') {
    await this.request('GET', '/sanctum/csrf-cookie');
    const res = await this.request('POST', '/login', JSON.stringify({ email, password }), {
      'Content-Type': 'application/json',
    });
    if (res.status !== 204) throw new Error(`login answered ${res.status}: ${res.body}`);
  }

  /** `/broadcasting/auth` for a socket, as the BFF would forward it. */
  async authorize(socketId: string, channel: string): Promise<{ auth: string; channel_data?: string }> {
    const res = await this.request(
      'POST',
      '/broadcasting/auth',
      `socket_id=${encodeURIComponent(socketId)}&channel_name=${encodeURIComponent(channel)}`,
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    if (res.status !== 200) throw new Error(`/broadcasting/auth answered ${res.status}: ${res.body}`);
    return JSON.parse(res.body) as { auth: string; channel_data?: string };
  }

  close() {
    this.agent.destroy();
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms);
    }),
  ]);
}

/** A pusher-js client on the API's socket, its private channels authorised through `device`'s login. */
export function devicePusher(key: string, port: number, device: Device): Pusher {
  return new Pusher(key, {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      endpoint: '/unused',
      transport: 'ajax',
      customHandler: (params, callback) => {
        device.authorize(params.socketId, params.channelName).then(
          (data) => callback(null, data),
          (err: Error) => callback(err, null),
        );
      },
    },
  });
}

/** Subscribes and waits for the subscription (pusher-js retries by itself; a busy machine can make the first connection slow). */
export async function subscribed(pusher: Pusher, channelName: string, what: string) {
  const channel = pusher.subscribe(channelName);
  await withTimeout(
    new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
    }),
    120_000,
    what,
  );
  return channel;
}

// ---------------------------------------------------------------------------------------------------
// (a) remote command → UpdatePlayer on the audio device, with SUBSCRIBERS sockets on the channel

/** The socket URL pusher-js opens on the API. */
export const pusherUrl = (port: number, key: string) =>
  `ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.4.0&flash=false`;

/** A raw subscriber that answers pings and ignores everything else (no JSON parsing per event). */
async function rawSubscriber(port: number, key: string, channel: string, device: Device): Promise<WebSocket> {
  const ws = new WebSocket(pusherUrl(port, key), { perMessageDeflate: false });
  await withTimeout(
    new Promise<void>((resolve, reject) => {
      ws.on('error', reject);
      ws.on('message', (raw) => {
        const text = raw.toString();
        if (text.includes('"pusher:ping"')) ws.send('{"event":"pusher:pong","data":{}}');
        else if (text.includes('"pusher:connection_established"')) {
          const { socket_id } = JSON.parse((JSON.parse(text) as { data: string }).data) as { socket_id: string };
          device
            .authorize(socket_id, channel)
            .then(
              ({ auth }) => ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } })),
              reject,
            );
        } else if (text.includes('pusher_internal:subscription_succeeded')) resolve();
        else if (text.includes('subscription_error')) reject(new Error(text));
      });
    }),
    60_000,
    'raw subscriber',
  );
  return ws;
}

async function measureCommandLatency(): Promise<RealtimeMeasurement[]> {
  const api = await startApi(LATENCY_PORT);
  const sockets: WebSocket[] = [];
  let audio: Pusher | undefined;
  const devices: Device[] = [];
  try {
    const key = api.secrets.pusherKey;
    const audioDevice = new Device(api.port);
    const remote = new Device(api.port);
    devices.push(audioDevice, remote);
    await audioDevice.login();
    await remote.login();
    const players = JSON.parse((await remote.request('GET', '/api/players')).body) as Array<{
      id: number;
      is_random: boolean;
    }>;
    const playerId = players[0]!.id;
    const channelName = `private-player.${playerId}`;

    // The designated client: pusher-js, authorised through the audio device's login.
    audio = devicePusher(key, api.port, audioDevice);
    const channel = await subscribed(audio, channelName, 'designated subscription');

    process.stdout.write(`realtime: ${SUBSCRIBERS - 1} more subscribers on ${channelName}…\n`);
    const started = Date.now();
    let opened = 0;
    const openWorker = async () => {
      while (opened < SUBSCRIBERS - 1 && Date.now() - started < PHASE_MS) {
        opened++;
        sockets.push(await rawSubscriber(api.port, key, channelName, audioDevice));
      }
    };
    await Promise.all(Array.from({ length: 10 }, openWorker));
    const subscribers = sockets.length + 1;

    let waiting: { expect: boolean; resolve: (at: number) => void } | undefined;
    channel.bind('App\\Events\\UpdatePlayer', (data: { player: { is_random: boolean } }) => {
      const at = performance.now();
      if (waiting && data.player.is_random === waiting.expect) {
        const w = waiting;
        waiting = undefined;
        w.resolve(at);
      }
    });

    let isRandom = players[0]!.is_random;
    const latencies: number[] = [];
    const httpTimes: number[] = [];
    process.stdout.write(`realtime: ${COMMAND_WARMUP} + ${COMMANDS} shuffle toggles from a remote control…\n`);
    const phaseStart = Date.now();
    for (let i = 0; i < COMMAND_WARMUP + COMMANDS && Date.now() - phaseStart < PHASE_MS; i++) {
      const expect = !isRandom;
      const arrived = new Promise<number>((resolve) => {
        waiting = { expect, resolve };
      });
      const t0 = performance.now();
      const res = await remote.request('POST', `/api/players/${playerId}/random`);
      const t1 = performance.now();
      if (res.status !== 200) throw new Error(`random answered ${res.status}: ${res.body}`);
      const at = await withTimeout(arrived, 10_000, 'UpdatePlayer on the audio device');
      isRandom = expect;
      if (i >= COMMAND_WARMUP) {
        latencies.push(at - t0);
        httpTimes.push(t1 - t0);
      }
    }
    const note = `${subscribers} sockets on the channel, ${latencies.length} commands one at a time`;
    return [
      { name: 'remote command → UpdatePlayer p50', value: percentile(latencies, 50), unit: 'ms', note },
      { name: 'remote command → UpdatePlayer p95', value: percentile(latencies, 95), unit: 'ms', max: 50, note },
      {
        name: 'remote command HTTP answer p50',
        value: percentile(httpTimes, 50),
        unit: 'ms',
        note: 'POST …/random, same runs',
      },
    ];
  } finally {
    audio?.disconnect();
    for (const ws of sockets) ws.terminate();
    for (const d of devices) d.close();
    await api.stop();
  }
}

// ---------------------------------------------------------------------------------------------------
// (b) memory per idle socket: IDLE_SOCKETS raw clients in a child process

/** Median of a few RSS samples after a full collection, once the process has settled (needs the gc hook). */
export async function settledRss(api: Api): Promise<number> {
  await sleep(2_000);
  api.collect();
  await sleep(3_000);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    samples.push(api.rssKb());
    await sleep(500);
  }
  return percentile(samples, 50);
}

export interface ClientProcess {
  /** Every client settled: how many connected (and subscribed, with a channel) and how many failed. */
  settled: Promise<{ connected: number; failed: number; reasons?: Record<string, number> }>;
  /**
   * Closes the sockets and lets the process exit; kills it when it does not. Tells how many connected
   * clients lost their socket before without asking (undefined when the process did not say).
   */
  close(): Promise<{ dropped: number } | undefined>;
}

/**
 * `count` raw clients in a child process (bench/realtime-clients.ts) with a raised `ulimit -n`,
 * spread in turn over `urls`; with `channel`, each subscribes with a signature made from `secret`;
 * with `channelsFile` (one channel a line), client n subscribes to line n instead. `concurrency`
 * clients connect at a time.
 */
export function startClients(
  urls: string[],
  count: number,
  {
    channel,
    channelsFile,
    secret,
    presence,
    concurrency = 200,
  }: { channel?: string; channelsFile?: string; secret?: string; presence?: string; concurrency?: number } = {},
): ClientProcess {
  const args = [urls.join(','), String(count), String(concurrency), String(PHASE_MS), ...(channel ? [channel] : [])];
  const child = spawnWithUlimit(
    ['--import', 'tsx', path.join(here, 'realtime-clients.ts'), ...args],
    {
      ...process.env,
      ...(secret ? { BENCH_RT_CLIENT_SECRET: secret } : {}),
      ...(presence ? { BENCH_RT_CLIENT_PRESENCE: presence } : {}),
      ...(channelsFile ? { BENCH_RT_CLIENT_CHANNELS: channelsFile } : {}),
    },
    'pipe',
  );
  const lines: string[] = [];
  child.stdout!.setEncoding('utf8');
  let buffer = '';
  const lineWaiters: Array<() => void> = [];
  child.stdout!.on('data', (chunk: string) => {
    buffer += chunk;
    let i: number;
    while ((i = buffer.indexOf('\n')) >= 0) {
      lines.push(buffer.slice(0, i));
      buffer = buffer.slice(i + 1);
      for (const w of lineWaiters.splice(0)) w();
    }
  });
  const nextLine = () =>
    withTimeout(
      new Promise<string>((resolve, reject) => {
        const check = () => (lines.length ? resolve(lines.shift()!) : lineWaiters.push(check));
        check();
        if (child.exitCode !== null) reject(new Error(`clients exited with ${child.exitCode}`));
        child.once('exit', (code) => reject(new Error(`clients exited with ${code}`)));
      }),
      PHASE_MS + 30_000,
      'clients',
    );
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  };
  const settled = nextLine().then(
    (line) => JSON.parse(line) as { connected: number; failed: number; reasons?: Record<string, number> },
  );
  settled.catch(kill);
  let closing: Promise<{ dropped: number } | undefined> | undefined;
  return {
    settled,
    close() {
      closing ??= (async () => {
        let said: { dropped: number } | undefined;
        if (child.exitCode === null && child.stdin?.writable) {
          child.stdin.write('close\n');
          const line = await withTimeout(nextLine(), 30_000, 'clients closing').catch(() => undefined);
          if (line) said = JSON.parse(line) as { dropped: number };
        }
        kill();
        return said;
      })();
      return closing;
    },
  };
}

async function measureSocketMemory(): Promise<RealtimeMeasurement[]> {
  const api = await startApi(MEMORY_PORT, { gcHook: true });
  let clients: ClientProcess | undefined;
  try {
    // Warm the paths a socket uses (upgrade, handshake, buffers) with a few hundred sockets first,
    // so one-time costs stay out of the per-socket figure.
    const warm: WebSocket[] = [];
    for (let i = 0; i < 300; i++) {
      const ws = new WebSocket(`ws://127.0.0.1:${api.port}/app/${api.secrets.pusherKey}?protocol=7`);
      warm.push(ws);
      await withTimeout(new Promise((r) => ws.once('message', r)), 30_000, 'warm-up socket');
    }
    for (const ws of warm) ws.terminate();
    const before = await settledRss(api);

    process.stdout.write(`realtime: ${IDLE_SOCKETS} idle sockets from a child process…\n`);
    clients = startClients([pusherUrl(api.port, api.secrets.pusherKey)], IDLE_SOCKETS);
    const { connected, failed } = await clients.settled;
    if (connected === 0) throw new Error('no idle socket connected');
    const after = await settledRss(api);
    await clients.close();

    const perSocket = (after - before) / connected;
    const note = `${connected} sockets${failed ? ` (${failed} failed)` : ''}; API RSS ${(before / 1024).toFixed(0)} → ${(after / 1024).toFixed(0)} MB`;
    return [{ name: 'memory per idle socket (API RSS)', value: perSocket, unit: 'kB', max: 100, note }];
  } finally {
    await clients?.close();
    await api.stop();
  }
}

export async function measureRealtime(): Promise<RealtimeMeasurement[]> {
  // One run at a time on these ports (also when started alone while `npm run bench` runs).
  const release = await acquireRunLock(`pulzus-bench-realtime-${LATENCY_PORT}`, (l) => console.log(`[bench] ${l}`));
  try {
    const latency = await measureCommandLatency();
    const memory = await measureSocketMemory();
    return [...latency, ...memory];
  } finally {
    release();
  }
}

/** Runs `measure` when `moduleUrl` is the script node was started with, prints its figures and exits (non-zero on a missed budget). */
export function runAlone(moduleUrl: string, measure: () => Promise<RealtimeMeasurement[]>): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  measure().then(
    (ms) => {
      const width = Math.max(40, ...ms.map((m) => m.name.length));
      for (const m of ms) {
        const ok = m.max === undefined || m.value <= m.max;
        process.stdout.write(
          `${m.name.padEnd(width)} ${m.value.toFixed(2).padStart(10)} ${m.unit.padEnd(3)} ${m.max !== undefined ? `≤ ${m.max} ${ok ? 'ok' : 'MISSED'}` : ''}  ${m.note ?? ''}\n`,
        );
      }
      process.exit(ms.every((m) => m.max === undefined || m.value <= m.max) ? 0 : 1);
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}

// Run alone: `tsx bench/realtime.ts`.
runAlone(import.meta.url, measureRealtime);
