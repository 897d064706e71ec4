/**
 * A busy evening in one shop (step `busy-shop`, issue 29): 200 devices on one player's channel, and in
 * the shop's presence channel, over two API instances that share PostgreSQL and Redis, and 20 presses
 * a second (toggle-play, each with its idempotency key) from 10 logged-in phones spread over both
 * instances, for BENCH_BUSY_SECONDS (default 120). The presses are sent at a fixed rate whatever the
 * answers do (an open loop), so a queue on the player's row lock shows as latency, not as a slower
 * sender.
 *
 * The peer is ONE instance on the same PostgreSQL and Redis, measured the same way in the same run
 * (bench/realtime-cluster.ts): another shop of the seed (its own player, presence channel, 200
 * devices and 10 phones, all on that instance; a Pusher app of its own). After a warm-up of each,
 * the two take turns in rounds (order alternating), so the machine's load hits both alike.
 *
 * Measured per configuration: each press's answer (request start → answer) and its delivery (request
 * start → the UpdatePlayer of the version it answered on both watched devices, pusher-js clients, one
 * on each instance of the pair, both on the single one, the later of the two); and how many presses
 * a second were served against the 20 offered. Budgets, on the pair: answer p95 and delivery p95 at
 * most 300 ms; offered ÷ served at most 1.02. The single instance's figures are printed beside them.
 *
 * `tsx bench/busy-shop.ts` runs it without the bench's table.
 */
import { randomUUID } from 'node:crypto';
import type Pusher from 'pusher-js';
import {
  Device,
  devicePusher,
  LATENCY_PORT,
  percentile,
  pusherUrl,
  runAlone,
  sleep,
  startClients,
  subscribed,
  type Api,
  type ClientProcess,
  type RealtimeMeasurement,
} from './realtime';
import { withCluster } from './realtime-cluster';
import type { Secrets } from '../contracts/secrets.mjs';

/** After the realtime-scale step's three ports; the single instance takes that step's (the steps run one at a time). */
const PAIR_PORTS = [LATENCY_PORT + 5, LATENCY_PORT + 6] as const;
const SINGLE_PORT = LATENCY_PORT + 4;
const DEVICES = Number(process.env.BENCH_BUSY_DEVICES ?? 200);
const RATE = Number(process.env.BENCH_BUSY_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_BUSY_SECONDS ?? 120);
const PHONES = 10;
const WATCHED = 2;
const WARMUP_SECONDS = 5;
const ROUNDS = 4;
const BUDGET_P95_MS = 300;
const EVENT = 'App\\Events\\UpdatePlayer';

/** The seed's two shops: the pair works in the first, the single instance in the second. */
const SHOPS = [
  { tenant: 'demo', email: 'demo@pulzus.hu', password: 'pulzus-demo' },
  { tenant: 'other', email: 'other@pulzus.hu', password: 'pulzus-other' },
] as const;

interface Press {
  start: number;
  answered?: number;
  version?: number;
  failed?: string;
}

/** One configuration: its instances, its shop's phones, watched devices and raw devices, and what it measured. */
interface Shop {
  name: string;
  apis: Api[];
  phones: Device[];
  watchers: Pusher[];
  clients?: ClientProcess;
  playerId: number;
  /** Per watched device: version → arrival. */
  arrivals: Array<Map<number, number>>;
  presses: Press[];
  /** Per counted round: first press's start → last answer, ms. */
  spans: number[];
  sent: number;
}

async function setUpShop(
  name: string,
  apis: Api[],
  secrets: Secrets,
  login: (typeof SHOPS)[number],
  shop: Partial<Shop> & { phones: Device[]; watchers: Pusher[] },
): Promise<Shop> {
  // The second shop is reached as the web app reaches any shop: X-Tenant, believed with the BFF's secret.
  const headers: Record<string, string> =
    login.tenant === 'demo' ? {} : { 'X-Tenant': login.tenant, 'X-BFF-Secret': secrets.bffSecret };
  for (let i = 0; i < PHONES; i++) {
    const phone = new Device(apis[i % apis.length]!.port, headers);
    shop.phones.push(phone);
    await phone.login(login.email, login.password);
  }
  const { phones, watchers } = shop;
  const players = JSON.parse((await phones[0]!.request('GET', '/api/players')).body) as Array<{ id: number }>;
  const playerId = players[0]!.id;
  const channelName = `private-player.${playerId}`;
  // Something to play, held by the first phone's device (so every other phone's play asks whether it is there).
  const playable = await phones[0]!.request('POST', `/api/players/${playerId}/playable/channel/1`);
  if (playable.status !== 200) throw new Error(`${name}: setting the channel answered ${playable.status}`);

  // The watched devices (pusher-js, in the shop's presence channel too), spread over the instances; the rest raw sockets.
  const arrivals: Array<Map<number, number>> = [];
  const me = JSON.parse((await phones[0]!.request('GET', '/api/me')).body) as { customer_id: number };
  const presenceChannel = `presence-customer.${me.customer_id}`;
  for (let i = 0; i < WATCHED; i++) {
    const api = apis[i % apis.length]!;
    const pusher = devicePusher(api.secrets.pusherKey, api.port, phones[i]!);
    watchers.push(pusher);
    const seen = new Map<number, number>();
    arrivals.push(seen);
    await subscribed(pusher, presenceChannel, `busy-shop: ${name}: presence on ${api.port}`);
    const channel = await subscribed(pusher, channelName, `busy-shop: ${name}: player channel on ${api.port}`);
    channel.bind(EVENT, (data: { player: { version: number } }) => {
      if (!seen.has(data.player.version)) seen.set(data.player.version, performance.now());
    });
  }
  const raw = DEVICES - WATCHED;
  process.stdout.write(`busy-shop: ${name}: ${raw} raw devices on ${channelName} from a child process…\n`);
  shop.clients = startClients(
    apis.map((api) => pusherUrl(api.port, api.secrets.pusherKey)),
    raw,
    // All at once, as after an instance's restart: the joins of one presence channel go to Redis together.
    { channel: channelName, secret: apis[0]!.secrets.pusherSecret, presence: presenceChannel },
  );
  const settled = await shop.clients.settled;
  if (settled.connected < raw)
    throw new Error(
      `busy-shop: ${name}: only ${settled.connected} of ${raw} devices subscribed (${JSON.stringify(settled.reasons)})`,
    );
  return Object.assign(shop, { name, apis, playerId, arrivals, presses: [], spans: [], sent: 0 });
}

function press(shop: Shop): Press {
  const p: Press = { start: performance.now() };
  const phone = shop.phones[shop.sent++ % PHONES]!;
  phone
    .request('GET', `/api/players/${shop.playerId}/toggle-play`, undefined, { 'Idempotency-Key': randomUUID() })
    .then(
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
}

/** Presses at RATE a second for `seconds` on `shop`, on a fixed schedule; counted ones are kept with the round's span. */
async function load(shop: Shop, seconds: number, counted: boolean): Promise<void> {
  const out: Press[] = [];
  const begin = performance.now();
  const total = Math.round(seconds * RATE);
  for (let n = 0; n < total; n++) {
    const due = begin + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    out.push(press(shop));
  }
  // Every press answered (or given up on after 60 s).
  const deadline = performance.now() + 60_000;
  while (out.some((p) => p.answered === undefined) && performance.now() < deadline) await sleep(50);
  await sleep(2_000); // the last deliveries
  if (!counted) return;
  shop.presses.push(...out);
  const answers = out.filter((p) => p.answered !== undefined).map((p) => p.answered!);
  shop.spans.push((answers.length ? Math.max(...answers) : performance.now()) - out[0]!.start);
}

function figures(shop: Shop) {
  const { presses } = shop;
  const answered = presses.filter((p) => p.answered !== undefined && !p.failed);
  const failed = presses.length - answered.length;
  const answers = answered.map((p) => p.answered! - p.start);
  const deliveries = answered.map((p) => {
    const at = shop.arrivals.map((seen) => seen.get(p.version!));
    return at.every((t) => t !== undefined) ? Math.max(...(at as number[])) - p.start : Infinity;
  });
  const lost = deliveries.filter((d) => d === Infinity).length;
  const span = shop.spans.reduce((a, b) => a + b, 0);
  const served = (answered.length / span) * 1000;
  return { presses: presses.length, failed, lost, answers, deliveries, served };
}

export async function measureBusyShop(): Promise<RealtimeMeasurement[]> {
  return withCluster('busy-shop', { pairPorts: PAIR_PORTS, singlePort: SINGLE_PORT }, async (cluster) => {
    const parts: Array<Partial<Shop> & { phones: Device[]; watchers: Pusher[] }> = [
      { phones: [], watchers: [] },
      { phones: [], watchers: [] },
    ];
    try {
      const pair = await setUpShop('2 instances', cluster.pair, cluster.secrets, SHOPS[0], parts[0]!);
      const single = await setUpShop('1 instance', cluster.single, cluster.singleSecrets, SHOPS[1], parts[1]!);

      const perRound = SECONDS / ROUNDS;
      process.stdout.write(
        `busy-shop: ${WARMUP_SECONDS} s warm-up each, then ${ROUNDS} rounds of ${perRound} s at ${RATE} presses/s on each configuration…\n`,
      );
      for (const shop of [pair, single]) await load(shop, WARMUP_SECONDS, false);
      for (let round = 0; round < ROUNDS; round++) {
        for (const shop of round % 2 === 0 ? [pair, single] : [single, pair]) await load(shop, perRound, true);
      }

      const rows = (shop: Shop, label: string, budget: boolean): RealtimeMeasurement[] => {
        const f = figures(shop);
        const max = (value: number) => (budget ? { max: value } : {});
        const where = budget ? 'over 2 instances' : 'on 1 instance (the peer)';
        const note = `one shop, ${DEVICES} devices ${where}, ${RATE} presses/s for ${SECONDS} s (${f.presses} presses; ${f.failed} failed, ${f.lost} not delivered)`;
        return [
          { name: `busy shop, ${label}: press answer p50`, value: percentile(f.answers, 50), unit: 'ms', note },
          {
            name: `busy shop, ${label}: press answer p95`,
            value: percentile(f.answers, 95),
            unit: 'ms',
            ...max(BUDGET_P95_MS),
            note,
          },
          { name: `busy shop, ${label}: delivery p50`, value: percentile(f.deliveries, 50), unit: 'ms', note },
          {
            name: `busy shop, ${label}: delivery p95`,
            value: percentile(f.deliveries, 95),
            unit: 'ms',
            ...max(BUDGET_P95_MS),
            note,
          },
          {
            name: `busy shop, ${label}: offered ÷ served presses`,
            value: f.failed ? Infinity : RATE / f.served,
            unit: '×',
            ...max(1.02),
            note: `${f.served.toFixed(1)} presses/s served of ${RATE} offered`,
          },
        ];
      };
      const [two, one] = [figures(pair), figures(single)];
      const ratio = (label: string, a: number[], b: number[]): RealtimeMeasurement => ({
        name: `busy shop: ${label} p95, 2 instances ÷ 1 instance`,
        value: percentile(a, 95) / percentile(b, 95),
        unit: '×',
        note: 'the same run',
      });
      return [
        ...rows(pair, '2 instances', true),
        ...rows(single, '1 instance (peer)', false),
        ratio('press answer', two.answers, one.answers),
        ratio('delivery', two.deliveries, one.deliveries),
      ];
    } finally {
      for (const part of parts) {
        for (const w of part.watchers) w.disconnect();
        await part.clients?.close();
        for (const phone of part.phones) phone.close();
      }
    }
  });
}

// Run alone: `tsx bench/busy-shop.ts`.
runAlone(import.meta.url, measureBusyShop);
