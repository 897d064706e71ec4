import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** Both drivers expose the same query builder; code only ever sees this type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` while holding a database-wide lock (start-up work of several instances), with a query
   * builder whose statements have no deadline: a migration may take its time (PostgreSQL: a
   * connection of its own, opened for the call and closed after).
   */
  exclusive<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string } | { kind: 'memory' };

/** Deadlines of the PostgreSQL connection (see `openDatabase`). */
export interface PostgresLimits {
  /** How long a statement may run, and how long a query may wait for its answer (DB_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** How long opening a connection may take. */
  connectTimeoutMs?: number;
  /** Where a lost connection is reported (it never takes the process down). */
  onConnectionError?: (err: Error) => void;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;

/**
 * The error of a query that did not answer within its deadline (the database or the network hung):
 * its connection is cut, so whatever waited behind it on that connection fails at once too, and the
 * transaction it was part of is rolled back by the database.
 */
export class QueryDeadlineError extends Error {
  readonly code = 'QUERY_DEADLINE';
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
  }
}

type Callback = (...a: unknown[]) => void;

/**
 * A pg client whose every query has a deadline on our side too (statement_timeout only helps when
 * the server still answers): past it the connection is destroyed, every query on it fails, and the
 * pool drops it when it comes back.
 */
function deadlineClient(deadlineMs: number): typeof pg.Client {
  return class DeadlineClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const original = this.query.bind(this) as (...args: unknown[]) => unknown;
      const cut = () => {
        const stream = (this as unknown as { connection?: { stream?: { destroy(err?: Error): void } } }).connection
          ?.stream;
        stream?.destroy(new QueryDeadlineError(deadlineMs));
      };
      const query = (...args: unknown[]): unknown => {
        const [config, values, callback] = args;
        // Cursors and other submittables manage their own reads.
        if (config && typeof (config as { submit?: unknown }).submit === 'function') return original(...args);
        const timer = setTimeout(cut, deadlineMs);
        timer.unref();
        const done = () => clearTimeout(timer);
        const wrap =
          (cb: Callback): Callback =>
          (...a) => {
            done();
            cb(...a);
          };
        if (typeof values === 'function') return original(config, wrap(values as Callback));
        if (typeof callback === 'function') return original(config, values, wrap(callback as Callback));
        const result = original(config, values) as Promise<unknown>;
        result.then(done, done);
        return result;
      };
      this.query = query as typeof this.query;
    }
  };
}

/** Pools opened by `openDatabase`, by their root query builder (transactions pin a connection of it). */
const pools = new WeakMap<object, pg.Pool>();
/** A query builder per pooled connection (the pool reuses its clients), for transactions. */
const pinnedDbs = new WeakMap<pg.PoolClient, Db>();

export async function openDatabase(target: DatabaseTarget, limits: PostgresLimits = {}): Promise<Database> {
  if (target.kind === 'postgres') {
    const statementTimeoutMs = limits.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const report = limits.onConnectionError ?? (() => {});
    const pool = new pg.Pool({
      connectionString: target.url,
      Client: deadlineClient(statementTimeoutMs + 500),
      // A database that does not take connections answers as one that is away, at once.
      connectionTimeoutMillis: limits.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // The server ends a statement past the deadline itself (and with it its locks).
      statement_timeout: statementTimeoutMs,
      lock_timeout: statementTimeoutMs,
      idle_in_transaction_session_timeout: statementTimeoutMs * 2,
      keepAlive: true,
    });
    // A connection lost while idle in the pool (the database restarted, or ended it): the pool drops
    // it and the next query opens a new one. Without a listener pg's error would end the process.
    pool.on('error', (err) => report(err));
    // A connection lost while in use: its queries fail (and their request answers 503), the pool
    // drops it when released.
    pool.on('connect', (client) => client.on('error', (err) => report(err)));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    pools.set(db, pool);
    return {
      db,
      kind: 'postgres',
      async exclusive(fn) {
        // Outside the request pool and its deadlines: waiting for another instance's migrations,
        // or a long migration, is no request's wait. An advisory lock on this one connection keeps
        // several starting instances from migrating or seeding at the same time.
        const client = new pg.Client({
          connectionString: target.url,
          connectionTimeoutMillis: limits.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
          keepAlive: true,
        });
        client.on('error', (err) => report(err));
        await client.connect();
        try {
          await client.query('SELECT pg_advisory_lock(727274)');
          const unbounded = drizzlePg(client, { schema }) as unknown as Db;
          return await fn(unbounded);
        } finally {
          // Ending the connection releases the lock too.
          await client.end().catch(() => {});
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let client: InstanceType<typeof PGlite>;
  if (target.kind === 'pglite') {
    mkdirSync(path.dirname(target.dir), { recursive: true });
    client = new PGlite(target.dir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite lives inside this process; nobody else can open it concurrently.
    exclusive: (fn) => fn(db),
    close: () => client.close(),
  };
}

/** The newest migration's time stamp in the journal (drizzle records it as the migration's `created_at`). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** Whether the database has applied the journal's newest migration already (one query; false when unsure). */
async function migrationsApplied(db: Db): Promise<boolean> {
  try {
    const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
    const newest = Number((result as unknown as { rows: Array<{ newest: unknown }> }).rows[0]?.newest ?? 0);
    return newest >= newestMigrationMillis();
  } catch {
    return false;
  }
}

export async function migrateDatabase(database: Database, db: Db = database.db): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'postgres') {
    // The migrator reads and hashes every migration file and runs its checks in a transaction at
    // every start; an instance joining an up-to-date database (a restart) skips it.
    if (await migrationsApplied(db)) return;
    await migratePg(db as never, config);
  } else {
    await migratePglite(database.db as never, config);
  }
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Runs `fn` in one transaction. Drizzle types the transaction apart from the database though it
 * offers the same query builder; query functions take `Db`, so the one cast lives here.
 */
export async function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const pool = pools.get(db);
  if (!pool) return db.transaction((trx) => fn(trx as unknown as Db));
  // On PostgreSQL the connection is pinned here rather than by drizzle, which keeps it checked out
  // for good when `begin` fails (a lost connection) and returns it with a hung query inside.
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    let pinned = pinnedDbs.get(client);
    if (!pinned) pinnedDbs.set(client, (pinned = drizzlePg(client, { schema }) as unknown as Db));
    return await pinned.transaction((trx) => fn(trx as unknown as Db));
  } catch (err) {
    failed = err as Error;
    throw err;
  } finally {
    client.release(failed && isDatabaseUnavailable(failed) ? failed : undefined);
  }
}

/** PostgreSQL error classes of a database that is away or not answering (not a fault of the query). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database is starting up
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
]);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

/**
 * Whether an error says the database could not be reached or did not answer in time (a lost or
 * refused connection, a deadline passed), as opposed to a query's own fault. Drizzle wraps the
 * driver's error (its `cause`).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (e instanceof QueryDeadlineError) return true;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_CODES.has(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|the database did not answer)/.test(
        message,
      )
    )
      return true;
  }
  return false;
}
