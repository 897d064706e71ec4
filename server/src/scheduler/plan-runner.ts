import { PLAYABLE_CHANNEL, PLAYABLE_PLAYLIST, type PlayableType } from '../../../contracts/player';
import type { Db } from '../db/client';
import {
  claimPlanBoundary,
  claimedBoundaryKeys,
  listEnabledPlans,
  listEnabledPlanSignatures,
  planTablesKey,
  type EnabledPlanRow,
  type MusicBlockRow,
} from '../db/queries/day-plan';
import type { PlanTarget, PlayerService } from '../player/service';
import { blockAt, compilePlan, planBoundaries, type CompiledPlan } from './day-plan';
import {
  type CompiledHours,
  compileHours,
  floorMinute,
  isOpenAt,
  openingBoundaries,
  wallMinuteAt,
} from '../../../contracts/time';
import { minuteDeadline } from './engine';

/**
 * The music plan's runner (issue 26): at each minute, for every shop whose plan is on, it finds the
 * latest boundary of its day (an opening, a closing, a block's start) and, unless some instance
 * applied it already, applies the state the plan calls for now to the shop's player.
 *
 * Exactly once across instances: a boundary is claimed in `music_plan_applied`, keyed by what it
 * is and the shop's wall clock (so autumn's repeated hour has it once), in the same transaction
 * that changes the player; the instance whose row lands applies it. Only the latest boundary is
 * ever looked at, so an API that starts, or comes back after an outage, applies the state of now
 * once and never replays the boundaries it missed.
 *
 * A manager's press holds the player until the next boundary (`plan_hold_until`, set by the
 * player service on a press): a boundary before that instant is claimed but not applied.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How far back the latest boundary is looked for: a week and a day covers every weekly plan. */
const LOOK_BACK_MS = 8 * DAY_MS;
/** How far ahead the next boundary is looked for when the latest is found (found again after it anyway). */
const LOOK_AHEAD_MS = DAY_MS;
/**
 * Shops handled between yields to the event loop, so a tick of thousands of shops never holds it
 * long: finding a shop's latest boundary anew takes a fraction of a millisecond (once a boundary),
 * compiling its plan about as much (once a change).
 */
const SHOPS_PER_SLICE = 25;

export type PlanEventKind = 'open' | 'close' | 'block';

export interface PlanEvent {
  /** UTC ms of the boundary (a whole minute). */
  at: number;
  kind: PlanEventKind;
  /** The block in force from here (null: the default source's time). */
  blockId: number | null;
}

/** A block's or the default's source, as the player names what it plays. */
export interface SourceRef {
  type: PlayableType;
  id: number;
}

/** A zone's plan (each zone of a shop has its own; the opening hours are the shop's), compiled once per change of its rows. */
export interface ShopPlan {
  customerId: number;
  zoneId: number;
  timeZone: string;
  hours: CompiledHours;
  plan: CompiledPlan;
  blocks: Map<number, MusicBlockRow>;
  defaultSource: SourceRef | null;
  signature: string;
  /**
   * The latest boundary as last found, valid for the minutes in [from, until): the next boundary is
   * `until`, so a minute's tick finds it again only at a boundary, not every minute.
   */
  found?: { latest: PlanEvent | null; from: number; until: number };
}

const sourceOf = (type: string | null, id: number | null): SourceRef | null =>
  id === null
    ? null
    : type === 'channel'
      ? { type: PLAYABLE_CHANNEL, id }
      : type === 'playlist'
        ? { type: PLAYABLE_PLAYLIST, id }
        : null;

export function compileShop(row: EnabledPlanRow): ShopPlan {
  return {
    customerId: row.customerId,
    zoneId: row.zoneId,
    timeZone: row.timeZone,
    hours: compileHours(row.hours),
    plan: compilePlan(
      row.blocks.map((b) => ({
        id: b.id,
        from: b.fromTime,
        to: b.toTime,
        days: {
          monday: b.monday,
          tuesday: b.tuesday,
          wednesday: b.wednesday,
          thursday: b.thursday,
          friday: b.friday,
          saturday: b.saturday,
          sunday: b.sunday,
        },
      })),
    ),
    blocks: new Map(row.blocks.map((b) => [b.id, b])),
    defaultSource: sourceOf(row.defaultSourceType, row.defaultSourceId),
    signature: row.signature,
  };
}

/**
 * The shop's boundaries in [from, until), ascending: openings and closings, and the blocks'
 * starts while open (one that falls on an opening or closing minute is that opening or closing).
 * Without opening hours the shop is always open, and only the blocks' starts remain.
 */
export function planEvents(shop: ShopPlan, fromUtcMs: number, untilUtcMs: number): PlanEvent[] {
  const opening = openingBoundaries(shop.hours, fromUtcMs, untilUtcMs, shop.timeZone);
  const blocks = planBoundaries(shop.plan, fromUtcMs, untilUtcMs, shop.timeZone);
  const byMinute = new Map<number, PlanEvent>();
  for (const b of blocks) {
    if (isOpenAt(shop.hours, b.at, shop.timeZone)) byMinute.set(b.at, { at: b.at, kind: 'block', blockId: b.blockId });
  }
  for (const o of opening) {
    byMinute.set(o.at, { at: o.at, kind: o.kind, blockId: blockAt(shop.plan, o.at, shop.timeZone) });
  }
  return [...byMinute.values()].sort((a, b) => a.at - b.at);
}

/** The latest boundary at or before `nowUtcMs` (within a week and a day), or null; kept on `shop` until the next one. */
export function latestEvent(shop: ShopPlan, nowUtcMs: number): PlanEvent | null {
  const minute = floorMinute(nowUtcMs);
  const found = shop.found;
  if (found && minute >= found.from && minute < found.until) return found.latest;
  // A day back finds the latest boundary of nearly every plan; only a quiet week looks further.
  let events = planEvents(shop, minute - DAY_MS, minute + LOOK_AHEAD_MS);
  if (!events.some((e) => e.at <= minute)) events = planEvents(shop, minute - LOOK_BACK_MS, minute + LOOK_AHEAD_MS);
  let latest: PlanEvent | null = null;
  let until = minute + LOOK_AHEAD_MS;
  for (const e of events) {
    if (e.at <= minute) latest = e;
    else {
      until = e.at;
      break;
    }
  }
  shop.found = { latest, from: minute, until };
  return latest;
}

/** The first boundary after `nowUtcMs` (within a week and a day), or null. */
export function nextEvent(shop: ShopPlan, nowUtcMs: number): PlanEvent | null {
  const from = floorMinute(nowUtcMs) + MINUTE_MS;
  return planEvents(shop, from, from + LOOK_BACK_MS)[0] ?? null;
}

/** The claim's key: the boundary's kind and block, and the shop's wall clock at it. */
export function eventKey(shop: ShopPlan, event: PlanEvent) {
  const wall = wallMinuteAt(event.at, shop.timeZone);
  const hh = String(Math.floor(wall.minuteOfDay / 60)).padStart(2, '0');
  const mm = String(wall.minuteOfDay % 60).padStart(2, '0');
  return {
    kind: event.kind,
    blockId: event.kind === 'block' ? (event.blockId ?? 0) : 0,
    localDate: wall.dateKey,
    wallTime: `${hh}:${mm}`,
  };
}

/**
 * What the plan calls for at `nowUtcMs`: closed, paused; open, the block's source (its playlist
 * deleted or nothing playable in it: the default source; none: the music as it is), at the block's
 * volume and shuffle. `switchNow`: the new source starts at once, not after the current track.
 */
export function targetAt(shop: ShopPlan, nowUtcMs: number, switchNow: boolean): PlanTarget {
  if (!isOpenAt(shop.hours, nowUtcMs, shop.timeZone)) return { playing: false };
  const blockId = blockAt(shop.plan, nowUtcMs, shop.timeZone);
  const block = blockId !== null ? shop.blocks.get(blockId) : undefined;
  const sources = [...(block ? [sourceOf(block.sourceType, block.sourceId)] : []), shop.defaultSource].filter(
    (s): s is SourceRef => s !== null,
  );
  return {
    // Without opening hours nothing starts or stops by itself: the blocks only switch the music.
    playing: shop.hours.alwaysOpen ? 'keep' : true,
    sources,
    volume: block?.volume ?? null,
    shuffle: block ? block.shuffle : undefined,
    switchNow,
  };
}

/**
 * How long a manager's hold lasts once the shop's day changed at `nowUtcMs` (`before`, `after`: the
 * plan as it was and as it is; undefined: off). A hold lasts until the next boundary after the press,
 * which came after the latest boundary of the plan as it was: so it now lasts until the next boundary
 * of the new plan (a closing moved to 23:05 ends at 23:05), and a change that puts a boundary between
 * that one and now (the closing moved before now) ends it, so the state of now applies at the next
 * minute. Null: no hold (the plan is off, or has no boundary ahead). A hold that has run out already
 * stays as it is: its boundary is the minute's to apply.
 */
export function holdAfterChange(
  before: ShopPlan | undefined,
  after: ShopPlan | undefined,
  holdUntil: Date | null,
  nowUtcMs: number,
): Date | null {
  if (holdUntil === null || holdUntil.getTime() <= nowUtcMs) return holdUntil;
  if (!after) return null;
  const was = before ? latestEvent(before, nowUtcMs) : null;
  const is = latestEvent(after, nowUtcMs);
  if (is && (!was || is.at > was.at)) return null;
  const next = nextEvent(after, nowUtcMs);
  return next ? new Date(next.at) : null;
}

export interface PlanTickResult {
  customerId: number;
  zoneId: number;
  event: PlanEvent;
  /** Whether this instance changed the player (false: held by a press, or no player). */
  applied: boolean;
}

export interface PlanRunner {
  /** Applies, for every shop, its latest boundary at or before `minuteUtcMs` if nobody has yet. */
  tick(minuteUtcMs: number): Promise<PlanTickResult[]>;
  /**
   * Inside a player's transaction: the next boundary of the shop's plan after `nowUtcMs`, which a
   * manager's press holds the player until; null when the plan is off or has no boundary.
   */
  holdUntil(tx: Db, customerId: number, zoneId: number, nowUtcMs: number): Promise<Date | null>;
  /** 'Vissza a napirendhez': drops the hold and applies the state of now at once; null when the plan is off. */
  resume(customerId: number, zoneId: number, nowUtcMs: number): Promise<boolean>;
  /**
   * A change of the shop's opening hours (their exceptions too), its plan or a block: `write` runs in
   * one transaction with the shop's player, and a manager's hold follows the new plan there
   * (holdAfterChange), sent to every device after the commit. Every instance's runner reads the
   * changed plan at its next minute (the tables' key moved), before any boundary of it.
   */
  change<T>(customerId: number, zoneId: number | null, nowUtcMs: number, write: (tx: Db) => Promise<T>): Promise<T>;
}

export interface PlanRunnerOptions {
  db: Db;
  players: Pick<PlayerService, 'applyPlan' | 'editDayPlan'>;
  instance: string;
  log?: { error(obj: object, msg: string): void };
  /**
   * The app's clock: a tick that waited on the database past its minute's grace applies nothing
   * (the tick of the minute now current does), so a late tick never lays an older state over a newer.
   */
  clock?: () => number;
}

/** A tick's minute passed its grace while it waited; its boundary is left to the current minute's tick. */
class StaleTickError extends Error {
  constructor(minute: number) {
    super(`plan tick of ${new Date(minute).toISOString()} passed its grace`);
  }
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createPlanRunner({
  db,
  players,
  instance,
  log = { error: () => {} },
  clock = Date.now,
}: PlanRunnerOptions): PlanRunner {
  /** Compiled plans by zone, kept while their rows are unchanged. */
  const compiled = new Map<number, ShopPlan>();
  /** The boundary this instance last settled per zone (applied, held, or claimed by another). */
  const settled = new Map<number, string>();

  /**
   * Each boundary's claim id, worked out once: a zone's latest boundary stays the same object until the
   * next one (latestEvent keeps it), and its wall clock costs a time-zone conversion, which every
   * zone of every shop would otherwise pay every minute.
   */
  const eventIds = new WeakMap<PlanEvent, string>();
  const eventId = (shop: ShopPlan, event: PlanEvent) => {
    let id = eventIds.get(event);
    if (id === undefined) {
      const k = eventKey(shop, event);
      id = `${k.kind}:${k.blockId}:${k.localDate}:${k.wallTime}`;
      eventIds.set(event, id);
    }
    return id;
  };

  /** Compiles the plans whose key moved (or that are new) and forgets the ones switched off. */
  let tablesKey: string | null = null;
  let enabled: Array<{ customerId: number; zoneId: number; signature: string }> = [];

  async function refresh(): Promise<Array<{ customerId: number; zoneId: number; signature: string }>> {
    const key = await planTablesKey(db);
    if (key === tablesKey) return enabled;
    const signatures = await listEnabledPlanSignatures(db);
    const stale = signatures.filter((s) => compiled.get(s.zoneId)?.signature !== s.signature);
    if (stale.length) {
      const keyOf = new Map(stale.map((s) => [s.zoneId, s.signature]));
      const ids = [...keyOf.keys()];
      // A slice at a time: an embedded database answers on this thread, so one query for thousands
      // of plans would hold it as long as the whole load.
      for (let at = 0; at < ids.length; at += SHOPS_PER_SLICE) {
        for (const row of await listEnabledPlans(db, { zoneIds: ids.slice(at, at + SHOPS_PER_SLICE) })) {
          compiled.set(row.zoneId, { ...compileShop(row), signature: keyOf.get(row.zoneId)! });
          // A changed plan is looked at afresh (the claims still keep each boundary single).
          settled.delete(row.zoneId);
        }
        await yieldToLoop();
      }
    }
    const on = new Set(signatures.map((s) => s.zoneId));
    for (const id of compiled.keys()) {
      if (!on.has(id)) {
        compiled.delete(id);
        settled.delete(id);
      }
    }
    tablesKey = key;
    enabled = signatures;
    return signatures;
  }

  /** One zone's plan as it is in the database now (a press, 'Vissza a napirendhez'), or undefined when off. */
  async function loadShop(q: Db, customerId: number, zoneId: number): Promise<ShopPlan | undefined> {
    const [row] = await listEnabledPlans(q, { zoneIds: [zoneId] });
    return row && row.customerId === customerId ? compileShop(row) : undefined;
  }

  async function settle(shop: ShopPlan, event: PlanEvent, minute: number): Promise<PlanTickResult> {
    const key = eventKey(shop, event);
    const player = await players.applyPlan(shop.customerId, shop.zoneId, async (row, tx) => {
      if (clock() > minuteDeadline(minute)) throw new StaleTickError(minute);
      // A press after this boundary holds the player until the next one.
      const held = row.planHoldUntil !== null && row.planHoldUntil.getTime() > event.at;
      const won = await claimPlanBoundary(tx, {
        customerId: shop.customerId,
        zoneId: shop.zoneId,
        ...key,
        at: new Date(event.at),
        applied: !held,
        instance,
      });
      if (!won || held) return null;
      // The state of now, not of the boundary: after an outage only the latest one counts.
      return targetAt(shop, minute, event.kind === 'open');
    });
    return { customerId: shop.customerId, zoneId: shop.zoneId, event, applied: player !== null };
  }

  return {
    async tick(minuteUtcMs) {
      const minute = floorMinute(minuteUtcMs);
      const shops = await refresh();
      const results: PlanTickResult[] = [];
      // The shops whose latest boundary this instance has not settled yet (at a boundary, or after a start).
      const open: Array<{ shop: ShopPlan; event: PlanEvent; id: string }> = [];
      for (let i = 0; i < shops.length; i++) {
        if (i > 0 && i % SHOPS_PER_SLICE === 0) await yieldToLoop();
        const shop = compiled.get(shops[i]!.zoneId);
        if (!shop) continue;
        const event = latestEvent(shop, minute);
        if (!event) continue;
        const id = eventId(shop, event);
        if (settled.get(shop.zoneId) !== id) open.push({ shop, event, id });
      }
      // Claimed already (by another instance, or before a restart): settled without a transaction each.
      for (let at = 0; at < open.length; at += SHOPS_PER_SLICE * 4) {
        const slice = open.slice(at, at + SHOPS_PER_SLICE * 4);
        const claimed = await claimedBoundaryKeys(db, {
          zoneIds: slice.map((o) => o.shop.zoneId),
          since: new Date(Math.min(...slice.map((o) => o.event.at))),
        });
        for (const o of slice) if (claimed.has(`${o.shop.zoneId}:${o.id}`)) settled.set(o.shop.zoneId, o.id);
      }
      for (const { shop, event, id } of open) {
        if (settled.get(shop.zoneId) === id) continue;
        if (clock() > minuteDeadline(minute)) {
          log.error(
            { minute: new Date(minute).toISOString() },
            'plan: tick passed its grace, left to the current minute',
          );
          break;
        }
        try {
          results.push(await settle(shop, event, minute));
          settled.set(shop.zoneId, id);
        } catch (err) {
          if (err instanceof StaleTickError) break;
          // Tried again next minute (the claim rolled back with the player's change).
          log.error({ err, customerId: shop.customerId, zoneId: shop.zoneId }, 'plan: boundary failed');
        }
      }
      return results;
    },

    async holdUntil(tx, customerId, zoneId, nowUtcMs) {
      const shop = await loadShop(tx, customerId, zoneId);
      if (!shop) return null;
      const event = nextEvent(shop, nowUtcMs);
      return event ? new Date(event.at) : null;
    },

    async resume(customerId, zoneId, nowUtcMs) {
      const shop = await loadShop(db, customerId, zoneId);
      if (!shop) return false;
      await players.applyPlan(customerId, zoneId, async () => targetAt(shop, nowUtcMs, true), { force: true });
      return true;
    },

    async change(customerId, zoneId, nowUtcMs, write) {
      return players.editDayPlan(customerId, zoneId, async (tx, rows) => {
        // The zones whose player a press holds: their hold follows the plan as it is after the change.
        const held = rows.filter((r) => r.planHoldUntil !== null && r.planHoldUntil.getTime() > nowUtcMs);
        const before = new Map<number, ShopPlan | undefined>();
        for (const row of held) before.set(row.id, await loadShop(tx, customerId, row.zoneId));
        const result = await write(tx);
        if (!held.length) return { result };
        const holds = new Map<number, Date | null>();
        for (const row of held) {
          const after = await loadShop(tx, customerId, row.zoneId);
          holds.set(row.id, holdAfterChange(before.get(row.id), after, row.planHoldUntil, nowUtcMs));
        }
        return { result, holds };
      });
    },
  };
}
