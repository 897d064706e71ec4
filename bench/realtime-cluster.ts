/**
 * What the multi-instance real-time steps share (bench/realtime-scale.ts, bench/realtime-shops.ts,
 * bench/busy-shop.ts): PostgreSQL and Redis reachable and empty, and a pair of API instances that
 * share one database, one Redis, the same secrets and DATA_DIR (as a cluster runs them), beside ONE
 * instance on the same PostgreSQL and Redis, the pair's peer in the same run. The single instance
 * has a Pusher app of its own (its Redis topic is per app), so the pair's events never reach its
 * sockets nor the other way round; all else is shared.
 *
 * PostgreSQL and Redis must run: BENCH_RT_DATABASE_URL (default the `pulzus_bench` database of
 * the `pulzus` role on 127.0.0.1) is created when missing, through BENCH_RT_PG_ADMIN_URL, and
 * wiped at every run; BENCH_RT_REDIS_URL (default logical database 3) is flushed.
 */
import { rmSync } from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { randomSecrets, type Secrets } from '../contracts/secrets.mjs';
import { acquireRunLock, makeDataDir } from '../scripts/launch/stack';
import { LATENCY_PORT, startApi, type Api } from './realtime';

export const DATABASE_URL = process.env.BENCH_RT_DATABASE_URL || 'postgres://pulzus:pulzus@127.0.0.1:5432/pulzus_bench';
const PG_ADMIN_URL = process.env.BENCH_RT_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_RT_REDIS_URL || 'redis://127.0.0.1:6379/3';

// ---------------------------------------------------------------------------------------------------
// PostgreSQL and Redis: reachable, and empty

/** The URL without its password, for messages. */
export function shown(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

export async function connectPg(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {
    /* reported where queries are awaited */
  });
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
}

/** A SQLSTATE means the server answered; anything else (ECONNREFUSED, a timeout) means it did not. */
const sqlState = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

function unreachable(what: string, url: string, variable: string, err: unknown): Error {
  const reason = err instanceof Error ? err.message || (err as { code?: string }).code : String(err);
  return new Error(
    `bench: ${what} does not answer at ${shown(url)} (${reason}). Start it, or point ${variable} at one.`,
  );
}

/** Creates the bench's role and database when missing (through the admin URL), then wipes the database. */
export async function prepareDatabase(): Promise<void> {
  let client: pg.Client;
  try {
    client = await connectPg(DATABASE_URL);
  } catch (err) {
    const state = sqlState(err);
    // 3D000: no such database; 28000 / 28P01: no such role (or a wrong password).
    if (!state) throw unreachable('PostgreSQL', DATABASE_URL, 'BENCH_RT_DATABASE_URL', err);
    if (!['3D000', '28000', '28P01'].includes(state)) throw err;
    const target = new URL(DATABASE_URL);
    const role = decodeURIComponent(target.username);
    const database = decodeURIComponent(target.pathname.slice(1));
    let admin: pg.Client;
    try {
      admin = await connectPg(PG_ADMIN_URL);
    } catch (adminErr) {
      throw new Error(
        `bench: ${shown(DATABASE_URL)} refused (${(err as Error).message}) and the admin connection ${shown(PG_ADMIN_URL)} ` +
          `(BENCH_RT_PG_ADMIN_URL) to create it failed too: ${(adminErr as Error).message}`,
      );
    }
    try {
      const hasRole = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
      if (!hasRole.rowCount) {
        const password = target.password ? ` PASSWORD ${admin.escapeLiteral(decodeURIComponent(target.password))}` : '';
        await admin.query(`CREATE ROLE ${admin.escapeIdentifier(role)} LOGIN${password}`);
      }
      const hasDatabase = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (!hasDatabase.rowCount) {
        await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)} OWNER ${admin.escapeIdentifier(role)}`);
      }
      process.stdout.write(`bench: created ${hasRole.rowCount ? '' : `role ${role} and `}database ${database}\n`);
    } finally {
      await admin.end();
    }
    client = await connectPg(DATABASE_URL);
  }
  try {
    // As the server tests do with theirs: the API migrates and seeds an empty database on start.
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }
}

export async function prepareRedis(): Promise<void> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  let cause: unknown;
  redis.on('error', (err: unknown) => {
    // The socket's own error (ECONNREFUSED…); connect() rejects with a bare "Connection is closed".
    cause ??= err;
  });
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw unreachable('Redis', REDIS_URL, 'BENCH_RT_REDIS_URL', cause ?? err);
  }
  try {
    // Presence left by an earlier run would be read back by the fresh instances.
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------------
// The pair and its one-instance peer

export interface Cluster {
  /** The two instances of the pair (one Pusher app). */
  pair: Api[];
  /** The one instance, the pair's peer (a Pusher app of its own). */
  single: Api[];
  secrets: Secrets;
  singleSecrets: Secrets;
}

export interface ClusterOptions {
  pairPorts: readonly [number, number];
  singlePort: number;
  /**
   * Preloads the gc hook into every instance (bench/realtime-gc-hook.ts), for RSS readings; a
   * throwaway instance then migrates and seeds the database first.
   */
  gcHook?: boolean;
}

/**
 * Takes the real-time benches' lock, wipes PostgreSQL and Redis, starts the pair and the single
 * instance (one after the other: the first migrates and seeds the empty database), runs `measure`,
 * then stops them whatever happened. `measure`'s own clean-up (its sockets) runs before the stop.
 */
export async function withCluster<T>(
  step: string,
  { pairPorts, singlePort, gcHook = false }: ClusterOptions,
  measure: (cluster: Cluster) => Promise<T>,
): Promise<T> {
  // One real-time run at a time (the `realtime` step takes the same lock, on the ports below ours).
  const release = await acquireRunLock(`pulzus-bench-realtime-${LATENCY_PORT}`, (l) => console.log(`[bench] ${l}`));
  const apis: Api[] = [];
  const dataDir = makeDataDir(`pulzus-bench-${step}-`);
  try {
    await prepareRedis();
    await prepareDatabase();
    // The loudness backfill decodes every seeded track in the background of each instance's start:
    // a one-time job that would compete with the measured load and grow and free memory meanwhile.
    const env = { DATABASE_URL, REDIS_URL, LOUDNESS_MEASURE: '0' };
    const secrets = randomSecrets();
    const other = randomSecrets();
    // The single instance's own Pusher app keeps its Redis topic apart from the pair's.
    const singleSecrets: Secrets = {
      ...secrets,
      pusherAppId: other.pusherAppId,
      pusherKey: other.pusherKey,
      pusherSecret: other.pusherSecret,
    };
    process.stdout.write(
      `${step}: API instances on ${pairPorts.join(' + ')} and ${singlePort}, ${shown(DATABASE_URL)}, ${REDIS_URL}…\n`,
    );
    if (gcHook) {
      // RSS is read: the start that migrates and seeds the empty database leaves memory behind that the
      // process gives back only over minutes, so a throwaway instance does that work and the three
      // measured ones all start alike on a ready database.
      await (await startApi(singlePort, { dataDir, secrets, env })).stop();
    }
    for (const port of pairPorts) apis.push(await startApi(port, { dataDir, secrets, env, gcHook }));
    apis.push(await startApi(singlePort, { dataDir, secrets: singleSecrets, env, gcHook }));
    return await measure({ pair: apis.slice(0, 2), single: apis.slice(2), secrets, singleSecrets });
  } finally {
    for (const api of apis) await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
    release();
  }
}
