import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { playerSchema, type Player } from '../../contracts/player';
import { buildApp } from '../../server/src/app';
import { openDatabase, type Database } from '../../server/src/db/client';
import { loadConfig, type Config } from '../../server/src/env';

export const BFF_SECRET = 'test-bff-secret';
export const TEST_VERSION = '9.9.9-test';
export const REMEMBER_COOKIE = 'remember_web_59ba36addc2b2f9401580f014c7f58ea4e30989d';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * `TEST_DATABASE=pglite` (npm run test:server:pglite) picks PGlite even where TEST_DATABASE_URL is
 * set: CI runs part of the suite on it too, since the embedded mode has one connection and
 * PostgreSQL's pool would hide a query that waits on its own transaction.
 */
export const PGLITE_CHOSEN = process.env.TEST_DATABASE === 'pglite';

/** The PostgreSQL database the tests run on, or undefined on PGlite. */
export const TEST_DATABASE_URL = PGLITE_CHOSEN ? undefined : process.env.TEST_DATABASE_URL || undefined;

/**
 * With `TEST_DATABASE_URL` (postgres://…) the tests run against that PostgreSQL database instead
 * of PGlite. Its `public` and `drizzle` schemas are wiped before each app, so point it at a
 * throwaway database; files run one at a time (`--test-concurrency=1`).
 */
async function openTestDatabase({ wipe = true }: { wipe?: boolean } = {}): Promise<Database> {
  const url = TEST_DATABASE_URL;
  // CI provides PostgreSQL (.ci/run exports TEST_DATABASE_URL): there its absence is a failure,
  // unless PGlite was asked for by name.
  if (!url && !PGLITE_CHOSEN && process.env.CI)
    throw new Error('CI: TEST_DATABASE_URL is not set; the server suite runs on PostgreSQL under CI');
  if (!url) return openDatabase({ kind: 'memory' });
  const database = await openDatabase({ kind: 'postgres', url });
  if (wipe)
    await database.db.execute(
      sql.raw('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;'),
    );
  return database;
}

export interface TestAppOptions {
  /** The scheduler's clock (BuildOptions.clock). */
  clock?: () => number;
  /**
   * With TEST_DATABASE_URL: join the database as it is instead of wiping it, as a second API
   * instance on the same PostgreSQL would (default true: wipe).
   */
  freshDatabase?: boolean;
  /** Hooks of the test's own, added before the app is ready (Fastify refuses them after). */
  beforeReady?: (app: FastifyInstance) => void;
}

/**
 * One app on a fresh in-memory PGlite with the real migrations and seed (a few seconds each). The
 * scheduler's minute loop is off (SCHEDULER_ENABLED=0): tests tick it themselves.
 */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pulzus-api-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_KEY: 'test-app-key',
    BFF_SECRET,
    APP_VERSION: TEST_VERSION,
    API_PUBLIC_URL: 'http://api.test:4000',
    WEB_URL: 'http://{tenant}.web.test:3000',
    SCHEDULER_ENABLED: '0',
    // The suites send many requests from one address; the request limit's own test sets a small one.
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  });
  const database = await openTestDatabase({ wipe: options.freshDatabase ?? true });
  const app = await buildApp({ config, database, logger: false, ...(options.clock ? { clock: options.clock } : {}) });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'HEAD' | 'PUT' | 'DELETE' | 'OPTIONS';

export interface RequestOptions {
  headers?: Record<string, string>;
  /** JSON by default; a string is sent as it is (set content-type yourself). */
  body?: unknown;
  /** Send X-XSRF-TOKEN from the jar (default true for unsafe methods). */
  xsrf?: boolean;
  remoteAddress?: string;
}

/**
 * A browser-like client: keeps the cookies the API sets (honouring deletions), sends them
 * back, and echoes XSRF-TOKEN as X-XSRF-TOKEN the way Sanctum's SPA clients do.
 */
export class Client {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly defaults: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  }

  async request(method: Method, url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.defaults.headers,
      ...options.headers,
    };
    if (this.jar.size) headers.cookie = this.cookieHeader();
    const unsafe = !['GET', 'HEAD'].includes(method);
    const xsrf = this.jar.get('XSRF-TOKEN');
    if ((options.xsrf ?? unsafe) && xsrf) headers['x-xsrf-token'] = encodeURIComponent(xsrf);
    let payload: string | Buffer | undefined;
    if (options.body !== undefined) {
      if (typeof options.body === 'string') {
        payload = options.body;
      } else if (Buffer.isBuffer(options.body)) {
        payload = options.body;
      } else {
        payload = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
    }
    const res = await this.app.inject({
      method,
      url,
      headers,
      payload,
      remoteAddress: options.remoteAddress ?? this.defaults.remoteAddress ?? '127.0.0.1',
    });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const deleted = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (deleted) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, options);
  }

  post(url: string, body?: unknown, options: RequestOptions = {}) {
    return this.request('POST', url, { ...options, body });
  }

  async csrf() {
    return this.get('/sanctum/csrf-cookie');
  }

  async login(email: string, password: string, extra: Record<string, unknown> = {}) {
    await this.csrf();
    return this.post('/login', { email, password, ...extra });
  }
}

export function setCookie(res: LightMyRequestResponse, name: string) {
  return (
    res.cookies as Array<{
      name: string;
      value: string;
      httpOnly?: boolean;
      sameSite?: string;
      secure?: boolean;
      maxAge?: number;
      path?: string;
    }>
  ).find((c) => c.name === name);
}

/** Decodes the quoted-printable body of an .eml just enough to read the link out of it. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface Login {
  email: string;
  password: string;
  /** Customer slug, sent as X-Tenant through the BFF secret (default: the default tenant). */
  tenant?: string;
}
export const DEMO: Login = { email: 'demo@pulzus.hu', password: 'pulzus-demo' };
export const OTHER: Login = { email: 'other@pulzus.hu', password: 'pulzus-other', tenant: 'other' };

/** A client logged in as `who` (a separate device: its own session and device session_id). */
export async function loggedIn(app: FastifyInstance, who: Login = DEMO): Promise<Client> {
  const client = new Client(app, who.tenant ? { headers: { 'x-tenant': who.tenant, 'x-bff-secret': BFF_SECRET } } : {});
  const res = await client.login(who.email, who.password);
  if (res.statusCode !== 204) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return client;
}

/** The path and query of an absolute URL, for `inject`. */
export const localUrl = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

export interface FilePart {
  /** Form field name (default `file`). */
  field?: string;
  filename: string;
  /** The declared type (never trusted by the API). */
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it: text fields, then the files. */
export function multipart(fields: Record<string, string | number> = {}, files: FilePart[] = []) {
  const boundary = `----pulzus-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest valid PNG (1×1), for image uploads. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export { forgedXingMp3, lyingInfoMp3, noiseFramesMp3, silentMp3 } from './mp3-bytes';

/** Every file under the app's media root (uploads and leftovers alike), sorted. */
export async function mediaFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.dataDir, 'media');
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(path.relative(root, p));
    }
  };
  await walk(root);
  return out.sort();
}

/** Rows in a table of the app's database. */
export async function rowCount(t: TestApp, table: string): Promise<number> {
  const result = (await t.database.db.execute(`select count(*)::int as n from ${table}` as never)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(result.rows[0]!.n);
}

/** A player answer: asserts its status and reads it through the contract's schema. */
export function parsePlayer(res: { statusCode: number; body: string }, status = 200): Player {
  assert.equal(res.statusCode, status, res.body);
  return playerSchema.parse(JSON.parse(res.body));
}
