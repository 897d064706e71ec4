/**
 * A busy evening in one shop (step `busy-shop`, issue 29): 200 devices on one player's channel, and in
 * the shop's presence channel, over two API instances that share PostgreSQL and Redis, and 20 presses a second (toggle-play, each with
 * its idempotency key) from 10 logged-in phones spread over both instances, for BENCH_BUSY_SECONDS
 * (default 120). The presses are sent at a fixed rate whatever the answers do (an open loop), so a
 * queue on the player's row lock shows as latency, not as a slower sender.
 *
 * Measured: each press's answer (request start → answer) and its delivery (request start → the
 * UpdatePlayer of the version it answered on a device of each instance, the later of the two); and
 * how many presses a second were served against the 20 offered. Budgets: answer p95 and delivery p95
 * at most 300 ms; offered ÷ served at most 1.02.
 *
 * PostgreSQL and Redis as bench/realtime-scale.ts (BENCH_RT_DATABASE_URL, BENCH_RT_REDIS_URL; wiped).
 * `tsx bench/busy-shop.ts` runs it without the bench's table.
 */
import { rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type Pusher from 'pusher-js';
import { randomSecrets } from '../contracts/secrets.mjs';
import { acquireRunLock, makeDataDir } from '../scripts/launch/stack';
import {
  Device,
  devicePusher,
  LATENCY_PORT,
  percentile,
  pusherUrl,
  runAlone,
  sleep,
  startApi,
  startClients,
  subscribed,
  type Api,
  type ClientProcess,
  type RealtimeMeasurement,
} from './realtime';
import { DATABASE_URL, prepareDatabase, prepareRedis, REDIS_URL, shown } from './realtime-scale';

/** After the realtime-scale step's three ports. */
const PORTS = [LATENCY_PORT + 5, LATENCY_PORT + 6] as const;
const DEVICES = Number(process.env.BENCH_BUSY_DEVICES ?? 200);
const RATE = Number(process.env.BENCH_BUSY_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_BUSY_SECONDS ?? 120);
const PHONES = 10;
const WARMUP_SECONDS = 5;
const BUDGET_P95_MS = 300;
const EVENT = 'App\\Events\\UpdatePlayer';

interface Press {
  start: number;
  answered?: number;
  version?: number;
  failed?: string;
}

export async function measureBusyShop(): Promise<RealtimeMeasurement[]> {
  const release = await acquireRunLock(`pulzus-bench-realtime-${LATENCY_PORT}`, (l) => console.log(`[bench] ${l}`));
  const apis: Api[] = [];
  const dataDir = makeDataDir('pulzus-bench-busy-');
  const phones: Device[] = [];
  const watchers: Pusher[] = [];
  let clients: ClientProcess | undefined;
  try {
    await prepareRedis();
    await prepareDatabase();
    const env = { DATABASE_URL, REDIS_URL };
    const secrets = randomSecrets();
    process.stdout.write(`busy-shop: API instances on ${PORTS.join(' + ')}, ${shown(DATABASE_URL)}, ${REDIS_URL}…\n`);
    for (const port of PORTS) apis.push(await startApi(port, { dataDir, secrets, env }));

    for (let i = 0; i < PHONES; i++) {
      const phone = new Device(apis[i % apis.length]!.port);
      await phone.login();
      phones.push(phone);
    }
    const players = JSON.parse((await phones[0]!.request('GET', '/api/players')).body) as Array<{ id: number }>;
    const playerId = players[0]!.id;
    const channelName = `private-player.${playerId}`;
    // Something to play, held by the first phone's device (so every other phone's play asks whether it is there).
    await phones[0]!.request('POST', `/api/players/${playerId}/playable/channel/1`);

    // One watched device on each instance (pusher-js, in the shop's presence channel too), the rest raw sockets.
    const arrivals = apis.map(() => new Map<number, number>());
    let presenceChannel = '';
    for (const [i, api] of apis.entries()) {
      const pusher = devicePusher(secrets.pusherKey, api.port, phones[i]!);
      watchers.push(pusher);
      const me = JSON.parse((await phones[i]!.request('GET', '/api/me')).body) as { customer_id: number };
      presenceChannel = `presence-customer.${me.customer_id}`;
      await subscribed(pusher, presenceChannel, `busy-shop: presence on ${api.port}`);
      const channel = await subscribed(pusher, channelName, `busy-shop: player channel on ${api.port}`);
      channel.bind(EVENT, (data: { player: { version: number } }) => {
        const seen = arrivals[i]!;
        if (!seen.has(data.player.version)) seen.set(data.player.version, performance.now());
      });
    }
    const raw = DEVICES - watchers.length;
    process.stdout.write(`busy-shop: ${raw} raw devices on ${channelName} from a child process…\n`);
    clients = startClients(
      apis.map((api) => pusherUrl(api.port, secrets.pusherKey)),
      raw,
      { channel: channelName, secret: secrets.pusherSecret, presence: presenceChannel },
    );
    const settled = await clients.settled;
    if (settled.connected < raw) throw new Error(`busy-shop: only ${settled.connected} of ${raw} devices subscribed`);

    const press = (n: number): Press => {
      const p: Press = { start: performance.now() };
      phones[n % PHONES]!.request('GET', `/api/players/${playerId}/toggle-play`, undefined, {
        'Idempotency-Key': randomUUID(),
      }).then(
        (res) => {
          p.answered = performance.now();
          if (res.status !== 200) p.failed = `${res.status}`;
          else p.version = (JSON.parse(res.body) as { version: number }).version;
        },
        (err: Error) => {
          p.answered = performance.now();
          p.failed = err.message;
        },
      );
      return p;
    };

    /** Presses at RATE a second for `seconds`, on a fixed schedule. */
    const load = async (seconds: number): Promise<Press[]> => {
      const out: Press[] = [];
      const begin = performance.now();
      const total = Math.round(seconds * RATE);
      for (let n = 0; n < total; n++) {
        const due = begin + (n * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        out.push(press(n));
      }
      // Every press answered (or given up on after 60 s).
      const deadline = performance.now() + 60_000;
      while (out.some((p) => p.answered === undefined) && performance.now() < deadline) await sleep(50);
      await sleep(2_000); // the last deliveries
      return out;
    };

    process.stdout.write(`busy-shop: ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s at ${RATE} presses/s…\n`);
    await load(WARMUP_SECONDS);
    const presses = await load(SECONDS);

    const answered = presses.filter((p) => p.answered !== undefined && !p.failed);
    const failed = presses.length - answered.length;
    const answers = answered.map((p) => p.answered! - p.start);
    const deliveries = answered.map((p) => {
      const at = arrivals.map((seen) => seen.get(p.version!));
      return at.every((t) => t !== undefined) ? Math.max(...(at as number[])) - p.start : Infinity;
    });
    const lost = deliveries.filter((d) => d === Infinity).length;
    const span = Math.max(...answered.map((p) => p.answered!)) - presses[0]!.start;
    const served = (answered.length / span) * 1000;
    const note = `one shop, ${DEVICES} devices over 2 instances, ${RATE} presses/s for ${SECONDS} s (${presses.length} presses; ${failed} failed, ${lost} not delivered)`;
    return [
      { name: 'busy shop: press answer p50', value: percentile(answers, 50), unit: 'ms', note },
      { name: 'busy shop: press answer p95', value: percentile(answers, 95), unit: 'ms', max: BUDGET_P95_MS, note },
      { name: 'busy shop: delivery p50', value: percentile(deliveries, 50), unit: 'ms', note },
      { name: 'busy shop: delivery p95', value: percentile(deliveries, 95), unit: 'ms', max: BUDGET_P95_MS, note },
      {
        name: 'busy shop: offered ÷ served presses',
        value: failed ? Infinity : RATE / served,
        unit: '×',
        max: 1.02,
        note: `${served.toFixed(1)} presses/s served of ${RATE} offered`,
      },
    ];
  } finally {
    for (const w of watchers) w.disconnect();
    await clients?.close();
    for (const phone of phones) phone.close();
    for (const api of apis) await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
    release();
  }
}

// Run alone: `tsx bench/busy-shop.ts`.
runAlone(import.meta.url, measureBusyShop);
