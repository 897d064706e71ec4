import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startCluster } from '../../scripts/launch/cluster.mjs';
import { ensureWebBuild } from '../../scripts/launch/web-build.mjs';
import { acquireRunLock, E2E, makeDataDir } from '../../scripts/launch/stack';
import { startFaultProxy } from './fault-proxy';
import { SCALE } from './support';

/**
 * Starts the cluster of `npm run start:cluster` on the suite's ports: two API instances (scheduler
 * test control on) and two web instances behind HAProxy, on a wiped PostgreSQL database (reached
 * through a TCP proxy the tests can freeze, tests/scale/fault-proxy.ts) and Redis database, sharing a
 * fresh DATA_DIR. Redis too is reached through such a proxy, which the tests can take down. The web build is the end-to-end suite's (built when stale).
 * Workers find the data folder (and in it the processes' current ids) in SCALE_DATA_DIR; the returned
 * function is the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const release = await acquireRunLock(`pulzus-scale-${SCALE.webPort}`);
  try {
    return await setUp(release);
  } catch (err) {
    release();
    throw err;
  }
}

async function wipe(): Promise<void> {
  const db = new pg.Client({ connectionString: SCALE.databaseUrl });
  await db.connect();
  try {
    await db.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  } finally {
    await db.end();
  }
  const redis = new Redis(SCALE.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  await redis.quit();
}

async function setUp(release: () => void): Promise<() => Promise<void>> {
  // The end-to-end suite's build, under its lock: an end-to-end run must not rebuild it under us.
  const releaseBuild = await acquireRunLock(`pulzus-e2e-${E2E.webPort}`);
  try {
    await ensureWebBuild(E2E.distDir);
  } finally {
    releaseBuild();
  }
  await wipe();
  const dataDir = makeDataDir('pulzus-scale-');
  mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  const logFile = path.join(dataDir, 'logs', 'cluster.log');
  // The cluster reaches PostgreSQL through a proxy the tests can freeze (a database that hangs).
  const pgProxy = await startFaultProxy(SCALE.databaseUrl, 5432);
  const redisProxy = await startFaultProxy(SCALE.redisUrl, 6379);
  const started = Date.now();
  const cluster = await startCluster({
    webPort: SCALE.webPort,
    apiPort: SCALE.apiPort,
    webHost: '127.0.0.1',
    dataDir,
    distDir: E2E.distDir,
    databaseUrl: pgProxy.url,
    redisUrl: redisProxy.url,
    testControl: true,
    // The suite sends many calls from one address and login; the request limit's own test is a server test.
    baseEnv: { ...process.env, API_RATE_LIMIT_PER_MINUTE: process.env.API_RATE_LIMIT_PER_MINUTE || '1000000' },
    build: false,
    output: logFile,
    log: (line) => console.log(`[scale] ${line}`),
    // The failover tests kill instances on purpose; the cluster starts them again.
    onUnexpectedExit: (name, code, signal) => console.log(`[scale] ${name} ended (${signal ?? `exit code ${code}`})`),
  });
  console.log(`[scale] cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s; logs in ${logFile}`);
  process.env.SCALE_DATA_DIR = dataDir;
  process.env.SCALE_PG_PROXY_CONTROL = pgProxy.controlUrl;
  process.env.SCALE_REDIS_PROXY_CONTROL = redisProxy.controlUrl;
  return async () => {
    await cluster.stop();
    await pgProxy.close();
    await redisProxy.close();
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    release();
  };
}
