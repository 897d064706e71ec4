import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { SchedulerFrequency } from '../../../../contracts/scheduled-contents';
import type { PlayerSoundRow } from '../../resources';
import type { ScheduleRule } from '../../../../contracts/time';
import type { OpeningHours } from '../../../../contracts/opening-hours';
import { transaction, type Db } from '../client';
import {
  customers,
  openingHours,
  players,
  scheduledContents,
  scheduledContentScreens,
  scheduledContentSlideshows,
  scheduledContentSpots,
  scheduledContentZones,
  schedulerFires,
  screens,
  spots,
} from '../schema';

/**
 * What the scheduler's minute loop reads and writes, across every shop at once (the one place that
 * is not scoped by tenant: the runner serves all shops). Each tick reads the active items once,
 * the links of the due ones only, and claims them in one statement per chunk.
 */

export interface ActiveSchedule {
  id: number;
  customerId: number;
  name: string;
  /** 'Csak nyitvatartási időben': not fired while the shop is closed. */
  onlyOpen: boolean;
  /** 'Minden zóna' (issue 43): its spots go to every zone's player, else to its zones' only. */
  allZones: boolean;
  /** The shop's IANA zone (`customers.timezone`). */
  timeZone: string;
  rule: ScheduleRule;
}

/** Every active item of every shop with its shop's time zone: one query, whatever the count. */
export async function listActiveSchedules(db: Db): Promise<ActiveSchedule[]> {
  const rows = await db
    .select({
      id: scheduledContents.id,
      customerId: scheduledContents.customerId,
      name: scheduledContents.name,
      onlyOpen: scheduledContents.onlyOpen,
      allZones: scheduledContents.allZones,
      timeZone: customers.timezone,
      rule: {
        frequency: scheduledContents.frequency,
        date_from: scheduledContents.dateFrom,
        date_to: scheduledContents.dateTo,
        between_from: scheduledContents.betweenFrom,
        between_to: scheduledContents.betweenTo,
        unless_between_from: scheduledContents.unlessBetweenFrom,
        unless_between_to: scheduledContents.unlessBetweenTo,
        monday: scheduledContents.monday,
        tuesday: scheduledContents.tuesday,
        wednesday: scheduledContents.wednesday,
        thursday: scheduledContents.thursday,
        friday: scheduledContents.friday,
        saturday: scheduledContents.saturday,
        sunday: scheduledContents.sunday,
      },
    })
    .from(scheduledContents)
    .innerJoin(customers, eq(customers.id, scheduledContents.customerId))
    .where(eq(scheduledContents.active, true));
  // The column is text; a value outside the sixteen frequencies is simply never due (the engine's lookup).
  return rows as Array<
    Omit<(typeof rows)[number], 'rule'> & { rule: ScheduleRule & { frequency: SchedulerFrequency } }
  >;
}

/** The opening hours of these shops, by customer id (a shop that never set any is absent: always open). */
export async function listOpeningHoursOf(db: Db, customerIds: readonly number[]): Promise<Map<number, OpeningHours>> {
  const out = new Map<number, OpeningHours>();
  for (const ids of chunks([...new Set(customerIds)])) {
    const rows = await db
      .select({ customerId: openingHours.customerId, week: openingHours.week, exceptions: openingHours.exceptions })
      .from(openingHours)
      .where(inArray(openingHours.customerId, ids));
    for (const r of rows) out.set(r.customerId, { week: r.week, exceptions: r.exceptions });
  }
  return out;
}

export interface ScheduleLinks {
  /** In the chosen order, with what a PlayerSound needs. */
  spots: PlayerSoundRow[];
  slideshowIds: number[];
  screens: Array<{ id: number; hashId: string }>;
}

/** Ids per IN list: far below PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

function chunks<T>(values: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** The spots, slideshows and screens of the given items (three queries per chunk of ids). */
export async function getScheduleLinks(db: Db, ids: readonly number[]): Promise<Map<number, ScheduleLinks>> {
  const out = new Map<number, ScheduleLinks>();
  const of = (id: number) => {
    let links = out.get(id);
    if (!links) {
      links = { spots: [], slideshowIds: [], screens: [] };
      out.set(id, links);
    }
    return links;
  };
  for (const chunk of chunks([...new Set(ids)])) {
    const [spotRows, slideshowRows, screenRows] = await Promise.all([
      db
        .select({
          itemId: scheduledContentSpots.scheduledContentId,
          id: spots.id,
          name: spots.name,
          filePath: spots.filePath,
          duration: spots.duration,
          loudnessLufs: spots.loudnessLufs,
          peakDbtp: spots.peakDbtp,
        })
        .from(scheduledContentSpots)
        .innerJoin(spots, eq(spots.id, scheduledContentSpots.spotId))
        .where(inArray(scheduledContentSpots.scheduledContentId, chunk))
        .orderBy(asc(scheduledContentSpots.scheduledContentId), asc(scheduledContentSpots.position)),
      db
        .select({ itemId: scheduledContentSlideshows.scheduledContentId, id: scheduledContentSlideshows.slideshowId })
        .from(scheduledContentSlideshows)
        .where(inArray(scheduledContentSlideshows.scheduledContentId, chunk))
        .orderBy(asc(scheduledContentSlideshows.scheduledContentId), asc(scheduledContentSlideshows.position)),
      db
        .select({ itemId: scheduledContentScreens.scheduledContentId, id: screens.id, hashId: screens.hashId })
        .from(scheduledContentScreens)
        .innerJoin(screens, eq(screens.id, scheduledContentScreens.screenId))
        .where(inArray(scheduledContentScreens.scheduledContentId, chunk))
        .orderBy(asc(scheduledContentScreens.scheduledContentId), asc(scheduledContentScreens.position)),
    ]);
    for (const { itemId, ...spot } of spotRows) of(itemId).spots.push(spot);
    for (const row of slideshowRows) of(row.itemId).slideshowIds.push(row.id);
    for (const { itemId, ...screen } of screenRows) of(itemId).screens.push(screen);
  }
  return out;
}

export interface FireClaim {
  customerId: number;
  scheduledContentId: number;
  /** UTC start of the minute. */
  minute: Date;
  name: string;
  spotIds: number[];
  slideshowIds: number[];
  screenIds: number[];
  instance: string;
}

/**
 * Writes the fire-log rows, each claiming (item, minute) with ON CONFLICT DO NOTHING: the ids
 * returned are the ones this caller won and must send; any other instance (or an earlier run of
 * this one, before a restart) that wrote the row first keeps it. One statement whatever the count:
 * the rows travel as one JSON parameter (a minute with thousands of due items must still fire
 * within its first second; per-row values cost a bind parameter each and a round trip per chunk).
 */
export interface ClaimOptions {
  /**
   * Asked after the insert, before the commit: false when the minute's grace passed while the
   * claim waited on the database. The claimed rows are then kept as missed (nothing is sent, and
   * no other instance plays the minute late) and none is reported won.
   */
  stillCurrent?: () => boolean;
}

export interface ClaimResult {
  /** The items this instance claimed in time: it sends them. */
  won: Set<number>;
  /** The items it claimed after the grace, logged as missed. */
  missed: Set<number>;
}

export async function claimFires(
  db: Db,
  claims: readonly FireClaim[],
  { stillCurrent = () => true }: ClaimOptions = {},
): Promise<ClaimResult> {
  const won = new Set<number>();
  const missed = new Set<number>();
  if (!claims.length) return { won, missed };
  const rows = claims.map((c) => ({
    customer_id: c.customerId,
    scheduled_content_id: c.scheduledContentId,
    minute: c.minute.toISOString(),
    name: c.name,
    spot_ids: c.spotIds,
    slideshow_ids: c.slideshowIds,
    screen_ids: c.screenIds,
    instance: c.instance,
  }));
  await transaction(db, async (tx) => {
    // Both drivers (node-postgres, PGlite) answer `{ rows }`.
    const result = (await tx.execute(sql`
      INSERT INTO ${schedulerFires} (customer_id, scheduled_content_id, minute, name, spot_ids, slideshow_ids, screen_ids, instance)
      SELECT r.customer_id, r.scheduled_content_id, r.minute, r.name, r.spot_ids, r.slideshow_ids, r.screen_ids, r.instance
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
        customer_id integer, scheduled_content_id integer, minute timestamptz, name text,
        spot_ids jsonb, slideshow_ids jsonb, screen_ids jsonb, instance text)
      ON CONFLICT (scheduled_content_id, minute) DO NOTHING
      RETURNING id, scheduled_content_id`)) as unknown as {
      rows: Array<{ id: number | string; scheduled_content_id: number | null }>;
    };
    const landed = result.rows.filter((row) => row.scheduled_content_id !== null);
    if (stillCurrent()) {
      for (const row of landed) won.add(Number(row.scheduled_content_id));
      return;
    }
    for (const row of landed) missed.add(Number(row.scheduled_content_id));
    if (landed.length) {
      await tx
        .update(schedulerFires)
        .set({ missed: true })
        .where(
          inArray(
            schedulerFires.id,
            landed.map((row) => Number(row.id)),
          ),
        );
    }
  });
  return { won, missed };
}

/** The player ids of the given shops (one query per chunk of shops), by shop. */
export async function listPlayerIdsByCustomer(db: Db, customerIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  for (const chunk of chunks([...new Set(customerIds)])) {
    const rows = await db
      .select({ id: players.id, customerId: players.customerId })
      .from(players)
      .where(inArray(players.customerId, chunk))
      .orderBy(asc(players.id));
    for (const row of rows) out.set(row.customerId, [...(out.get(row.customerId) ?? []), row.id]);
  }
  return out;
}

/**
 * The players each item's spots go to, by item id: every player of the shop for an item of every
 * zone (those added later too), else the players of its zones only (issue 43).
 */
export async function listSpotPlayerIds(
  db: Db,
  items: ReadonlyArray<{ id: number; customerId: number; allZones: boolean }>,
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  const byShop = await listPlayerIdsByCustomer(
    db,
    items.filter((i) => i.allZones).map((i) => i.customerId),
  );
  for (const item of items) if (item.allZones) out.set(item.id, byShop.get(item.customerId) ?? []);
  for (const chunk of chunks(items.filter((i) => !i.allZones).map((i) => i.id))) {
    const rows = await db
      .select({ itemId: scheduledContentZones.scheduledContentId, id: players.id })
      .from(scheduledContentZones)
      .innerJoin(players, eq(players.zoneId, scheduledContentZones.zoneId))
      .where(inArray(scheduledContentZones.scheduledContentId, chunk))
      .orderBy(asc(players.id));
    for (const row of rows) out.set(row.itemId, [...(out.get(row.itemId) ?? []), row.id]);
  }
  return out;
}
