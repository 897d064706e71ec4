/**
 * `npm run bench`: performance budgets, measured on a stack of its own (API 4201, web 3201, build in
 * .next-bench; BENCH_API_PORT, BENCH_WEB_PORT, BENCH_DIST_DIR move it; BENCH_STEPS picks steps). Prints a table, writes bench-results/latest.json and exits non-zero when a budget is
 * missed. Add a budget by pushing another Measurement from a new step below. The real-time budgets
 * (bench/realtime.ts; across two instances on PostgreSQL and Redis beside one, bench/realtime-scale.ts,
 * bench/realtime-shops.ts with 10,000 sockets of 5,000 shops and bench/busy-shop.ts) start API
 * processes of their own on ports 4301+ (BENCH_RT_PORT); the bad day (bench/bad-day.ts) starts a
 * cluster of its own (HAProxy on 3501 and 4501, instances on the next two ports;
 * BENCH_BAD_DAY_WEB_PORT and BENCH_BAD_DAY_API_PORT move it); the pages' budgets are in
 * bench/pages.ts, relative to an empty Next.js app (bench/floor/) served on the web port + 100
 * (BENCH_FLOOR_PORT moves it).
 */
import { execSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomSecrets } from '../contracts/secrets.mjs';
import { ROOT } from '../scripts/launch/web-build.mjs';
import { acquireRunLock, makeDataDir, startApi, startStack, webUrl, type Stack } from '../scripts/launch/stack';
import { measureAllDay } from './allday';
import { measureOutage } from './outage';
import { measureOutputState } from './output-state';
import { measurePauseDuringSpot } from './pause-spot';
import { measureLoudnessCost, measureScreenHeap, measureUpload } from './mixer';
import { measureClicks } from './clicks';
import { CPU_THROTTLING, measurePages, PAGE_ROUNDS } from './pages';
import { startPassThrough } from './passthrough';
import { measureRealtime } from './realtime';
import { measureBusyShop } from './busy-shop';
import { measureZones } from './zones';
import { measureSchedulerZonesTick } from './scheduler-zones';
import { measureBadDay } from './bad-day';
import { measureRealtimeScale } from './realtime-scale';
import { measureRealtimeShops } from './realtime-shops';
import { measureSchedulerEngine, measureSchedulerLatency, measureSchedulerPreview } from './scheduler';
import { measurePlanLatency, measurePlanTick, measurePlanZonesTick } from './plan';
import { measureAlertLatency, measureAlertTick } from './alerts';

// BENCH_API_PORT, BENCH_WEB_PORT and BENCH_DIST_DIR move the stack, so two checkouts can bench at once.
const API_PORT = Number(process.env.BENCH_API_PORT || 4201);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT || 3201);
const DIST_DIR = process.env.BENCH_DIST_DIR || '.next-bench';
/**
 * BENCH_STEPS=me,pages,clicks,realtime,realtime-scale,realtime-shops,busy-shop,zones,bad-day,upload,loudness,screen,scheduler,scheduler-latency,scheduler-preview,scheduler-zones,plan,plan-zones,plan-latency,alerts,alerts-latency,allday,output-state,pause-spot,outage runs only
 * those steps (default: all). Steps that need no stack (realtime, realtime-scale, realtime-shops, busy-shop and zones start their own APIs,
 * bad-day its own cluster, scheduler is pure) start none; scheduler-latency and scheduler-preview alone start the API without the web app.
 */
const STEPS = process.env.BENCH_STEPS?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const runs = (step: string) => !STEPS || STEPS.includes(step);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000); // per target
const WARMUP = Number(process.env.BENCH_WARMUP ?? 400); // per target
const SERIAL_REQUESTS = Number(process.env.BENCH_SERIAL_REQUESTS ?? 1000); // per target, concurrency 1
const ROUNDS = 20; // interleaving: each round runs a batch against each target, order alternating

interface Measurement {
  name: string;
  value: number;
  unit: 'ms' | 'req/s' | 'kB' | 'MB' | '×' | 'count';
  /** The value must stay at or below this. */
  max?: number;
  note?: string;
}

const measurements: Measurement[] = [];

// ---------------------------------------------------------------------------------------------------
// HTTP helpers: node:http with a keep-alive agent per target, so both sides pay the same client cost.
// The web is reached on 127.0.0.1 with the tenant's Host header (demo.localhost:3201).

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  agent: http.Agent,
  port: number,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: pathname, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** name=value pairs of Set-Cookie, merged into a jar (deletions honoured). */
function mergeCookies(jar: Map<string, string>, setCookie: string[] | undefined): void {
  for (const line of setCookie ?? []) {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

interface Target {
  name: string;
  agent: http.Agent;
  port: number;
  path: string;
  headers: Record<string, string>;
  latencies: number[];
  wallMs: number;
  count: number;
}

/** Logs in through the BFF the way the login page does; returns the sealed web cookie. */
async function bffLogin(stack: Stack, agent: http.Agent): Promise<string> {
  const origin = webUrl(stack.webPort);
  const res = await request(
    agent,
    stack.webPort,
    'POST',
    '/auth/login',
    { Host: new URL(origin).host, Origin: origin, 'Content-Type': 'application/json', Accept: 'application/json' },
    JSON.stringify({ email: 'demo@pulzus.hu', password: 'pulzus-demo', remember: false }),
  );
  if (res.status !== 204 && res.status !== 200) throw new Error(`BFF login answered ${res.status}: ${res.body}`);
  const jar = new Map<string, string>();
  mergeCookies(jar, res.headers['set-cookie']);
  if (!jar.has('pulzus'))
    throw new Error(`BFF login set no sealed cookie: ${JSON.stringify(res.headers['set-cookie'])}`);
  return `pulzus=${jar.get('pulzus')}`;
}

/** Logs in straight at the tenant API (Sanctum dance); returns the upstream cookie jar. */
async function apiLogin(stack: Stack, agent: http.Agent): Promise<string> {
  const jar = new Map<string, string>();
  const base = { Accept: 'application/json', Host: `127.0.0.1:${stack.apiPort}` };
  const csrf = await request(agent, stack.apiPort, 'GET', '/sanctum/csrf-cookie', base);
  mergeCookies(jar, csrf.headers['set-cookie']);
  const xsrf = jar.get('XSRF-TOKEN');
  if (!xsrf) throw new Error(`csrf-cookie answered ${csrf.status} without XSRF-TOKEN`);
  const res = await request(
    agent,
    stack.apiPort,
    'POST',
    '/login',
    {
      ...base,
      'Content-Type': 'application/json',
      Cookie: cookieHeader(jar),
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
    },
    JSON.stringify({ email: 'demo@pulzus.hu', password: 'pulzus-demo', remember: false }),
  );
  if (res.status !== 204 && res.status !== 200) throw new Error(`API login answered ${res.status}: ${res.body}`);
  mergeCookies(jar, res.headers['set-cookie']);
  return cookieHeader(jar);
}

async function runBatch(t: Target, n: number, record: boolean, concurrency: number): Promise<void> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < n) {
      next++;
      const t0 = performance.now();
      const res = await request(t.agent, t.port, 'GET', t.path, t.headers);
      const ms = performance.now() - t0;
      if (res.status !== 200 || !res.body.includes('demo@pulzus.hu')) {
        throw new Error(`${t.name}: GET ${t.path} answered ${res.status}: ${res.body.slice(0, 200)}`);
      }
      if (record) t.latencies.push(ms);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (record) {
    t.wallMs += performance.now() - started;
    t.count += n;
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

/** BENCH_PASSTHROUGH_PORT moves the pass-through proxy the me step starts (bench/passthrough.ts). */
// The floor app takes the web port + 100.
const PASSTHROUGH_PORT = Number(process.env.BENCH_PASSTHROUGH_PORT || WEB_PORT + 200);
/** The BFF against the bare pass-through, at concurrency 8 (CONTRACTS.md §5). */
const BFF_BUDGETS = { throughputShare: 0.9, addedP50Ms: 0.5 } as const;

/**
 * The same authenticated call through the BFF, through a bare pass-through proxy to the same API
 * (bench/passthrough.ts, the BFF's honest peer: one more process hop and nothing else) and straight
 * to the API, interleaved in rounds so that all three see the same machine load. `budget` marks the
 * run held to the budgets, which compare the BFF with the pass-through; the API direct is shown for
 * reference.
 */
async function measureMe(stack: Stack, concurrency: number, requests: number, budget: boolean): Promise<void> {
  const passThrough = await startPassThrough(PASSTHROUGH_PORT, stack.apiPort);
  const agents: http.Agent[] = [];
  const agent = () => {
    const a = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    agents.push(a);
    return a;
  };
  try {
    const webAgent = agent();
    const sealed = await bffLogin(stack, webAgent);
    const upstream = await apiLogin(stack, agent());
    const target = (name: string, port: number, headers: Record<string, string>): Target => ({
      name,
      agent: name === 'BFF' ? webAgent : agent(),
      port,
      path: '/api/me',
      headers: { Accept: 'application/json', ...headers },
      latencies: [],
      wallMs: 0,
      count: 0,
    });
    const bff = target('BFF', stack.webPort, { Host: `demo.localhost:${stack.webPort}`, Cookie: sealed });
    const pass = target('pass-through', PASSTHROUGH_PORT, { Host: `127.0.0.1:${stack.apiPort}`, Cookie: upstream });
    const api = target('API', stack.apiPort, { Host: `127.0.0.1:${stack.apiPort}`, Cookie: upstream });
    const targets = [bff, pass, api];

    process.stdout.write(
      `GET /api/me: warm-up ${WARMUP} + ${requests} requests per target (BFF, pass-through, API), concurrency ${concurrency}…\n`,
    );
    for (const t of targets) await runBatch(t, WARMUP, false, concurrency);
    const perRound = Math.ceil(requests / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      // Each target takes each place in the order equally often.
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      if (round % 2 === 1) order.reverse();
      for (const t of order) await runBatch(t, perRound, true, concurrency);
    }

    const stats = (t: Target) => ({
      p50: percentile(t.latencies, 50),
      p99: percentile(t.latencies, 99),
      rps: t.count / (t.wallMs / 1000),
    });
    const b = stats(bff);
    const p = stats(pass);
    const a = stats(api);
    const c = `c=${concurrency}`;
    measurements.push(
      { name: `GET /api/me via BFF p50 (${c})`, value: b.p50, unit: 'ms' },
      { name: `GET /api/me via BFF p99 (${c})`, value: b.p99, unit: 'ms' },
      { name: `GET /api/me via BFF throughput (${c})`, value: b.rps, unit: 'req/s' },
      { name: `GET /api/me via pass-through p50 (${c})`, value: p.p50, unit: 'ms' },
      { name: `GET /api/me via pass-through p99 (${c})`, value: p.p99, unit: 'ms' },
      { name: `GET /api/me via pass-through throughput (${c})`, value: p.rps, unit: 'req/s' },
      { name: `GET /api/me direct API p50 (${c})`, value: a.p50, unit: 'ms' },
      { name: `GET /api/me direct API p99 (${c})`, value: a.p99, unit: 'ms' },
      { name: `GET /api/me direct API throughput (${c})`, value: a.rps, unit: 'req/s' },
      {
        name: `BFF added p50 over the pass-through (${c})`,
        value: b.p50 - p.p50,
        unit: 'ms',
        ...(budget ? { max: BFF_BUDGETS.addedP50Ms } : {}),
        note: 'BFF p50 − pass-through p50',
      },
      {
        // The report holds values to a maximum: the pass-through's lead, ≤ 1/0.9, is the BFF at ≥ 0.9× its throughput.
        name: `pass-through ÷ BFF throughput (${c})`,
        value: p.rps / b.rps,
        unit: '×',
        ...(budget ? { max: Number((1 / BFF_BUDGETS.throughputShare).toFixed(3)) } : {}),
        note: `pass-through req/s ÷ BFF req/s; the BFF reaches ${(b.rps / p.rps).toFixed(2)}× the pass-through`,
      },
      { name: `BFF added p50 over the API direct (${c})`, value: b.p50 - a.p50, unit: 'ms', note: 'BFF p50 − API p50' },
      { name: `BFF ÷ API direct throughput (${c})`, value: b.rps / a.rps, unit: '×', note: 'BFF req/s ÷ API req/s' },
      {
        name: `pass-through ÷ API direct throughput (${c})`,
        value: p.rps / a.rps,
        unit: '×',
        note: 'pass-through req/s ÷ API req/s',
      },
    );
  } finally {
    for (const a of agents) a.destroy();
    await passThrough.stop();
  }
}

// ---------------------------------------------------------------------------------------------------

function report(): boolean {
  const rows = measurements.map((m) => {
    const ok = m.max === undefined || m.value <= m.max;
    return {
      name: m.name,
      value: `${m.unit === 'req/s' || m.unit === 'count' ? m.value.toFixed(0) : m.value.toFixed(2)} ${m.unit}`,
      budget: m.max === undefined ? '' : `≤ ${m.max} ${m.unit}`,
      result: m.max === undefined ? '' : ok ? 'ok' : 'MISSED',
      ok,
    };
  });
  const widths = [
    Math.max(11, ...rows.map((r) => r.name.length)),
    Math.max(5, ...rows.map((r) => r.value.length)),
    Math.max(6, ...rows.map((r) => r.budget.length)),
  ];
  const line = (a: string, b: string, c: string, d: string) =>
    `${a.padEnd(widths[0]!)}  ${b.padStart(widths[1]!)}  ${c.padEnd(widths[2]!)}  ${d}`;
  const out = [
    line('measurement', 'value', 'budget', ''),
    line('-'.repeat(widths[0]!), '-'.repeat(widths[1]!), '-'.repeat(widths[2]!), '------'),
  ];
  for (const r of rows) out.push(line(r.name, r.value, r.budget, r.result));
  process.stdout.write(`\n${out.join('\n')}\n\n`);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  process.stdout.write(
    `machine: ${os.cpus().length} CPUs, load average ${load} (other work on the machine skews latencies)\n`,
  );

  let commit = '';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    /* not a git checkout */
  }
  const dir = path.join(ROOT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const result = {
    date: new Date().toISOString(),
    commit,
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, loadavg: os.loadavg() },
    settings: {
      concurrency: CONCURRENCY,
      requests: REQUESTS,
      warmup: WARMUP,
      pageRounds: PAGE_ROUNDS,
      cpuThrottling: CPU_THROTTLING,
    },
    measurements: measurements.map((m) => ({ ...m, ok: m.max === undefined || m.value <= m.max })),
  };
  writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
  process.stdout.write(`written to bench-results/latest.json\n`);
  return rows.every((r) => r.ok);
}

/** Steps that talk to the bench's web app (and API), and the ones that need its API alone. */
const WEB_STEPS = [
  'me',
  'pages',
  'clicks',
  'upload',
  'loudness',
  'screen',
  'allday',
  'output-state',
  'pause-spot',
  'outage',
];
const API_STEPS = ['scheduler-latency', 'scheduler-preview', 'plan-latency'];

/** The bench's stack: API and web, only the API, or nothing, as the chosen steps need. */
async function startBenchStack(): Promise<{
  stack?: Stack;
  apiPort: number;
  pusherKey: string;
  bffSecret: string;
  stop(): Promise<void>;
}> {
  const log = (l: string) => console.log(`[bench] ${l}`);
  if (WEB_STEPS.some(runs)) {
    const stack = await startStack({ apiPort: API_PORT, webPort: WEB_PORT, distDir: DIST_DIR, log });
    return {
      stack,
      apiPort: stack.apiPort,
      pusherKey: stack.secrets.pusherKey,
      bffSecret: stack.secrets.bffSecret,
      async stop() {
        await stack.stop();
        rmSync(stack.dataDir, { recursive: true, force: true });
      },
    };
  }
  if (API_STEPS.some(runs)) {
    const dataDir = makeDataDir('pulzus-bench-');
    const secrets = randomSecrets();
    // BENCH_API_DATABASE_URL puts this API on PostgreSQL instead of the embedded PGlite, whose
    // queries run on the API's own thread.
    const databaseUrl = process.env.BENCH_API_DATABASE_URL;
    const api = await startApi({
      port: API_PORT,
      webPort: WEB_PORT,
      dataDir,
      secrets,
      ...(databaseUrl ? { env: { DATABASE_URL: databaseUrl } } : {}),
    });
    log(`api up: http://127.0.0.1:${API_PORT}, data ${dataDir}`);
    return {
      apiPort: API_PORT,
      pusherKey: secrets.pusherKey,
      bffSecret: secrets.bffSecret,
      async stop() {
        await api.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return { apiPort: API_PORT, pusherKey: '', bffSecret: '', stop: async () => {} };
}

async function main(): Promise<void> {
  await acquireRunLock(`pulzus-bench-${WEB_PORT}`, (l) => console.log(`[bench] ${l}`));
  const bench = await startBenchStack();
  let ok = false;
  try {
    // The engine first: no sockets or processes of this run are busy yet.
    if (runs('scheduler')) measurements.push(...measureSchedulerEngine());
    // The music plan's tick for 1,000 shops on an embedded database of its own (bench/plan.ts).
    if (runs('plan')) measurements.push(...(await measurePlanTick()));
    // The same tick for 5,000 shops of 3 zones, against their first zones' plans alone (bench/plan.ts).
    if (runs('plan-zones')) measurements.push(...(await measurePlanZonesTick()));
    // The scheduler's tick for 5,000 shops of 3 zones against 5,000 of one (bench/scheduler-zones.ts).
    if (runs('scheduler-zones')) measurements.push(...(await measureSchedulerZonesTick()));
    // The alert evaluator's tick for 5,000 shops, and cause → AlertOpened on the real clock (bench/alerts.ts).
    if (runs('alerts')) measurements.push(...(await measureAlertTick()));
    if (runs('alerts-latency')) measurements.push(...(await measureAlertLatency()));
    const stack = bench.stack;
    const needStack = (): Stack => {
      if (!stack) throw new Error('this step needs the web stack');
      return stack;
    };
    if (runs('me')) {
      await measureMe(needStack(), CONCURRENCY, REQUESTS, true);
      // Informational: one request at a time shows the BFF's own cost without queueing.
      await measureMe(needStack(), 1, SERIAL_REQUESTS, false);
    }
    // The pages against the floor, an empty Next.js app: TBT, JS, LCP − FCP; press play → playing (bench/pages.ts).
    if (runs('pages')) {
      const agent = new http.Agent({ keepAlive: false });
      measurements.push(...(await measurePages(needStack(), () => bffLogin(needStack(), agent))));
      agent.destroy();
    }
    // Every click at 4× CPU: navigation, first dialog opens, presses, against the floor (bench/clicks.ts).
    if (runs('clicks')) {
      const agent = new http.Agent({ keepAlive: false });
      measurements.push(...(await measureClicks(needStack(), () => bffLogin(needStack(), agent))));
      agent.destroy();
    }
    if (runs('realtime')) measurements.push(...(await measureRealtime()));
    // The same command with 2,000 subscribers over two API instances on PostgreSQL + Redis, beside one instance (bench/realtime-scale.ts).
    if (runs('realtime-scale')) measurements.push(...(await measureRealtimeScale()));
    // 10,000 sockets of 5,000 shops over two API instances, the highest command rate, beside one instance with 5,000 (bench/realtime-shops.ts).
    if (runs('realtime-shops')) measurements.push(...(await measureRealtimeShops()));
    // One shop, 200 devices, 20 presses a second over two API instances, beside one instance (bench/busy-shop.ts).
    if (runs('busy-shop')) measurements.push(...(await measureBusyShop()));
    // One shop's 10 zones pressed at 20 a second, beside a one-zone shop's same presses, over two API instances (bench/zones.ts).
    if (runs('zones')) measurements.push(...(await measureZones()));
    // PostgreSQL restarted and frozen, Redis away, an API instance killed, under a cluster of its own (bench/bad-day.ts).
    if (runs('bad-day')) measurements.push(...(await measureBadDay()));
    // The mixer: a 10 MB upload through the BFF against direct, and the screen page's heap (bench/mixer.ts).
    if (runs('upload') || runs('loudness') || runs('screen')) {
      const agent = new http.Agent({ keepAlive: false });
      const logins = { bffCookie: await bffLogin(needStack(), agent), apiCookie: await apiLogin(needStack(), agent) };
      agent.destroy();
      if (runs('upload')) measurements.push(...(await measureUpload(needStack(), logins)));
      // Loudness measuring: an upload while a file is measured ÷ with none, and the API's event loop meanwhile.
      if (runs('loudness')) measurements.push(...(await measureLoudnessCost(needStack(), logins)));
      if (runs('screen')) measurements.push(...(await measureScreenHeap(needStack(), logins)));
    }
    // A day on the shop PC: 500 track changes pushed to a channel page, its heap and DOM (bench/allday.ts).
    if (runs('allday')) {
      const agent = new http.Agent({ keepAlive: false });
      measurements.push(...(await measureAllDay(needStack(), () => bffLogin(needStack(), agent))));
      agent.destroy();
    }
    // The audio device's output state (stalled, audible) → a remote's bar (bench/output-state.ts).
    if (runs('output-state')) {
      const agent = new http.Agent({ keepAlive: false });
      measurements.push(...(await measureOutputState(needStack(), () => bffLogin(needStack(), agent))));
      agent.destroy();
    }
    // Scheduled content: a simulated minute fired through the test clock → PlaySpots (bench/scheduler.ts).
    if (runs('scheduler-latency')) measurements.push(...(await measureSchedulerLatency(bench)));
    // One shop's 168-hour preview of 200 every-minute items, then 20 of its previews at once, against another shop's calls (bench/scheduler.ts).
    if (runs('scheduler-preview')) measurements.push(...(await measureSchedulerPreview(bench)));
    // A plan's opening and closing through the test clock → UpdatePlayer on the device (bench/plan.ts).
    if (runs('plan-latency')) measurements.push(...(await measurePlanLatency(bench)));
    // Last: it stops the API for a minute (bench/outage.ts), and the audio device must play on.
    if (runs('pause-spot')) {
      const agent = new http.Agent({ keepAlive: false });
      measurements.push(...(await measurePauseDuringSpot(needStack(), () => bffLogin(needStack(), agent))));
      agent.destroy();
    }
    if (runs('outage')) {
      const agent = new http.Agent({ keepAlive: false });
      measurements.push(...(await measureOutage(needStack(), () => bffLogin(needStack(), agent))));
      agent.destroy();
    }
    ok = report();
  } finally {
    await bench.stop();
  }
  if (!ok) {
    process.stderr.write('a budget was missed\n');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
