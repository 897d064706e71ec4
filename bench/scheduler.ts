/**
 * The scheduler's budgets (part of `npm run bench`):
 *
 * - `scheduler`: the engine's evaluation of one minute for 10,000 items over 1,000 shops (mixed time
 *   zones, frequencies, windows, days and date ranges), median of several minutes, beside an empty
 *   evaluation (no items) in the same run. A tick has 1 s after its minute begins; the engine may
 *   take a fifth of it. Pure: no stack needed.
 * - `scheduler-latency`: against the bench's API (started with SCHEDULER_TEST_CONTROL=1), an
 *   everyMinute item with one demo spot; 30 times the test control fires the next simulated minute,
 *   timed from the call until PlaySpots arrives on a pusher-js client subscribed to the player's
 *   channel as the shop's audio device is.
 * - `scheduler-preview`: against the bench's API, one shop with 200 every-minute items asks for
 *   the 168-hour preview again and again, while another shop calls GET /api/me one call at a time;
 *   that call's p99 against the same calls with the API idle. One shop's preview must not hold the
 *   API for the others. Then the same shop sends 20 previews at once, round after round, each with an
 *   `hours` no earlier answer had (so no kept answer serves it; a 429 counts as answered), while the
 *   other shop's calls are timed again.
 */
import Pusher from 'pusher-js';
import { floorMinute, type ScheduleRule } from '../contracts/time';
import { dueItems } from '../server/src/scheduler/engine';
import { DEFAULT_SCHEDULE_RULE, SCHEDULER_FREQUENCIES } from '../contracts/scheduled-contents';
import { Device, devicePusher, percentile, subscribed, withTimeout } from './realtime';

export interface SchedulerMeasurement {
  name: string;
  value: number;
  unit: 'ms';
  max?: number;
  note?: string;
}

export const SCHEDULER_BUDGETS = {
  engineMs: 200,
  fireLatencyP95Ms: 1000,
  previewMeSlackMs: 20,
  /** 20 previews at once: the other shop's p99 at most this many times the idle one, plus the slack. */
  parallelPreviewMeFactor: 3,
} as const;

const ITEMS = 10_000;
const SHOPS = 1_000;
const ENGINE_RUNS = 15;
const TICKS = 30;
const TICK_WARMUP = 2;

// ---------------------------------------------------------------------------------------------------
// (a) the engine over 10,000 items

/** A small deterministic generator: the same synthetic shops on every run. */
function lcg(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const hm = (minuteOfDay: number) =>
  `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;

export function syntheticItems(
  items = ITEMS,
  shops = SHOPS,
): Array<{ id: number; rule: ScheduleRule; timeZone: string }> {
  const random = lcg(20_26);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  // Every zone the runtime knows, spread over the shops (most shops share a handful of zones in reality).
  const zones = Intl.supportedValuesOf('timeZone').filter((_, i) => i % 7 === 0);
  const shopZones = Array.from({ length: shops }, (_, i) => (i % 3 === 0 ? 'Europe/Budapest' : pick(zones)));
  return Array.from({ length: items }, (_, id) => {
    const window = random() < 0.4;
    const unless = random() < 0.2;
    const dated = random() < 0.3;
    const from = Math.floor(random() * 1440);
    const uFrom = Math.floor(random() * 1440);
    const rule: ScheduleRule = {
      frequency: pick(SCHEDULER_FREQUENCIES),
      date_from: dated ? '2026-01-01' : null,
      date_to: dated ? pick(['2026-06-30', '2027-12-31', '2030-12-31']) : null,
      between_from: window ? hm(from) : null,
      between_to: window ? hm((from + 60 + Math.floor(random() * 600)) % 1440) : null,
      unless_between_from: unless ? hm(uFrom) : null,
      unless_between_to: unless ? hm((uFrom + 30) % 1440) : null,
      monday: random() < 0.9,
      tuesday: random() < 0.9,
      wednesday: random() < 0.9,
      thursday: random() < 0.9,
      friday: random() < 0.9,
      saturday: random() < 0.7,
      sunday: random() < 0.5,
    };
    return { id, rule, timeZone: shopZones[id % shops]! };
  });
}

export function measureSchedulerEngine(): SchedulerMeasurement[] {
  const items = syntheticItems();
  const shops = new Set(items.map((i) => i.timeZone));
  const start = floorMinute(Date.now());
  const full: number[] = [];
  const empty: number[] = [];
  let due = 0;
  // Run -1 warms up (the per-zone formatters are created once per process, as in the API).
  for (let run = -1; run < ENGINE_RUNS; run++) {
    const minute = start + Math.max(run, 0) * 60_000;
    const e0 = performance.now();
    dueItems(minute, []);
    const e1 = performance.now();
    const fired = dueItems(minute, items);
    const e2 = performance.now();
    if (run < 0) continue;
    empty.push(e1 - e0);
    full.push(e2 - e1);
    due += fired.length;
  }
  const note = `median of ${ENGINE_RUNS} consecutive minutes, ${shops.size} time zones, ${Math.round(due / ENGINE_RUNS)} due per minute on average`;
  return [
    {
      name: `scheduler: engine, ${ITEMS.toLocaleString('en')} items / ${SHOPS.toLocaleString('en')} shops`,
      value: percentile(full, 50),
      unit: 'ms',
      max: SCHEDULER_BUDGETS.engineMs,
      note,
    },
    { name: 'scheduler: engine, empty tick', value: percentile(empty, 50), unit: 'ms', note: 'the same run, no items' },
  ];
}

// ---------------------------------------------------------------------------------------------------
// (b) fire latency after the test clock's minute boundary

const PLAY_SPOTS_EVENT = 'App\\Events\\PlaySpots';

export async function measureSchedulerLatency(api: {
  apiPort: number;
  pusherKey: string;
}): Promise<SchedulerMeasurement[]> {
  const device = new Device(api.apiPort);
  let pusher: Pusher | undefined;
  let itemId: number | undefined;
  try {
    await device.login();
    const spots = JSON.parse((await device.request('GET', '/api/spots')).body) as Array<{ id: number }>;
    const players = JSON.parse((await device.request('GET', '/api/players')).body) as Array<{ id: number }>;
    const spotId = spots[0]!.id;
    const created = await device.request(
      'POST',
      '/api/scheduled-contents',
      JSON.stringify({
        ...DEFAULT_SCHEDULE_RULE,
        name: 'Bench: percenként',
        active: true,
        // Ticked at any minute of the day, open or not.
        only_open: false,
        spots: [spotId],
        slideshows: [],
        screens: [],
      }),
      { 'Content-Type': 'application/json' },
    );
    if (created.status !== 201)
      throw new Error(`POST /api/scheduled-contents answered ${created.status}: ${created.body}`);
    itemId = (JSON.parse(created.body) as { id: number }).id;

    pusher = devicePusher(api.pusherKey, api.apiPort, device);
    const channel = await subscribed(pusher, `private-player.${players[0]!.id}`, 'player channel subscription');

    let waiting: ((at: number) => void) | undefined;
    channel.bind(PLAY_SPOTS_EVENT, (data: { spots: Array<{ id: number }> }) => {
      const at = performance.now();
      if (waiting && data.spots.some((s) => s.id === spotId)) {
        const w = waiting;
        waiting = undefined;
        w(at);
      }
    });

    // Simulated minutes a day ahead, each tick a little after its boundary, as the loop aims it.
    const base = floorMinute(Date.now()) + 86_400_000;
    const latencies: number[] = [];
    process.stdout.write(`scheduler: ${TICK_WARMUP} + ${TICKS} simulated minutes through the test clock…\n`);
    for (let i = 0; i < TICK_WARMUP + TICKS; i++) {
      const arrived = new Promise<number>((resolve) => {
        waiting = resolve;
      });
      const at = new Date(base + i * 60_000 + 25).toISOString();
      const t0 = performance.now();
      const res = await device.request('POST', '/api/_test/scheduler/tick', JSON.stringify({ at }), {
        'Content-Type': 'application/json',
      });
      if (res.status !== 200) throw new Error(`tick answered ${res.status}: ${res.body}`);
      const fired = (JSON.parse(res.body) as { fired: Array<{ scheduled_content_id: number }> }).fired;
      if (!fired.some((f) => f.scheduled_content_id === itemId))
        throw new Error(`tick at ${at} did not fire the bench item: ${res.body}`);
      const t1 = await withTimeout(arrived, 10_000, 'PlaySpots on the player channel');
      if (i >= TICK_WARMUP) latencies.push(t1 - t0);
    }
    const note = `${latencies.length} ticks, from the tick call to PlaySpots on a pusher-js client`;
    return [
      { name: 'scheduler: fire latency p50', value: percentile(latencies, 50), unit: 'ms', note },
      {
        name: 'scheduler: fire latency p95',
        value: percentile(latencies, 95),
        unit: 'ms',
        max: SCHEDULER_BUDGETS.fireLatencyP95Ms,
        note,
      },
    ];
  } finally {
    pusher?.disconnect();
    if (itemId !== undefined)
      await device.request('POST', `/api/scheduled-contents/delete/${itemId}`).catch(() => undefined);
    device.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// (c) another shop's calls while a full shop's preview runs

const PREVIEW_ITEMS = 200;
const PARALLEL_PREVIEWS = 20;
const ME_CALLS = 200;
/** The busy half stops sampling after this long even when short of ME_CALLS (a preview that blocks makes each call wait). */
const BUSY_SAMPLING_MS = 30_000;

export async function measureSchedulerPreview(api: {
  apiPort: number;
  bffSecret: string;
}): Promise<SchedulerMeasurement[]> {
  const shop = new Device(api.apiPort);
  const other = new Device(api.apiPort, { 'X-Tenant': 'other', 'X-BFF-Secret': api.bffSecret });
  const json = { 'Content-Type': 'application/json' };
  try {
    await shop.login();
    await other.login('other@pulzus.hu', 'pulzus-other');
    // The shop's own items go first: the 200 are every-minute ones alone.
    for (const item of JSON.parse((await shop.request('GET', '/api/scheduled-contents')).body) as Array<{
      id: number;
    }>) {
      await shop.request('POST', `/api/scheduled-contents/delete/${item.id}`);
    }
    const spotId = (JSON.parse((await shop.request('GET', '/api/spots')).body) as Array<{ id: number }>)[0]!.id;
    process.stdout.write(`scheduler-preview: creating ${PREVIEW_ITEMS} every-minute items…\n`);
    for (let i = 0; i < PREVIEW_ITEMS; i++) {
      const body = {
        ...DEFAULT_SCHEDULE_RULE,
        name: `Bench: percenként ${i + 1}`,
        active: true,
        spots: [spotId],
        slideshows: [],
        screens: [],
      };
      const res = await shop.request('POST', '/api/scheduled-contents', JSON.stringify(body), json);
      if (res.status !== 201) throw new Error(`POST /api/scheduled-contents answered ${res.status}: ${res.body}`);
    }

    const me = async (): Promise<number> => {
      const t0 = performance.now();
      const res = await other.request('GET', '/api/me');
      if (res.status !== 200) throw new Error(`GET /api/me answered ${res.status}: ${res.body}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 20; i++) await me();
    const idle: number[] = [];
    for (let i = 0; i < ME_CALLS; i++) idle.push(await me());

    let previewing = true;
    const previews: number[] = [];
    const previewLoop = (async () => {
      while (previewing) {
        const t0 = performance.now();
        const res = await shop.request('GET', '/api/scheduled-contents/preview?hours=168');
        if (res.status !== 200) throw new Error(`preview answered ${res.status}: ${res.body.slice(0, 300)}`);
        previews.push(performance.now() - t0);
      }
    })();
    // The first preview under way before the first sample.
    await new Promise((r) => setTimeout(r, 50));
    const busy: number[] = [];
    const until = performance.now() + BUSY_SAMPLING_MS;
    try {
      while (busy.length < ME_CALLS && performance.now() < until) busy.push(await me());
    } finally {
      previewing = false;
      await previewLoop;
    }

    // 20 at once, each round's windows new: a window is answered (built or kept) once at most.
    const answered = new Set<number>();
    let rounds = 0;
    let refused = 0;
    let parallel = true;
    const parallelLoop = (async () => {
      while (parallel) {
        const fresh: number[] = [];
        for (let h = 168; h >= 1 && fresh.length < PARALLEL_PREVIEWS; h--) if (!answered.has(h)) fresh.push(h);
        // Every window answered once (many minutes of rounds): start over.
        if (fresh.length < PARALLEL_PREVIEWS) answered.clear();
        const replies = await Promise.all(
          fresh.map((hours) => shop.request('GET', `/api/scheduled-contents/preview?hours=${hours}`)),
        );
        replies.forEach((res, i) => {
          if (res.status === 200) answered.add(fresh[i]!);
          else if (res.status === 429) refused += 1;
          else throw new Error(`preview answered ${res.status}: ${res.body.slice(0, 300)}`);
        });
        rounds += 1;
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    const busyParallel: number[] = [];
    const parallelUntil = performance.now() + BUSY_SAMPLING_MS;
    try {
      while (busyParallel.length < ME_CALLS && performance.now() < parallelUntil) busyParallel.push(await me());
    } finally {
      parallel = false;
      await parallelLoop;
    }

    const idleP99 = percentile(idle, 99);
    const note = `${PREVIEW_ITEMS} every-minute items, hours=168; ${busy.length} calls during ${previews.length} previews, ${idle.length} idle`;
    return [
      {
        name: 'scheduler: preview of 200 every-minute items, 168 h (median)',
        value: percentile(previews, 50),
        unit: 'ms',
        note: `${previews.length} previews`,
      },
      { name: "scheduler: another shop's GET /api/me p99, API idle", value: idleP99, unit: 'ms', note },
      {
        name: "scheduler: another shop's GET /api/me p99 during previews",
        value: percentile(busy, 99),
        unit: 'ms',
        max: 2 * idleP99 + SCHEDULER_BUDGETS.previewMeSlackMs,
        note: `budget 2 × idle p99 + ${SCHEDULER_BUDGETS.previewMeSlackMs} ms; p50 ${percentile(busy, 50).toFixed(1)} ms (idle ${percentile(idle, 50).toFixed(1)} ms)`,
      },
      {
        name: `scheduler: another shop's GET /api/me p99 during ${PARALLEL_PREVIEWS} previews at once`,
        value: percentile(busyParallel, 99),
        unit: 'ms',
        max: SCHEDULER_BUDGETS.parallelPreviewMeFactor * idleP99 + SCHEDULER_BUDGETS.previewMeSlackMs,
        note: `budget ${SCHEDULER_BUDGETS.parallelPreviewMeFactor} × idle p99 + ${SCHEDULER_BUDGETS.previewMeSlackMs} ms; ${busyParallel.length} calls during ${rounds} rounds of ${PARALLEL_PREVIEWS} (hours each new), ${refused} of them 429; p50 ${percentile(busyParallel, 50).toFixed(1)} ms`,
      },
    ];
  } finally {
    shop.close();
    other.close();
  }
}
