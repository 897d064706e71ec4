import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../context';
import {
  claimFires,
  getScheduleLinks,
  listActiveSchedules,
  listOpeningHoursOf,
  listSpotPlayerIds,
  type FireClaim,
} from '../db/queries/scheduler';
import { playerSoundResource } from '../resources';
import { compileHours, floorMinute, isOpenAt } from '../../../contracts/time';
import { dueItems, minuteDeadline } from './engine';
import type { PlanRunner } from './plan-runner';
import type { WeeklyMailRunner } from '../reports/weekly-mail';

/**
 * The scheduler's runner: at each minute it asks the engine which active items of every shop are
 * due (an `only_open` item only while its shop is open), claims each (item, minute) in the fire log, and sends what it claimed: one PlaySpots to every
 * player of its zones (every zone's for 'Minden zóna'), one ShowSlideshow to each of the item's screens.
 *
 * Exactly once across instances: the claim is the fire-log insert with
 * ON CONFLICT (scheduled_content_id, minute) DO NOTHING; only the instance whose row landed sends.
 * The row is written before the broadcast, so a crash between the two loses that fire rather than
 * doubling it (a spot cut in twice is worse than once missed), and a restart inside the minute
 * ticks it again without sending twice. Minutes that passed while no instance ran are never
 * replayed: the loop only ever ticks the minute it is in. A tick that waits on the database past
 * its minute's grace (engine.ts, FIRE_GRACE_MS) logs the minute as missed instead of playing it late.
 */

const MINUTE_MS = 60_000;
/**
 * The timer is aimed this long after the boundary: timers never fire early on their own clock, but
 * the wall clock may step a little against it, and a tick that lands on the previous minute would
 * wait a whole minute. Small against the 1 s the issue allows.
 */
const AIM_AFTER_BOUNDARY_MS = 25;
export interface FireResult {
  scheduledContentId: number;
  customerId: number;
  /** UTC start of the minute fired, ms since the epoch. */
  minute: number;
  name: string;
  spotIds: number[];
  slideshowIds: number[];
  screenIds: number[];
}

export interface Scheduler {
  /** This instance's name in the fire log. */
  readonly instance: string;
  /** Fires the items due at the minute containing `minuteUtcMs` that no one has fired yet; what this instance fired. */
  tick(minuteUtcMs: number): Promise<FireResult[]>;
  /** Ticks the current minute now, then each minute just after its boundary, by `ctx.clock`. */
  start(): void;
  /** Stops the loop and waits for a tick under way. */
  stop(): Promise<void>;
}

/** The log the runner reports failed ticks and broadcasts to (the app's pino logger fits). */
export interface SchedulerLog {
  error(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  instance: string;
  log?: SchedulerLog;
  /** The music plan's runner, ticked with the same minutes (its failures are logged, never the fires'). */
  plan?: Pick<PlanRunner, 'tick'>;
  /** The alert evaluator, ticked with the same minutes (its failures are logged, never the fires'). */
  alerts?: { tick(minuteUtcMs: number): Promise<unknown> };
  /** The Monday mail of the weekly report, ticked with the same minutes (likewise). */
  weeklyMail?: Pick<WeeklyMailRunner, 'tick'>;
}

/** `host:pid:random`: tells apart two instances on one host, and a restarted one from its predecessor. */
export function defaultInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export function createScheduler(
  ctx: Pick<AppContext, 'db' | 'storage' | 'realtime' | 'clock'>,
  { instance, log = { error: () => {} }, plan, alerts, weeklyMail }: SchedulerOptions,
): Scheduler {
  const { db, storage, realtime } = ctx;

  async function tick(minuteUtcMs: number): Promise<FireResult[]> {
    const minute = floorMinute(minuteUtcMs);
    const deadline = minuteDeadline(minute);
    const current = () => ctx.clock() <= deadline;
    const dueAll = dueItems(minute, await listActiveSchedules(db));
    // 'Csak nyitvatartási időben': left out (never claimed) while its shop is closed.
    const hours = await listOpeningHoursOf(
      db,
      dueAll.filter((item) => item.onlyOpen).map((item) => item.customerId),
    );
    const openNow = new Map<number, boolean>();
    const due = dueAll.filter((item) => {
      const h = item.onlyOpen ? hours.get(item.customerId) : undefined;
      if (!h) return true;
      let open = openNow.get(item.customerId);
      if (open === undefined) {
        open = isOpenAt(compileHours(h), minute, item.timeZone);
        openNow.set(item.customerId, open);
      }
      return open;
    });
    if (due.length === 0) return [];
    const links = await getScheduleLinks(
      db,
      due.map((item) => item.id),
    );
    const planned = due.map((item) => {
      const l = links.get(item.id) ?? { spots: [], slideshowIds: [], screens: [] };
      return { item, links: l };
    });
    const claims: FireClaim[] = planned.map(({ item, links: l }) => ({
      customerId: item.customerId,
      scheduledContentId: item.id,
      minute: new Date(minute),
      name: item.name,
      spotIds: l.spots.map((s) => s.id),
      slideshowIds: l.slideshowIds,
      screenIds: l.screens.map((s) => s.id),
      instance,
    }));
    const missedLog = (ids: number[]) =>
      (log.warn ?? log.error).call(
        log,
        { minute: new Date(minute).toISOString(), scheduledContentIds: ids },
        'scheduler: minute missed (the tick passed its grace)',
      );
    // The reads took past the grace (a database that hung): nothing is claimed for a stale minute.
    if (!current()) {
      missedLog(claims.map((c) => c.scheduledContentId));
      return [];
    }
    const { won, missed } = await claimFires(db, claims, { stillCurrent: current });
    if (missed.size) missedLog([...missed]);

    const fired = planned.filter(({ item }) => won.has(item.id));
    // Each item's spots go to its zones' players only (all of the shop's for 'Minden zóna').
    const playerIds = await listSpotPlayerIds(
      db,
      fired.filter(({ links: l }) => l.spots.length > 0).map(({ item }) => item),
    );
    // Every item is sent on its own: one shop's failing broadcast must not keep another's.
    await Promise.all(
      fired.map(async ({ item, links: l }) => {
        if (l.spots.length > 0) {
          const sounds = l.spots.map((spot) => playerSoundResource(storage, 'spot', spot));
          await realtime.playSpotsToPlayers(playerIds.get(item.id) ?? [], sounds).catch((err: unknown) => {
            log.error(
              { err, scheduledContentId: item.id, minute: new Date(minute).toISOString() },
              'scheduler: PlaySpots failed',
            );
          });
        }
        if (l.slideshowIds.length > 0 && l.screens.length > 0) {
          await realtime
            .showSlideshow(
              l.screens.map((s) => s.hashId),
              l.slideshowIds,
            )
            .catch((err: unknown) => {
              log.error(
                { err, scheduledContentId: item.id, minute: new Date(minute).toISOString() },
                'scheduler: ShowSlideshow failed',
              );
            });
        }
      }),
    );
    return fired.map(({ item, links: l }) => ({
      scheduledContentId: item.id,
      customerId: item.customerId,
      minute,
      name: item.name,
      spotIds: l.spots.map((s) => s.id),
      slideshowIds: l.slideshowIds,
      screenIds: l.screens.map((s) => s.id),
    }));
  }

  /** The minute's fires, the music plan's boundaries, the alerts' evaluation and the weekly mail, side by side. */
  async function tickAll(minuteUtcMs: number): Promise<FireResult[]> {
    const planned = plan?.tick(minuteUtcMs).catch((err: unknown) => {
      log.error({ err, minute: new Date(floorMinute(minuteUtcMs)).toISOString() }, 'scheduler: plan tick failed');
    });
    const evaluated = alerts?.tick(minuteUtcMs).catch((err: unknown) => {
      log.error({ err, minute: new Date(floorMinute(minuteUtcMs)).toISOString() }, 'scheduler: alert tick failed');
    });
    const mailed = weeklyMail?.tick(minuteUtcMs).catch((err: unknown) => {
      log.error(
        { err, minute: new Date(floorMinute(minuteUtcMs)).toISOString() },
        'scheduler: weekly mail tick failed',
      );
    });
    const [fired] = await Promise.all([tick(minuteUtcMs), planned, evaluated, mailed]);
    return fired;
  }

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let lastMinute = Number.NEGATIVE_INFINITY;
  const inFlight = new Set<Promise<void>>();

  function run(minute: number) {
    lastMinute = minute;
    const p: Promise<void> = tickAll(minute)
      .then(
        () => {},
        (err: unknown) => log.error({ err, minute: new Date(minute).toISOString() }, 'scheduler: tick failed'),
      )
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  /** Re-aimed from the clock each time, so timer lateness never adds up over the minutes. */
  function aim() {
    if (!running) return;
    const now = ctx.clock();
    const delay = floorMinute(now) + MINUTE_MS - now + AIM_AFTER_BOUNDARY_MS;
    timer = setTimeout(() => {
      const minute = floorMinute(ctx.clock());
      // Early against the wall clock: aim again (a few ms). Late by minutes (a suspended process):
      // only the minute we are in, never the ones missed.
      if (minute > lastMinute) run(minute);
      aim();
    }, delay);
  }

  return {
    instance,
    tick: tickAll,
    start() {
      if (running) return;
      running = true;
      // The current minute at once: after a restart inside a minute the claims keep it single.
      run(floorMinute(ctx.clock()));
      aim();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await Promise.all([...inFlight]);
    },
  };
}
