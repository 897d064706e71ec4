import { and, asc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  ALERT_PAUSED_MINUTES,
  ALERT_RECOVERED_TITLE,
  ALERT_STATE_KINDS,
  ALERT_TITLES,
  alertSilenceText,
  SPOT_REPORT_GRACE_MINUTES,
  spotMissedTitle,
  type Alert,
  type AlertSettings,
} from '../../../contracts/alerts';
import type { OpeningHours } from '../../../contracts/opening-hours';
import { ALERT_CLOSED_EVENT, ALERT_OPENED_EVENT, privatePlayerChannel, zoneMusicTitle } from '../../../contracts/names';
import type { Db } from '../db/client';
import {
  alertCauses,
  alerts,
  alertTicks,
  customers,
  musicPlans,
  openingHours,
  players,
  schedulerFires,
  zones,
} from '../db/schema';
import { compileHours, isOpenAt, isOpenAtWall, type CompiledHours } from '../../../contracts/time/hours';
import { floorMinute } from '../../../contracts/time/wall-clock';
import { wallMinuteAt, type WallMinute } from '../../../contracts/time/wall-rules';
import {
  alertResource,
  causeSentence,
  enqueueNotice,
  settingsOf,
  unreadCount,
  whatToDoSteps,
  type ShopInfo,
} from './model';

/**
 * The alert evaluator (issue 40): once a minute, for every shop, whether the shop should hear music
 * and does not.
 *
 * Exactly once across instances: an instance evaluates a minute only when its insert into
 * `alert_ticks` landed (as the scheduler's fires claim theirs). Besides, every write is guarded by
 * the tables themselves (one open alert per kind and shop, one 'Újra szól' per alert, one missed-spot
 * alert per item and day, one outbox row per key), so even two evaluations of a minute could not
 * open or send anything twice. An instance that dies mid-evaluation loses that minute only: the
 * causes and open alerts are rows, and the next minute's evaluation (any instance) carries on.
 *
 * An instance evaluates only while presence is known: Redis answers (the realtime module says so)
 * and ALERT_WARMUP_SECONDS have passed since it started (the devices have reconnected by then).
 * A minute it skips is left to another instance.
 */

type StateKind = (typeof ALERT_STATE_KINDS)[number];
const MINUTE_MS = 60_000;
/** Fires this far back are looked at for missed spots (a lost minute's fires are still judged). */
const SPOT_LOOK_BACK_MINUTES = 15;
/** A play report up to this long before the fire's minute counts (a device clock a little ahead). */
const SPOT_REPORT_EARLY_MS = 60_000;

export interface EvaluatorDeps {
  db: Db;
  webUrl: string;
  instance: string;
  /** Whether presence is known (Redis answers, or there is no Redis): else the minute is skipped. */
  presenceKnown(): boolean;
  /** Whether each device login is present on its shop's presence channel (Realtime.sessionsPresent). */
  sessionsPresent(queries: ReadonlyArray<{ customerId: number; sessionId: string }>): Promise<boolean[]>;
  broadcast(channels: string[], event: string, payload: unknown): Promise<void>;
  /** Called after a tick that wrote outbox rows. */
  onEnqueued?(): void;
  warmupMs: number;
  /** Monotonic ms (performance.now by default): the warm-up is real time, whatever the test clock says. */
  monotonic?: () => number;
  log?: { error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
}

export interface TickResult {
  /** False: not evaluated (presence unknown, warming up, or another instance claimed the minute). */
  evaluated: boolean;
  reason?: 'presence-unknown' | 'warming-up' | 'claimed-elsewhere';
  opened: Alert[];
  closed: Alert[];
}

export interface AlertEvaluator {
  readonly instance: string;
  tick(minuteUtcMs: number): Promise<TickResult>;
}

interface Shop extends ShopInfo {
  hours: CompiledHours | null;
  settings: AlertSettings;
}

export function createAlertEvaluator(deps: EvaluatorDeps): AlertEvaluator {
  const { db, instance } = deps;
  const monotonic = deps.monotonic ?? (() => performance.now());
  const startedAt = monotonic();

  async function claim(minute: number): Promise<boolean> {
    const won = await db
      .insert(alertTicks)
      .values({ minute: new Date(minute), instance })
      .onConflictDoNothing()
      .returning({ minute: alertTicks.minute });
    // The claims of yesterday and before are of no use any more.
    if (won.length) await db.delete(alertTicks).where(lt(alertTicks.minute, new Date(minute - 86_400_000)));
    return won.length > 0;
  }

  async function loadShops(): Promise<Shop[]> {
    const rows = await db
      .select({
        id: customers.id,
        name: customers.name,
        slug: customers.slug,
        timeZone: customers.timezone,
        week: openingHours.week,
        exceptions: openingHours.exceptions,
        kinds: sql<Record<string, boolean> | null>`alert_settings.kinds`,
        delay: sql<number | null>`alert_settings.delay`,
        email: sql<boolean | null>`alert_settings.email`,
      })
      .from(customers)
      .leftJoin(openingHours, eq(openingHours.customerId, customers.id))
      .leftJoin(sql`alert_settings`, sql`alert_settings.customer_id = ${customers.id}`);
    return rows.map((r) => {
      const hours: OpeningHours | null = r.week ? { week: r.week, exceptions: r.exceptions ?? [] } : null;
      return {
        id: r.id,
        name: r.name,
        slug: r.slug,
        timeZone: r.timeZone,
        hours: hours && hours.week.length > 0 ? compileHours(hours) : null,
        settings: settingsOf(r.kinds ? { kinds: r.kinds, delay: r.delay ?? 3, email: r.email ?? true } : null),
      };
    });
  }

  async function tick(minuteUtcMs: number): Promise<TickResult> {
    const minute = floorMinute(minuteUtcMs);
    const none = (reason: TickResult['reason']): TickResult => ({ evaluated: false, reason, opened: [], closed: [] });
    if (!deps.presenceKnown()) return none('presence-unknown');
    if (monotonic() - startedAt < deps.warmupMs) return none('warming-up');
    if (!(await claim(minute))) return none('claimed-elsewhere');

    const [shops, playerRows, causeRows, openRows] = await Promise.all([
      loadShops(),
      db
        .select({
          id: players.id,
          customerId: players.customerId,
          sessionId: players.sessionId,
          isPlaying: players.isPlaying,
          outputState: players.outputState,
          zoneId: players.zoneId,
          zoneName: zones.name,
          // Zones (issue 43): the plan is each zone's own.
          planOn: sql<boolean>`coalesce(${musicPlans.enabled}, false)`,
        })
        .from(players)
        .innerJoin(zones, eq(zones.id, players.zoneId))
        .leftJoin(musicPlans, eq(musicPlans.zoneId, players.zoneId))
        .orderBy(asc(zones.position), asc(zones.id)),
      db.select().from(alertCauses),
      db
        .select()
        .from(alerts)
        .where(and(isNull(alerts.closedAt), inArray(alerts.kind, [...ALERT_STATE_KINDS]))),
    ]);
    // In zone order (the zone a title names is the first affected).
    const playersOf = groupBy(playerRows, (p) => p.customerId);
    const zoneCount = new Map([...playersOf].map(([id, list]) => [id, list.length]));
    const titles = new Map<number, Map<StateKind, string>>();
    const causesOf = groupBy(causeRows, (c) => c.customerId);
    const openOf = groupBy(openRows, (a) => a.customerId);

    // Whether each player's audio device is present: looked up only for shops that may be open.
    const present = new Map<number, boolean>();
    const openShops: Shop[] = [];
    const closedShops: Shop[] = [];
    // The wall clock once per time zone (most shops share a few).
    const walls = new Map<string, WallMinute>();
    const wallIn = (timeZone: string) => {
      let w = walls.get(timeZone);
      if (!w) walls.set(timeZone, (w = wallMinuteAt(minute, timeZone)));
      return w;
    };
    for (const shop of shops) {
      const list = playersOf.get(shop.id) ?? [];
      if (shop.hours) {
        if (isOpenAtWall(shop.hours, wallIn(shop.timeZone))) openShops.push(shop);
        else closedShops.push(shop);
      } else if (list.some((p) => p.isPlaying)) openShops.push(shop);
      else closedShops.push(shop);
    }
    const asked = openShops.flatMap((shop) => (playersOf.get(shop.id) ?? []).filter((p) => p.sessionId !== null));
    const answers = await deps.sessionsPresent(
      asked.map((p) => ({ customerId: p.customerId, sessionId: p.sessionId! })),
    );
    asked.forEach((p, i) => present.set(p.id, answers[i] === true));

    const opened: Alert[] = [];
    const closed: Alert[] = [];
    const causeInserts: Array<typeof alertCauses.$inferInsert> = [];
    const causeDeletes: Array<{ customerId: number; kind: string }> = [];
    const toOpen: Array<{ shop: Shop; kind: StateKind; since: Date }> = [];
    const toClose: Array<{ shop: Shop; alert: typeof alerts.$inferSelect; notice: boolean }> = [];
    let enqueued = false;

    // A shop that is closed: its causes are forgotten and its open alerts close without a notice.
    for (const shop of closedShops) {
      for (const c of causesOf.get(shop.id) ?? []) causeDeletes.push(c);
      for (const a of openOf.get(shop.id) ?? []) toClose.push({ shop, alert: a, notice: false });
    }

    for (const shop of openShops) {
      const list = playersOf.get(shop.id) ?? [];
      const online = list.filter((p) => present.get(p.id));
      const noHours = shop.hours === null;
      const now = new Set<StateKind>();
      // Zones (issue 43): each kind is judged per zone's player; with more than one zone the title
      // names the (first, in zone order) zone it is about. One alert per kind per shop.
      const about = new Map<StateKind, string>();
      const note = (kind: StateKind, p: (typeof list)[number]) => {
        now.add(kind);
        if (!about.has(kind)) about.set(kind, p.zoneName);
      };
      // Without opening hours the shop is open while its player plays on a device that is there:
      // a device that went away is how such a shop closes, never an 'offline' alert.
      if (online.length === 0) {
        if (!noHours) now.add('offline');
      } else {
        // A zone whose audio device went away while another zone's sounds.
        if (!noHours) for (const p of list) if (p.sessionId !== null && !present.get(p.id)) note('offline', p);
        for (const p of online) if (p.outputState === 'needs_tap') note('blocked', p);
        for (const p of online) if (p.outputState === 'stalled') note('stalled', p);
      }
      for (const p of list) if (p.planOn && !p.isPlaying) note('paused', p);
      titles.set(shop.id, about);
      for (const k of ALERT_STATE_KINDS) if (!shop.settings.kinds[k]) now.delete(k);
      // Most shops, most minutes: nothing wrong, nothing known, nothing open.
      const causes = causesOf.get(shop.id);
      const opens = openOf.get(shop.id);
      if (now.size === 0 && !causes && !opens) continue;

      const known = new Map((causes ?? []).map((c) => [c.kind, c.since]));
      const open = new Map((opens ?? []).map((a) => [a.kind, a]));
      for (const kind of ALERT_STATE_KINDS) {
        const since = known.get(kind);
        if (now.has(kind)) {
          if (!since) {
            causeInserts.push({ customerId: shop.id, kind, since: new Date(minute) });
            continue;
          }
          const needed = (kind === 'paused' ? ALERT_PAUSED_MINUTES : shop.settings.delay) * MINUTE_MS;
          if (!open.has(kind) && minute - since.getTime() >= needed) toOpen.push({ shop, kind, since });
        } else {
          if (since) causeDeletes.push({ customerId: shop.id, kind });
          const a = open.get(kind);
          // A kind switched off closes quietly; a cause that ended is followed by 'Újra szól a zene'.
          if (a) toClose.push({ shop, alert: a, notice: shop.settings.kinds[kind] });
        }
      }
    }

    if (causeInserts.length) {
      for (const part of chunks(causeInserts, 1000)) await db.insert(alertCauses).values(part).onConflictDoNothing();
    }
    for (const part of chunks(causeDeletes, 1000)) {
      await db.execute(
        sql`DELETE FROM ${alertCauses} WHERE (customer_id, kind) IN (${sql.join(
          part.map((c) => sql`(${c.customerId}, ${c.kind})`),
          sql`, `,
        )})`,
      );
    }

    let steps: string[] | undefined;
    const stepsOnce = async () => (steps ??= await whatToDoSteps(db));
    const changedShops = new Set<number>();
    const events: Array<{ shopId: number; event: string; alert: Alert }> = [];
    /** An alert this tick opened (its mail and push already written): told once the tick commits. */
    const markOpened = (shopId: number, row: Parameters<typeof alertResource>[0]) => {
      enqueued = true;
      changedShops.add(shopId);
      const resource = alertResource(row);
      opened.push(resource);
      events.push({ shopId, event: ALERT_OPENED_EVENT, alert: resource });
    };

    for (const { shop, kind, since } of toOpen) {
      const s = await stepsOnce();
      const body = causeSentence(kind, { delay: shop.settings.delay, pausedMinutes: ALERT_PAUSED_MINUTES });
      const row = await db.transaction(async (tx) => {
        const [a] = await tx
          .insert(alerts)
          .values({
            customerId: shop.id,
            kind,
            title: zoneMusicTitle(
              ALERT_TITLES[kind],
              titles.get(shop.id)?.get(kind) ?? null,
              zoneCount.get(shop.id) ?? 1,
            ),
            body,
            startedAt: since,
          })
          .onConflictDoNothing()
          .returning();
        if (!a) return undefined;
        await enqueueNotice(tx, {
          shop,
          webUrl: deps.webUrl,
          alertId: a.id,
          key: `alert:${a.id}`,
          notice: { title: a.title, body, at: since, steps: true },
          email: shop.settings.email,
          steps: s,
        });
        return a;
      });
      if (row) markOpened(shop.id, row);
    }

    for (const { shop, alert, notice } of toClose) {
      const at = new Date(minute);
      const result = await db.transaction(async (tx) => {
        const [a] = await tx
          .update(alerts)
          .set({ closedAt: at })
          .where(and(eq(alerts.id, alert.id), isNull(alerts.closedAt)))
          .returning();
        if (!a) return undefined;
        if (!notice) return { closedRow: a, recovered: undefined };
        const silent = Math.max(1, Math.round((at.getTime() - a.startedAt.getTime()) / MINUTE_MS));
        const body = alertSilenceText(silent);
        const [r] = await tx
          .insert(alerts)
          .values({
            customerId: shop.id,
            kind: 'recovered',
            title: ALERT_RECOVERED_TITLE,
            body,
            startedAt: at,
            recoversId: a.id,
          })
          .onConflictDoNothing()
          .returning();
        if (r) {
          await enqueueNotice(tx, {
            shop,
            webUrl: deps.webUrl,
            alertId: r.id,
            key: `alert:${r.id}`,
            notice: { title: r.title, body, at, steps: false },
            email: shop.settings.email,
            steps: [],
          });
        }
        return { closedRow: a, recovered: r };
      });
      if (!result) continue;
      changedShops.add(shop.id);
      const c = alertResource(result.closedRow);
      closed.push(c);
      events.push({ shopId: shop.id, event: ALERT_CLOSED_EVENT, alert: c });
      if (result.recovered) {
        enqueued = true;
        const r = alertResource(result.recovered);
        opened.push(r);
        events.push({ shopId: shop.id, event: ALERT_OPENED_EVENT, alert: r });
      }
    }

    // Missed spots: the fires of the last minutes whose report time is over, while the shop was open.
    const spotShops = new Map(openShops.concat(closedShops).map((s) => [s.id, s]));
    const missed = await missedFires(minute);
    for (const f of missed) {
      const shop = spotShops.get(f.customerId);
      if (!shop || !shop.settings.kinds.spot_missed || f.scheduledContentId === null) continue;
      const fireAt = f.minute.getTime();
      // Without hours: open now (its player plays on a device that is there) stands for then.
      const openThen = shop.hours ? isOpenAt(shop.hours, fireAt, shop.timeZone) : openShops.includes(shop);
      if (!openThen) continue;
      const wall = wallMinuteAt(fireAt, shop.timeZone);
      const hm = `${String(Math.floor(wall.minuteOfDay / 60)).padStart(2, '0')}:${String(wall.minuteOfDay % 60).padStart(2, '0')}`;
      const [existing] = await db
        .select()
        .from(alerts)
        .where(
          and(
            eq(alerts.customerId, shop.id),
            eq(alerts.kind, 'spot_missed'),
            eq(alerts.itemId, f.scheduledContentId),
            eq(alerts.localDate, wall.dateKey),
          ),
        );
      if (existing) {
        const minutes = existing.minutes ?? [];
        if (minutes.includes(hm)) continue;
        const next = [...minutes, hm].sort();
        await db
          .update(alerts)
          .set({
            minutes: next,
            body: causeSentence('spot_missed', { delay: 0, pausedMinutes: 0, name: f.name, minutes: next }),
          })
          .where(eq(alerts.id, existing.id));
        continue;
      }
      const s = await stepsOnce();
      const body = causeSentence('spot_missed', { delay: 0, pausedMinutes: 0, name: f.name, minutes: [hm] });
      const row = await db.transaction(async (tx) => {
        const [a] = await tx
          .insert(alerts)
          .values({
            customerId: shop.id,
            kind: 'spot_missed',
            title: spotMissedTitle(f.name),
            body,
            startedAt: f.minute,
            itemId: f.scheduledContentId,
            localDate: wall.dateKey,
            minutes: [hm],
          })
          .onConflictDoNothing()
          .returning();
        if (!a) return undefined;
        await enqueueNotice(tx, {
          shop,
          webUrl: deps.webUrl,
          alertId: a.id,
          key: `alert:${a.id}`,
          notice: { title: a.title, body, at: f.minute, steps: true },
          email: shop.settings.email,
          steps: s,
        });
        return a;
      });
      if (row) markOpened(shop.id, row);
    }

    if (enqueued) deps.onEnqueued?.();
    // The realtime events, after the commits: on the private channel of every player of the shop.
    const unread = new Map<number, number>();
    for (const id of changedShops) unread.set(id, await unreadCount(db, id));
    for (const e of events) {
      const channels = (playersOf.get(e.shopId) ?? []).map((p) => privatePlayerChannel(p.id));
      if (channels.length === 0) continue;
      await deps
        .broadcast(channels, e.event, { alert: e.alert, unread: unread.get(e.shopId) ?? 0 })
        .catch((err: unknown) => deps.log?.error({ err, alertId: e.alert.id }, 'alerts: realtime event failed'));
    }
    return { evaluated: true, opened, closed };
  }

  /** Fires with spots whose report window ended, that no report of their spots answered. */
  async function missedFires(minute: number) {
    const to = new Date(minute - (SPOT_REPORT_GRACE_MINUTES + 1) * MINUTE_MS);
    const from = new Date(minute - SPOT_LOOK_BACK_MINUTES * MINUTE_MS);
    return db
      .select({
        customerId: schedulerFires.customerId,
        scheduledContentId: schedulerFires.scheduledContentId,
        minute: schedulerFires.minute,
        name: schedulerFires.name,
      })
      .from(schedulerFires)
      .where(
        and(
          gte(schedulerFires.minute, from),
          lte(schedulerFires.minute, to),
          sql`jsonb_array_length(${schedulerFires.spotIds}) > 0`,
          sql`NOT EXISTS (
            SELECT 1 FROM play_reports r
            WHERE r.customer_id = ${schedulerFires.customerId} AND r.type = 'spot'
              AND r.item_id IN (SELECT jsonb_array_elements_text(${schedulerFires.spotIds})::int)
              AND r.started_at >= ${schedulerFires.minute} - make_interval(secs => ${SPOT_REPORT_EARLY_MS / 1000})
              AND r.started_at < ${schedulerFires.minute} + make_interval(mins => ${SPOT_REPORT_GRACE_MINUTES})
          )`,
        ),
      )
      .orderBy(schedulerFires.minute);
  }

  return { instance, tick };
}

function groupBy<T>(rows: readonly T[], key: (r: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const k = key(r);
    let list = out.get(k);
    if (!list) out.set(k, (list = []));
    list.push(r);
  }
  return out;
}

function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}
