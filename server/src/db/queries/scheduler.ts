import { asc, eq, inArray } from 'drizzle-orm';
import type { SchedulerFrequency } from '../../../../contracts/scheduled-contents';
import type { ScheduleRule } from '../../scheduler/engine';
import type { Db } from '../client';
import {
  customers,
  scheduledContents,
  scheduledContentScreens,
  scheduledContentSlideshows,
  scheduledContentSpots,
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
  return rows as Array<Omit<(typeof rows)[number], 'rule'> & { rule: ScheduleRule & { frequency: SchedulerFrequency } }>;
}

export interface ScheduleLinks {
  /** In the chosen order, with what a PlayerSound needs. */
  spots: Array<{ id: number; name: string; filePath: string; duration: number }>;
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
 * this one, before a restart) that wrote the row first keeps it.
 */
export async function claimFires(db: Db, claims: readonly FireClaim[]): Promise<Set<number>> {
  const won = new Set<number>();
  for (const chunk of chunks(claims, 500)) {
    const rows = await db
      .insert(schedulerFires)
      .values(chunk.map((c) => ({ ...c })))
      .onConflictDoNothing({ target: [schedulerFires.scheduledContentId, schedulerFires.minute] })
      .returning({ id: schedulerFires.scheduledContentId });
    for (const row of rows) if (row.id !== null) won.add(row.id);
  }
  return won;
}
