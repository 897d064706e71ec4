import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Player } from '../../contracts/player';
import { buildApp } from '../../server/src/app';
import { openDatabase, type Database } from '../../server/src/db/client';
import { createTestApp, loggedIn, parsePlayer, TEST_DATABASE_URL, type Client, type TestApp } from './helpers';
import { startTcpProxy, type TcpProxy } from '../../scripts/launch/tcp-proxy';

/**
 * The API on PostgreSQL when the database goes away (PostgreSQL only): its connections ended by the
 * server (a restart, `pg_terminate_backend`) and a database that hangs (a TCP proxy in between that
 * stops passing bytes). The process must live on, a request that cannot reach the database must
 * answer 503 at once (within the statement deadline, never hang), and the API must serve again by
 * itself once the database is back.
 */

const STATEMENT_TIMEOUT_MS = 1_000;
const UNAVAILABLE = 'A szolgáltatás átmenetileg nem érhető el.';

const skip = TEST_DATABASE_URL ? false : 'PostgreSQL only (TEST_DATABASE_URL)';

let seeded: TestApp;
let proxy: TcpProxy;
let database: Database;
let app: FastifyInstance;
let client: Client;
let playerId: number;
const lost: string[] = [];

before(async () => {
  if (skip) return;
  // Migrations and the seed on the database as it is, then an app on it through the proxy.
  seeded = await createTestApp();
  const url = new URL(TEST_DATABASE_URL!);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  database = await openDatabase(
    { kind: 'postgres', url: proxy.through(TEST_DATABASE_URL!) },
    { statementTimeoutMs: STATEMENT_TIMEOUT_MS, onConnectionError: (err) => lost.push(err.message) },
  );
  app = await buildApp({ config: seeded.config, database, logger: false });
  await app.ready();
  client = await loggedIn(app);
  const res = await client.request('GET', '/api/players');
  assert.equal(res.statusCode, 200, res.body);
  playerId = (JSON.parse(res.body) as Array<{ id: number }>)[0]!.id;
});

after(async () => {
  if (skip) return;
  proxy?.unfreeze();
  await app?.close();
  await database?.close();
  await proxy?.close();
  await seeded?.close();
});

async function player(): Promise<Player> {
  const res = await client.request('GET', '/api/players');
  assert.equal(res.statusCode, 200, res.body);
  return (JSON.parse(res.body) as Player[]).find((p) => p.id === playerId)!;
}

/** Polls `GET /api/players` until it answers 200; resolves with how long that took. */
async function servesAgain(withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await client.request('GET', '/api/players');
    if (res.statusCode === 200) return Date.now() - started;
    assert.equal(res.statusCode, 503, `while the database comes back: ${res.statusCode} ${res.body}`);
    if (Date.now() - started > withinMs) assert.fail(`still 503 after ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('every connection ended by PostgreSQL: the process lives on and serves again at once', { skip }, async () => {
  assert.equal((await client.request('GET', '/api/players')).statusCode, 200);
  // Idle connections in the pool, as after a burst of requests.
  await Promise.all(Array.from({ length: 5 }, () => client.request('GET', '/api/players')));
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    const ended = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    assert.ok(ended.rowCount! > 0);
  } finally {
    await admin.end();
  }
  // Without an error listener pg's 'error' of an idle connection ends the process (this test's).
  await new Promise((r) => setTimeout(r, 300));
  const ms = await servesAgain(3_000);
  console.log(`served again ${ms} ms after the connections were ended; lost: ${lost.length}`);
  assert.ok(lost.length > 0, 'the lost connections were reported');
  assert.equal((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode, 200);
});

test('a database that hangs: requests answer 503 within the deadline, and all is well after', { skip }, async () => {
  assert.equal((await client.request('GET', '/api/players')).statusCode, 200);
  const before = await player();
  proxy.freeze();
  try {
    const started = Date.now();
    const [read, write, ready] = await Promise.all([
      client.request('GET', '/api/players'),
      client.request('POST', `/api/players/${playerId}/update-volume`, { body: { volume: 17 } }),
      app.inject({ method: 'GET', url: '/health/ready' }),
    ]);
    const ms = Date.now() - started;
    console.log(`answers while the database hangs: ${read.statusCode}, ${write.statusCode} in ${ms} ms`);
    for (const res of [read, write]) {
      assert.equal(res.statusCode, 503, res.body);
      assert.deepEqual(JSON.parse(res.body), { message: UNAVAILABLE });
    }
    assert.equal(ready.statusCode, 503);
    // The deadline and a little: a request never waits for the database to come back.
    assert.ok(ms < STATEMENT_TIMEOUT_MS * 3, `answered in ${ms} ms`);
    // Further requests meanwhile answer the same way, each within the deadline.
    const again = Date.now();
    assert.equal((await client.request('GET', '/api/players')).statusCode, 503);
    assert.ok(Date.now() - again < STATEMENT_TIMEOUT_MS * 3);
  } finally {
    proxy.unfreeze();
  }
  await servesAgain(5_000);
  // The volume press that answered 503 left nothing behind: written whole or not at all.
  const after = await player();
  assert.ok(after.volume === before.volume || after.volume === 17, `volume ${after.volume}`);
  const res = await client.request('POST', `/api/players/${playerId}/update-volume`, { body: { volume: 23 } });
  assert.equal(parsePlayer(res).volume, 23);
  assert.equal((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode, 200);
});
