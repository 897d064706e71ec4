/**
 * Starts and stops a real Pulzus stack (the tenant API on a fresh DATA_DIR plus the built web app) for
 * the end-to-end, Laravel and scale suites, the bench and the tutorial generator. Nothing is mocked: the
 * processes are the ones `npm start` runs (the API and the compiled web-server.ts around the built Next app),
 * on their own ports, data folder and Next build folder, so a developer's running app is never touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomSecrets, secretsEnv, writeSecretsFile, type Secrets } from '../../contracts/secrets.mjs';
import { buildApiBundle } from './api-build.mjs';
import { ensureWebBuild, ROOT, webServerPath } from './web-build.mjs';
import { webRealtimeEnv } from './web-env.mjs';

/**
 * Ports and build folder of the shared end-to-end stack (globalSetup). Tests that need a stack of
 * their own take ports 10 and 11 above these. E2E_API_PORT, E2E_WEB_PORT and E2E_DIST_DIR move them,
 * so that two checkouts can run their end-to-end tests on one machine at the same time.
 */
export const E2E = {
  apiPort: Number(process.env.E2E_API_PORT || 4101),
  webPort: Number(process.env.E2E_WEB_PORT || 3101),
  distDir: process.env.E2E_DIST_DIR || '.next-e2e',
} as const;

/** The web app's URL for a tenant: Chromium and Node both resolve *.localhost to the loopback address. */
export function webUrl(port: number, tenant = 'demo'): string {
  return `http://${tenant}.localhost:${port}`;
}

export function makeDataDir(prefix = 'pulzus-e2e-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/**
 * A DATA_DIR holding a migrated and seeded embedded database, made once by starting the API on it
 * and stopping it: a stack started on a copy of it (`STACK_DATA_TEMPLATE`, set by a suite's global
 * setup) skips creating the database cluster, every migration and the seed's steps, most of a
 * test stack's start. A copy is what a fresh stack would have made: the seed's steps do not depend
 * on the secrets or the ports, and its syncs run again at every start.
 */
export async function makeDataTemplate(port: number): Promise<string> {
  const dataDir = makeDataDir('pulzus-template-');
  const api = await startApi({ port, webPort: port, dataDir, secrets: randomSecrets() });
  await api.stop();
  rmSync(path.join(dataDir, 'logs'), { recursive: true, force: true });
  return dataDir;
}

/** A new DATA_DIR: a copy of the suite's template when it has one, else empty. */
function newDataDir(): string {
  const dataDir = makeDataDir();
  const template = process.env.STACK_DATA_TEMPLATE;
  if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

// ---------------------------------------------------------------------------------------------------
// One run at a time per set of ports and build folder

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Waits until no other live process holds the lock `name` (a file in the temp folder holding the
 * owner's pid), then takes it. Two end-to-end runs (or benches) started at once would otherwise
 * rebuild each other's build folder and fight over the ports. Returns the release function.
 */
export async function acquireRunLock(
  name: string,
  log: (line: string) => void = console.log,
  timeoutMs = 45 * 60_000,
): Promise<() => void> {
  const file = path.join(tmpdir(), `${name}.lock`);
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = Number(readFileSync(file, 'utf8').trim());
    if (!owner || !pidAlive(owner)) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${file} is still held by process ${owner}`);
    if (!told) log(`waiting for the run of process ${owner} to finish (${file})…`);
    told = true;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  const release = () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      /* gone already */
    }
  };
  process.once('exit', release);
  return release;
}

/**
 * Playwright empties its output folder when a run starts, which would pull the trace files from under
 * a run still going (it waits on the lock above only after that). While another run holds the lock,
 * this run writes into a folder of its own. The name travels in the environment to the workers.
 */
export function outputDirForRun(lockName: string, base = 'test-results'): string {
  if (process.env.E2E_OUTPUT_DIR) return process.env.E2E_OUTPUT_DIR;
  let dir = base;
  try {
    const owner = Number(readFileSync(path.join(tmpdir(), `${lockName}.lock`), 'utf8').trim());
    if (owner && owner !== process.pid && pidAlive(owner)) dir = path.join(base, `run-${process.pid}`);
  } catch {
    /* no lock: nobody else is running */
  }
  process.env.E2E_OUTPUT_DIR = dir;
  return dir;
}

// ---------------------------------------------------------------------------------------------------
// Processes

const running = new Set<ManagedProcess>();
process.once('exit', () => {
  for (const proc of running) proc.killNow();
});

/** A child in its own process group (so its own children die with it), its output kept in a log file. */
export class ManagedProcess {
  readonly exited: Promise<number | null>;
  private tail: string[] = [];

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly logFile: string,
  ) {
    running.add(this);
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      appendFileSync(logFile, text);
      if (process.env.E2E_VERBOSE) process.stdout.write(`[${name}] ${text}`);
      this.tail.push(text);
      if (this.tail.length > 200) this.tail.splice(0, this.tail.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      child.on('exit', (code) => {
        running.delete(this);
        resolve(code);
      });
    });
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  output(): string {
    return this.tail.join('').slice(-6000);
  }

  killNow(): void {
    if (!this.alive || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }

  /** SIGTERM to the group, SIGKILL after a grace period. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.alive || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => this.killNow(), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

function spawnManaged(name: string, argv: string[], env: NodeJS.ProcessEnv, logFile: string): ManagedProcess {
  mkdirSync(path.dirname(logFile), { recursive: true });
  appendFileSync(logFile, `\n--- ${new Date().toISOString()} ${name}: ${argv.join(' ')}\n`);
  const child = spawn(process.execPath, argv, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  return new ManagedProcess(name, child, logFile);
}

async function portIsFree(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
    return false;
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED';
  }
}

/** Polls until `url` answers with any HTTP status (or only 200: `ok`); fails early when the process dies. */
async function waitForHttp(proc: ManagedProcess, url: string, timeoutMs: number, ok = false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!proc.alive) {
      throw new Error(`${proc.name} exited before answering on ${url}. Output:\n${proc.output()}`);
    }
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer().catch(() => undefined);
      if (!ok || res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await proc.stop();
  throw new Error(`${proc.name} did not answer on ${url} within ${timeoutMs / 1000} s. Output:\n${proc.output()}`);
}

export interface ApiOptions {
  port: number;
  dataDir: string;
  secrets: Secrets;
  webPort: number;
  appVersion?: string;
  env?: Record<string, string>;
}

function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  // The stack is always the embedded one: PGlite under DATA_DIR, mail as .eml files.
  const local = ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'TENANT_API_URL', 'PORT', 'API_PORT', 'NEXT_DIST_DIR'];
  for (const name of [...local, 'TRUSTED_PROXIES', 'SECURE_COOKIES']) {
    delete env[name];
  }
  return env;
}

let bundle: Promise<string> | undefined;

/** The API compiled once per process (a fraction of a second), so a stack runs today's sources. */
function apiBundle(): Promise<string> {
  bundle ??= buildApiBundle();
  return bundle;
}

export async function startApi(o: ApiOptions): Promise<ManagedProcess> {
  if (!(await portIsFree(o.port))) throw new Error(`port ${o.port} is taken; is an earlier test stack still running?`);
  const env: NodeJS.ProcessEnv = {
    ...cleanEnv(),
    ...secretsEnv(o.secrets),
    NODE_ENV: 'production',
    API_HOST: '127.0.0.1',
    API_PORT: String(o.port),
    DATA_DIR: o.dataDir,
    WEB_URL: `http://{tenant}.localhost:${o.webPort}`,
    // Tests and the bench fire scheduled content through POST /api/_test/scheduler/tick, never by waiting for a minute.
    SCHEDULER_TEST_CONTROL: '1',
    // Their ticks evaluate alerts from the start: no minute of warm-up while devices reconnect.
    ALERT_WARMUP_SECONDS: '0',
    // Their demo shop's music must not start or stop by the wall clock (issue 26): the plan stays off.
    DEMO_MUSIC_PLAN: '0',
    // The suites and the bench send many calls from one address and one login, faster than a shop;
    // the request limit itself is proven by the server tests (tests/server/rate-limit.test.ts).
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    ...(o.appVersion ? { APP_VERSION: o.appVersion } : {}),
    ...o.env,
  };
  // The compiled API, as the scale mode runs it: a start loads one file instead of transforming
  // every module of server/src through tsx, most of a test stack's start on a busy machine.
  const proc = spawnManaged('api', [await apiBundle()], env, path.join(o.dataDir, 'logs', 'api.log'));
  // Ready: listening, its migrations and the seed's syncs done.
  await waitForHttp(proc, `http://127.0.0.1:${o.port}/health/ready`, 120_000, true);
  return proc;
}

export interface WebOptions {
  port: number;
  apiPort: number;
  dataDir: string;
  secrets: Secrets;
  distDir: string;
  env?: Record<string, string>;
}

export async function startWeb(o: WebOptions): Promise<ManagedProcess> {
  if (!(await portIsFree(o.port))) throw new Error(`port ${o.port} is taken; is an earlier test stack still running?`);
  const env: NodeJS.ProcessEnv = {
    // Beside the bundled API the web's PUSHER_* name its socket only for an external service (web-env.mjs).
    ...webRealtimeEnv(
      {
        ...cleanEnv(),
        ...secretsEnv(o.secrets),
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        NEXT_DIST_DIR: o.distDir,
        TENANT_API_URL: `http://127.0.0.1:${o.apiPort}`,
        DATA_DIR: o.dataDir,
        PORT: String(o.port),
      },
      o.apiPort,
    ),
    ...o.env,
  };
  // The web's own server around Next's handler, compiled with the build (as `npm start` runs it).
  const proc = spawnManaged(
    'web',
    [webServerPath(o.distDir), '-p', String(o.port)],
    env,
    path.join(o.dataDir, 'logs', 'web.log'),
  );
  await waitForHttp(proc, `http://127.0.0.1:${o.port}/login`, 120_000);
  return proc;
}

export interface StackOptions {
  apiPort: number;
  webPort: number;
  distDir: string;
  /** Default: a fresh temporary folder. */
  dataDir?: string;
  appVersion?: string;
  /** Build the web app first when stale (default true). */
  build?: boolean;
  log?: (line: string) => void;
  /** More environment for the API (e.g. short sessions), kept across restartApi. */
  apiEnv?: Record<string, string>;
}

export interface Stack {
  readonly apiPort: number;
  readonly webPort: number;
  readonly dataDir: string;
  readonly secrets: Secrets;
  readonly api: ManagedProcess;
  readonly web: ManagedProcess;
  /** The web app's base URL for a tenant. */
  url(tenant?: string): string;
  /**
   * Stops the API and starts it again on the same DATA_DIR and port, e.g. with another APP_VERSION;
   * `awayMs` keeps it stopped that long in between (an outage).
   */
  restartApi(appVersion?: string, awayMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startStack(o: StackOptions): Promise<Stack> {
  const log = o.log ?? ((line: string) => console.log(`[stack] ${line}`));
  if (o.build !== false) await ensureWebBuild(o.distDir, log);
  const dataDir = o.dataDir ?? newDataDir();
  mkdirSync(dataDir, { recursive: true });
  const secrets = randomSecrets();
  // Both sides get the secrets in their environment; the file only keeps DATA_DIR self-describing.
  writeSecretsFile(dataDir, secrets);

  let api = await startApi({
    port: o.apiPort,
    webPort: o.webPort,
    dataDir,
    secrets,
    appVersion: o.appVersion,
    env: o.apiEnv,
  });
  let web: ManagedProcess;
  try {
    web = await startWeb({ port: o.webPort, apiPort: o.apiPort, dataDir, secrets, distDir: o.distDir });
  } catch (err) {
    await api.stop();
    throw err;
  }
  log(`stack up: api http://127.0.0.1:${o.apiPort}, web ${webUrl(o.webPort)}, data ${dataDir}`);

  return {
    apiPort: o.apiPort,
    webPort: o.webPort,
    dataDir,
    secrets,
    get api() {
      return api;
    },
    get web() {
      return web;
    },
    url: (tenant = 'demo') => webUrl(o.webPort, tenant),
    async restartApi(appVersion?: string, awayMs = 0) {
      await api.stop();
      if (awayMs > 0) await new Promise((resolve) => setTimeout(resolve, awayMs));
      api = await startApi({ port: o.apiPort, webPort: o.webPort, dataDir, secrets, appVersion, env: o.apiEnv });
    },
    async stop() {
      await Promise.all([web.stop(), api.stop()]);
    },
  };
}
