import { expect, test } from '@playwright/test';
import pg from 'pg';
import { freezeDatabase } from './fault-proxy';
import { API, ApiClient, bffSecretHeader, clusterPid, SCALE, sleep } from './support';

/**
 * A bad day in the scale mode: a process that dies, PostgreSQL ending every connection, PostgreSQL
 * hanging (the suite's proxy in front of it stops passing bytes). The
 * cluster's supervisor starts a dead instance again and HAProxy routes to it once it is ready
 * (GET /health/ready); an API instance outlives its database connections. Runs after
 * cluster.spec.ts (whose last test kills API instance 1, which the supervisor brings back).
 */

test.describe.configure({ mode: 'serial' });

const WEB_LB = `http://127.0.0.1:${SCALE.webPort}`;
const webInstance = (i: 1 | 2) => `http://127.0.0.1:${SCALE.webPort + i}`;

async function status(url: string): Promise<number> {
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function livePid(url: string): Promise<number | undefined> {
  try {
    // The process id is a detail: only with the BFF secret.
    const res = await fetch(`${url}/health/live`, { headers: bffSecretHeader(), signal: AbortSignal.timeout(5_000) });
    return ((await res.json()) as { pid?: number }).pid;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills `name` as a crash would, and waits until its successor is ready and the load balancer sends it requests. */
async function killAndWatchReturn(name: string, instanceUrl: string, lbUrl: string) {
  // Both instances ready to begin with (cluster.spec.ts's last test killed one).
  await expect.poll(() => status(`${instanceUrl}/health/ready`), { timeout: 60_000 }).toBe(200);
  const old = clusterPid(name);
  const killedAt = Date.now();
  process.kill(old, 'SIGKILL');
  await expect.poll(() => alive(old), { timeout: 5_000 }).toBe(false);

  // Meanwhile the load balancer answers from the other instance.
  expect(await status(`${lbUrl}/health/live`)).toBe(200);

  // A new process under the same name, ready on the same port.
  await expect.poll(() => clusterPid(name), { timeout: 30_000 }).not.toBe(old);
  const fresh = clusterPid(name);
  await expect.poll(() => status(`${instanceUrl}/health/ready`), { timeout: 30_000 }).toBe(200);
  const readyMs = Date.now() - killedAt;
  expect(await livePid(instanceUrl)).toBe(fresh);

  // And HAProxy routes to it again: round robin through the balancer reaches the new process.
  await expect
    .poll(
      async () => {
        const pids = new Set<number | undefined>();
        for (let n = 0; n < 4; n++) pids.add(await livePid(lbUrl));
        return pids.has(fresh);
      },
      { timeout: 15_000, message: `${name}'s new process gets requests through the load balancer` },
    )
    .toBe(true);
  const routedMs = Date.now() - killedAt;
  console.log(`[scale] ${name} killed: ready again in ${readyMs} ms, routed to in ${routedMs} ms`);
  return { fresh, readyMs };
}

test('a killed API instance comes back by itself, ready, and the load balancer sends it requests again', async () => {
  const { fresh } = await killAndWatchReturn('api-2', API.instance(2), API.lb);
  // It serves the demo shop: a login and a player read on that instance.
  const client = await ApiClient.loggedIn(API.instance(2));
  expect((await client.player()).id).toBeGreaterThan(0);
  expect(clusterPid('api-2')).toBe(fresh);
});

test('a killed web instance comes back by itself and serves pages through the load balancer again', async () => {
  const { fresh } = await killAndWatchReturn('web-2', webInstance(2), WEB_LB);
  const login = await status(`${webInstance(2)}/login`);
  expect(login).toBeGreaterThan(0);
  expect(login).toBeLessThan(500);
  expect(clusterPid('web-2')).toBe(fresh);
});

test('PostgreSQL ends every connection: every API instance stays up (same process) and answers again within seconds', async () => {
  for (const i of [1, 2] as const) {
    await expect.poll(() => status(`${API.instance(i)}/health/ready`), { timeout: 60_000 }).toBe(200);
  }
  const pids = { 1: clusterPid('api-1'), 2: clusterPid('api-2') };
  const clients = await Promise.all(([1, 2] as const).map((i) => ApiClient.loggedIn(API.instance(i))));
  for (const c of clients) await c.player();

  // What a PostgreSQL restart does to the instances' connections: ended by the server. The role
  // the cluster connects as may end its own backends.
  const admin = new pg.Client({ connectionString: SCALE.databaseUrl });
  await admin.connect();
  let ended = 0;
  try {
    const res = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    ended = res.rowCount ?? 0;
  } finally {
    await admin.end();
  }
  const endedAt = Date.now();
  expect(ended).toBeGreaterThan(0);

  // Each instance answers reads again within a few seconds, as the same process.
  for (const [k, c] of clients.entries()) {
    await expect
      .poll(
        async () => {
          try {
            return (await c.call('GET', '/api/players')).status;
          } catch {
            return 0;
          }
        },
        { timeout: 5_000, intervals: [100] },
      )
      .toBe(200);
    console.log(`[scale] api-${k + 1} serves again ${Date.now() - endedAt} ms after its connections were ended`);
  }
  await sleep(1_000);
  for (const i of [1, 2] as const) {
    expect(alive(pids[i]), `api-${i} kept running`).toBe(true);
    expect(clusterPid(`api-${i}`), `api-${i} was not restarted`).toBe(pids[i]);
    expect(await status(`${API.instance(i)}/health/ready`)).toBe(200);
  }
});

test('PostgreSQL hangs for 8 s: requests answer 503 within the statement deadline instead of waiting, and all is well after', async () => {
  for (const i of [1, 2] as const) {
    await expect.poll(() => status(`${API.instance(i)}/health/ready`), { timeout: 60_000 }).toBe(200);
  }
  const pids = { 1: clusterPid('api-1'), 2: clusterPid('api-2') };
  const clients = await Promise.all(([1, 2] as const).map((i) => ApiClient.loggedIn(API.instance(i))));
  const before = await clients[0]!.player();

  await freezeDatabase(true);
  const frozenAt = Date.now();
  let answers: Array<{ status: number; ms: number; message?: unknown }>;
  try {
    // A read and a write on each instance, all at once.
    answers = await Promise.all(
      clients.flatMap((c) =>
        [
          () => c.call('GET', '/api/players'),
          () => c.call('POST', `/api/players/${before.id}/update-volume`, { volume: 61 }),
        ].map(async (call) => {
          const started = Date.now();
          const res = await call();
          return { status: res.status, ms: Date.now() - started, message: (res.body as { message?: unknown }).message };
        }),
      ),
    );
    // Readiness says so too, and fast: HAProxy takes the instances out meanwhile.
    for (const i of [1, 2] as const) expect(await status(`${API.instance(i)}/health/ready`)).toBe(503);
    const left = 8_000 - (Date.now() - frozenAt);
    if (left > 0) await sleep(left);
  } finally {
    await freezeDatabase(false);
  }
  const thawedAt = Date.now();
  console.log(`[scale] answers while PostgreSQL hung: ${JSON.stringify(answers.map((a) => [a.status, a.ms]))}`);
  for (const a of answers) {
    expect(a.status).toBe(503);
    expect(a.message).toBe('A szolgáltatás átmenetileg nem érhető el.');
    // The 5 s deadline and a little, never the minute of the load balancer's timeout.
    expect(a.ms).toBeLessThan(7_000);
  }

  // After: both instances ready and serving, the same processes; the write answered 503 either
  // happened whole or not at all.
  for (const i of [1, 2] as const) {
    await expect.poll(() => status(`${API.instance(i)}/health/ready`), { timeout: 15_000 }).toBe(200);
  }
  for (const c of clients) {
    await expect.poll(async () => (await c.call('GET', '/api/players')).status, { timeout: 10_000 }).toBe(200);
  }
  // HAProxy took both out while they answered 503 on readiness; it sends them requests again.
  await expect
    .poll(
      async () => {
        const seen = new Set<number | undefined>();
        for (let n = 0; n < 4; n++) seen.add(await livePid(API.lb));
        return seen.has(pids[1]) && seen.has(pids[2]);
      },
      { timeout: 15_000, message: 'the load balancer routes to both API instances again' },
    )
    .toBe(true);
  console.log(`[scale] both instances ready and routed to ${Date.now() - thawedAt} ms after PostgreSQL answered again`);
  const after = await clients[1]!.player();
  expect([before.volume, 61]).toContain(after.volume);
  const res = await clients[1]!.ok<{ volume: number }>('POST', `/api/players/${before.id}/update-volume`, {
    volume: 42,
  });
  expect(res.body.volume).toBe(42);
  expect((await clients[0]!.player()).volume).toBe(42);
  for (const i of [1, 2] as const) expect(clusterPid(`api-${i}`)).toBe(pids[i]);
});
