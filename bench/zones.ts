/**
 * Zones under presses (step `zones`, issue 43): one shop with 10 zones, presses spread over them at
 * BENCH_ZONES_RATE a second (default 20; toggle-play, each with its idempotency key, from 10
 * logged-in phones, phone k pressing zone k, of which it is the audio device), against the same
 * presses on a shop with one zone (its 10 phones all pressing its one player), over the pair of API
 * instances of bench/realtime-cluster.ts. The presses are sent at a fixed rate whatever the answers
 * do (an open loop); the two shops take turns in rounds (order alternating), so the machine's load
 * hits both alike.
 *
 * Each zone's player channel is watched by two pusher-js devices (one on each instance); a press's
 * delivery is request start → the UpdatePlayer of the version it answered on both of its zone's
 * watchers (the later). Budgets: answer p95 and delivery p95 on 10 zones at most 1.1 × the same on
 * one zone; no UpdatePlayer of one zone's player on another zone's channel.
 *
 * `tsx bench/zones.ts` runs it without the bench's table.
 */
import { randomUUID } from 'node:crypto';
import type Pusher from 'pusher-js';
import {
  Device,
  devicePusher,
  LATENCY_PORT,
  percentile,
  runAlone,
  sleep,
  subscribed,
  type Api,
  type RealtimeMeasurement,
} from './realtime';
import { withCluster } from './realtime-cluster';
import type { Secrets } from '../contracts/secrets.mjs';

/** The busy-shop step's ports (the steps run one at a time); the single instance is not used. */
const PAIR_PORTS = [LATENCY_PORT + 5, LATENCY_PORT + 6] as const;
const SINGLE_PORT = LATENCY_PORT + 4;
const ZONES = 10;
const PHONES = 10;
const WATCHERS_PER_ZONE = 2;
const RATE = Number(process.env.BENCH_ZONES_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_ZONES_SECONDS ?? 60);
const WARMUP_SECONDS = 5;
const ROUNDS = 4;
const RATIO_MAX = 1.1;
const EVENT = 'App\\Events\\UpdatePlayer';

const SHOPS = [
  { tenant: 'demo', email: 'demo@pulzus.hu', password: 'pulzus-demo' },
  { tenant: 'other', email: 'other@pulzus.hu', password: 'pulzus-other' },
] as const;

interface Press {
  playerId: number;
  start: number;
  answered?: number;
  version?: number;
  failed?: string;
}

interface Shop {
  name: string;
  phones: Device[];
  watchers: Pusher[];
  /** The players pressed, in zone order; phone k presses `playerIds[k % length]`. */
  playerIds: number[];
  /** Per player: per watcher, version → arrival. */
  arrivals: Map<number, Array<Map<number, number>>>;
  /** UpdatePlayers of a player that arrived on another player's channel. */
  crossed: number;
  presses: Press[];
  sent: number;
}

type Login = (typeof SHOPS)[number];

async function call(phone: Device, method: string, path: string, body?: unknown) {
  const res = await phone.request(method, path, body === undefined ? undefined : JSON.stringify(body), {
    'Content-Type': 'application/json',
  });
  if (res.status < 200 || res.status > 299)
    throw new Error(`zones: ${method} ${path} answered ${res.status}: ${res.body}`);
  return JSON.parse(res.body) as unknown;
}

async function setUpShop(name: string, apis: Api[], secrets: Secrets, login: Login, zones: number): Promise<Shop> {
  const headers: Record<string, string> =
    login.tenant === 'demo' ? {} : { 'X-Tenant': login.tenant, 'X-BFF-Secret': secrets.bffSecret };
  const shop: Shop = {
    name,
    phones: [],
    watchers: [],
    playerIds: [],
    arrivals: new Map(),
    crossed: 0,
    presses: [],
    sent: 0,
  };
  for (let i = 0; i < PHONES; i++) {
    const phone = new Device(apis[i % apis.length]!.port, headers);
    shop.phones.push(phone);
    await phone.login(login.email, login.password);
  }
  const [first] = shop.phones;
  // Back to one zone, then as many as asked (a run may follow an earlier one on the same database).
  for (const zone of ((await call(first!, 'GET', '/api/zones')) as Array<{ id: number }>).slice(1)) {
    await call(first!, 'POST', `/api/zones/delete/${zone.id}`, {});
  }
  for (let z = 1; z < zones; z++) await call(first!, 'POST', '/api/zones', { name: `Zóna ${z + 1}` });
  const list = (await call(first!, 'GET', '/api/zones')) as Array<{ player_id: number }>;
  shop.playerIds = list.map((z) => z.player_id);
  // Each zone plays a channel, held by its own phone's device (a device sounds for one zone at most).
  for (const [k, playerId] of shop.playerIds.entries()) {
    await call(shop.phones[k]!, 'POST', `/api/players/${playerId}/playable/channel/${(k % 3) + 1}`, {});
  }
  const me = (await call(first!, 'GET', '/api/me')) as { customer_id: number };
  const presence = `presence-customer.${me.customer_id}`;
  for (const playerId of shop.playerIds) {
    const perWatcher: Array<Map<number, number>> = [];
    shop.arrivals.set(playerId, perWatcher);
    for (let w = 0; w < WATCHERS_PER_ZONE; w++) {
      const api = apis[w % apis.length]!;
      const pusher = devicePusher(api.secrets.pusherKey, api.port, shop.phones[w]!);
      shop.watchers.push(pusher);
      const seen = new Map<number, number>();
      perWatcher.push(seen);
      await subscribed(pusher, presence, `zones: ${name}: presence on ${api.port}`);
      const channel = await subscribed(pusher, `private-player.${playerId}`, `zones: ${name}: player ${playerId}`);
      channel.bind(EVENT, (data: { player: { id: number; version: number } }) => {
        if (data.player.id !== playerId) shop.crossed++;
        else if (!seen.has(data.player.version)) seen.set(data.player.version, performance.now());
      });
    }
  }
  return shop;
}

function press(shop: Shop): Press {
  const k = shop.sent++ % PHONES;
  const playerId = shop.playerIds[k % shop.playerIds.length]!;
  const p: Press = { playerId, start: performance.now() };
  shop.phones[k]!.request('GET', `/api/players/${playerId}/toggle-play`, undefined, {
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
}

async function load(shop: Shop, seconds: number, counted: boolean): Promise<void> {
  const out: Press[] = [];
  const begin = performance.now();
  const total = Math.round(seconds * RATE);
  for (let n = 0; n < total; n++) {
    const wait = begin + (n * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    out.push(press(shop));
  }
  const deadline = performance.now() + 60_000;
  while (out.some((p) => p.answered === undefined) && performance.now() < deadline) await sleep(50);
  await sleep(2_000); // the last deliveries
  if (counted) shop.presses.push(...out);
}

function figures(shop: Shop) {
  const answered = shop.presses.filter((p) => p.answered !== undefined && !p.failed);
  const answers = answered.map((p) => p.answered! - p.start);
  const deliveries = answered.map((p) => {
    const at = shop.arrivals.get(p.playerId)!.map((seen) => seen.get(p.version!));
    return at.every((t) => t !== undefined) ? Math.max(...(at as number[])) - p.start : Infinity;
  });
  return {
    presses: shop.presses.length,
    failed: shop.presses.length - answered.length,
    lost: deliveries.filter((d) => d === Infinity).length,
    answers,
    deliveries,
  };
}

export async function measureZones(): Promise<RealtimeMeasurement[]> {
  return withCluster('zones', { pairPorts: PAIR_PORTS, singlePort: SINGLE_PORT }, async (cluster) => {
    const shops: Shop[] = [];
    try {
      const many = await setUpShop(`${ZONES} zones`, cluster.pair, cluster.secrets, SHOPS[0], ZONES);
      shops.push(many);
      const one = await setUpShop('1 zone', cluster.pair, cluster.secrets, SHOPS[1], 1);
      shops.push(one);
      const perRound = SECONDS / ROUNDS;
      process.stdout.write(
        `zones: ${WARMUP_SECONDS} s warm-up each, then ${ROUNDS} rounds of ${perRound} s at ${RATE} presses/s on each shop…\n`,
      );
      for (const shop of [many, one]) await load(shop, WARMUP_SECONDS, false);
      for (let round = 0; round < ROUNDS; round++) {
        for (const shop of round % 2 === 0 ? [many, one] : [one, many]) await load(shop, perRound, true);
      }
      const [m, o] = [figures(many), figures(one)];
      const note = (f: ReturnType<typeof figures>, shop: Shop) =>
        `${shop.name}, 2 instances, ${RATE} presses/s for ${SECONDS} s (${f.presses} presses; ${f.failed} failed, ${f.lost} not delivered)`;
      const ratio = (a: number[], b: number[], failed: number) =>
        failed ? Infinity : percentile(a, 95) / percentile(b, 95);
      return [
        {
          name: `zones: press answer p95, ${ZONES} zones`,
          value: percentile(m.answers, 95),
          unit: 'ms',
          note: note(m, many),
        },
        { name: 'zones: press answer p95, 1 zone', value: percentile(o.answers, 95), unit: 'ms', note: note(o, one) },
        {
          name: `zones: delivery p95, ${ZONES} zones`,
          value: percentile(m.deliveries, 95),
          unit: 'ms',
          note: note(m, many),
        },
        { name: 'zones: delivery p95, 1 zone', value: percentile(o.deliveries, 95), unit: 'ms', note: note(o, one) },
        {
          name: `zones: press answer p95, ${ZONES} zones ÷ 1 zone`,
          value: ratio(m.answers, o.answers, m.failed + o.failed),
          unit: '×',
          max: RATIO_MAX,
          note: 'the same run, interleaved rounds',
        },
        {
          name: `zones: delivery p95, ${ZONES} zones ÷ 1 zone`,
          value: ratio(m.deliveries, o.deliveries, m.lost + o.lost),
          unit: '×',
          max: RATIO_MAX,
          note: 'the same run, interleaved rounds',
        },
        {
          name: "zones: UpdatePlayers on another zone's channel",
          value: many.crossed + one.crossed,
          unit: 'count',
          max: 0,
          note: `${ZONES} zones × ${WATCHERS_PER_ZONE} watchers`,
        },
      ];
    } finally {
      for (const shop of shops) {
        for (const w of shop.watchers) w.disconnect();
        for (const phone of shop.phones) phone.close();
      }
    }
  });
}

// Run alone: `tsx bench/zones.ts`.
runAlone(import.meta.url, measureZones);
