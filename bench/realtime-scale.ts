/**
 * Real time across API instances (step `realtime-scale`): remote command → UpdatePlayer with 2,000
 * authorised subscribers on one player's channel, on two API instances that share one PostgreSQL
 * database, one Redis, the same secrets and DATA_DIR (as a cluster runs them), against the same
 * workload on ONE instance on the same PostgreSQL and Redis, in the same run.
 *
 * - The three API processes run side by side (ports BENCH_RT_PORT + 2, + 3 for the pair, + 4 for the
 *   single one). The single instance has a Pusher app of its own (its Redis topic is per app), so
 *   the pair's events never reach its sockets nor the other way round; all else is shared.
 * - Each configuration has 2,000 sockets on the channel: two designated pusher-js clients in this
 *   process (the pair: one on each instance; the single: both on it) and the rest raw `ws` clients
 *   in a child process (bench/realtime-clients.ts) that subscribe with a valid auth signature and
 *   never parse a frame, spread evenly over the configuration's instances.
 * - A logged-in remote control toggles shuffle through the API, one command at a time; on the pair
 *   the command goes to each instance in turn. Each command is timed from the request's start to
 *   the event's arrival on every designated client of its configuration: on the pair that gives one
 *   figure for the instance that handled the command and one for the other. After a warm-up the
 *   two configurations take turns in rounds (order alternating), so machine load hits both alike.
 *
 * PostgreSQL, Redis and the three instances as bench/realtime-cluster.ts sets them up (BENCH_RT_DATABASE_URL,
 * BENCH_RT_REDIS_URL; wiped at every run).
 *
 * `npm run bench` runs `measureRealtimeScale()` (BENCH_STEPS=realtime-scale alone);
 * `tsx bench/realtime-scale.ts` runs it without the bench's table.
 */
import type Pusher from 'pusher-js';
import {
  Device,
  devicePusher,
  LATENCY_PORT,
  percentile,
  pusherUrl,
  runAlone,
  startClients,
  subscribed,
  withTimeout,
  type Api,
  type ClientProcess,
  type RealtimeMeasurement,
} from './realtime';
import { withCluster } from './realtime-cluster';

/** After the `realtime` step's two ports. */
const PAIR_PORTS = [LATENCY_PORT + 2, LATENCY_PORT + 3] as const;
const SINGLE_PORT = LATENCY_PORT + 4;
const SUBSCRIBERS = Number(process.env.BENCH_RT_SCALE_SUBSCRIBERS ?? 2_000);
/** Counted commands per configuration. */
const COMMANDS = Number(process.env.BENCH_RT_SCALE_COMMANDS ?? 300);
const WARMUP = 20;
const ROUNDS = 10;
const BUDGET_P95_MS = 50;
const EVENT = 'App\\Events\\UpdatePlayer';

// ---------------------------------------------------------------------------------------------------
// A configuration: its instances, logged-in remote controls, designated clients and raw subscribers

interface Designated {
  /** Index of the instance the client is connected to. */
  instance: number;
  pusher: Pusher;
  waiting?: { expect: boolean; resolve: (at: number) => void };
}

interface Configuration {
  name: string;
  apis: Api[];
  /** A logged-in remote control per instance (the commands), also authorising the designated clients. */
  remotes: Device[];
  designated: Designated[];
  clients?: ClientProcess;
  /** Arrival − request start, per designated client's relation to the command's instance. */
  same: number[];
  other: number[];
  http: number[];
  commands: number;
}

async function setUp(name: string, apis: Api[], channelName: string, designatedOn: number[]): Promise<Configuration> {
  const config: Configuration = { name, apis, remotes: [], designated: [], same: [], other: [], http: [], commands: 0 };
  for (const api of apis) {
    const remote = new Device(api.port);
    config.remotes.push(remote);
    await remote.login();
  }
  for (const instance of designatedOn) {
    const api = apis[instance]!;
    const pusher = devicePusher(api.secrets.pusherKey, api.port, config.remotes[instance]!);
    const d: Designated = { instance, pusher };
    config.designated.push(d);
    const channel = await subscribed(pusher, channelName, `${name}: designated subscription on ${api.port}`);
    channel.bind(EVENT, (data: { player: { is_random: boolean } }) => {
      const at = performance.now();
      if (d.waiting && data.player.is_random === d.waiting.expect) {
        const w = d.waiting;
        d.waiting = undefined;
        w.resolve(at);
      }
    });
  }
  const raw = SUBSCRIBERS - config.designated.length;
  process.stdout.write(`realtime-scale: ${name}: ${raw} raw subscribers on ${channelName} from a child process…\n`);
  const { pusherKey, pusherSecret } = apis[0]!.secrets;
  config.clients = startClients(
    apis.map((api) => pusherUrl(api.port, pusherKey)),
    raw,
    { channel: channelName, secret: pusherSecret },
  );
  const { connected, failed } = await config.clients.settled;
  if (connected < raw)
    throw new Error(`${name}: only ${connected} of ${raw} raw subscribers subscribed (${failed} failed)`);
  return config;
}

async function tearDown(config: Configuration | undefined): Promise<void> {
  if (!config) return;
  for (const d of config.designated) d.pusher.disconnect();
  await config.clients?.close();
  for (const r of config.remotes) r.close();
}

// ---------------------------------------------------------------------------------------------------

export async function measureRealtimeScale(): Promise<RealtimeMeasurement[]> {
  return withCluster('realtime-scale', { pairPorts: PAIR_PORTS, singlePort: SINGLE_PORT }, async (cluster) => {
    let pair: Configuration | undefined;
    let single: Configuration | undefined;
    try {
      const lister = new Device(cluster.pair[0]!.port);
      await lister.login();
      const players = JSON.parse((await lister.request('GET', '/api/players')).body) as Array<{
        id: number;
        is_random: boolean;
      }>;
      lister.close();
      const playerId = players[0]!.id;
      const channelName = `private-player.${playerId}`;
      let isRandom = players[0]!.is_random;

      pair = await setUp('2 instances', cluster.pair, channelName, [0, 1]);
      single = await setUp('1 instance', cluster.single, channelName, [0, 0]);

      /** One command through `config`'s next instance, waited for on every designated client. */
      const command = async (config: Configuration, record: boolean) => {
        const via = config.commands++ % config.apis.length;
        const expect = !isRandom;
        const arrivals = config.designated.map(
          (d) =>
            new Promise<number>((resolve) => {
              d.waiting = { expect, resolve };
            }),
        );
        const t0 = performance.now();
        const res = await config.remotes[via]!.request('POST', `/api/players/${playerId}/random`);
        const t1 = performance.now();
        if (res.status !== 200) throw new Error(`${config.name}: random answered ${res.status}: ${res.body}`);
        const at = await withTimeout(
          Promise.all(arrivals),
          10_000,
          `${config.name}: UpdatePlayer on every designated client`,
        );
        isRandom = expect;
        if (!record) return;
        config.http.push(t1 - t0);
        config.designated.forEach((d, i) => (d.instance === via ? config.same : config.other).push(at[i]! - t0));
      };

      process.stdout.write(
        `realtime-scale: ${WARMUP} + ${COMMANDS} shuffle toggles per configuration, in ${ROUNDS} rounds…\n`,
      );
      for (const config of [pair, single]) for (let i = 0; i < WARMUP; i++) await command(config, false);
      const perRound = Math.ceil(COMMANDS / ROUNDS);
      for (let round = 0; round < ROUNDS; round++) {
        for (const config of round % 2 === 0 ? [pair, single] : [single, pair]) {
          for (let i = 0; i < perRound; i++) await command(config, true);
        }
      }

      const stats = (values: number[]) => ({
        p50: percentile(values, 50),
        p95: percentile(values, 95),
        p99: percentile(values, 99),
      });
      const same = stats(pair.same);
      const otherInstance = stats(pair.other);
      const one = stats(single.same);
      const note = `${SUBSCRIBERS} sockets on the channel per configuration, ${pair.http.length} commands each, one at a time`;
      const rows = (label: string, s: ReturnType<typeof stats>, budget: boolean): RealtimeMeasurement[] => [
        { name: `remote command → UpdatePlayer, ${label} p50`, value: s.p50, unit: 'ms', note },
        {
          name: `remote command → UpdatePlayer, ${label} p95`,
          value: s.p95,
          unit: 'ms',
          ...(budget ? { max: BUDGET_P95_MS } : {}),
          note,
        },
        { name: `remote command → UpdatePlayer, ${label} p99`, value: s.p99, unit: 'ms', note },
      ];
      return [
        ...rows('2 instances, same instance', same, true),
        ...rows('2 instances, other instance', otherInstance, true),
        ...rows('1 instance (peer)', one, false),
        {
          name: 'UpdatePlayer p95: 2 instances same ÷ 1 instance',
          value: same.p95 / one.p95,
          unit: '×',
          note: 'the same run',
        },
        {
          name: 'UpdatePlayer p95: 2 instances other ÷ 1 instance',
          value: otherInstance.p95 / one.p95,
          unit: '×',
          note: 'the same run',
        },
        {
          name: 'remote command HTTP answer p50, 2 instances',
          value: percentile(pair.http, 50),
          unit: 'ms',
          note: 'POST …/random, same runs',
        },
        {
          name: 'remote command HTTP answer p50, 1 instance',
          value: percentile(single.http, 50),
          unit: 'ms',
          note: 'POST …/random, same runs',
        },
      ];
    } finally {
      await tearDown(pair);
      await tearDown(single);
    }
  });
}

// Run alone: `tsx bench/realtime-scale.ts`.
runAlone(import.meta.url, measureRealtimeScale);
