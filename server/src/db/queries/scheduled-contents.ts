import { and, asc, count, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  customers,
  scheduledContents,
  scheduledContentScreens,
  scheduledContentSlideshows,
  scheduledContentSpots,
  scheduledContentZones,
  screens,
  slideshows,
  spots,
  zones,
} from '../schema';

/*
 * A customer's scheduled contents ('Ütemezés') with their linked spots, slideshows and screens in
 * the chosen order. Every function takes `customerId` and filters by it; the link tables carry no
 * customer_id and are reached only through an item so filtered.
 */

export type ScheduledContentBase = typeof scheduledContents.$inferSelect;
export type LinkedSpot = { id: number; name: string; duration: number };
export type Linked = { id: number; name: string };
export type ScheduledContentRow = ScheduledContentBase & {
  spots: LinkedSpot[];
  slideshows: Linked[];
  screens: Linked[];
  /** The zones it plays on when not `allZones` (issue 43), in the zones' order. */
  zones: Linked[];
};

/** The columns a client sets (all but the ids, the owner and the timestamps). */
export type ScheduledContentFields = Omit<
  ScheduledContentBase,
  'id' | 'customerId' | 'createdAt' | 'updatedAt' | 'allZones'
> & { allZones?: boolean };
/** `zones` absent: none (the item plays on every zone unless `allZones` is false). */
export type Links = { spots: number[]; slideshows: number[]; screens: number[]; zones?: number[] };

type Scope = { customerId: number };
type One = Scope & { id: number };

/**
 * Runs one read when its turn comes (the preview's: after a turn of the event loop, and on PGlite,
 * which runs each query on the API's own thread, one preview read at a time).
 */
export type ReadInTurn = <T>(read: () => Promise<T>) => Promise<T>;

/**
 * The linked items of `ids`, each list in its chosen order. With `inTurn`, the three reads run one
 * after another, each in its turn.
 */
async function linksOf(db: Db, ids: number[], inTurn?: ReadInTurn) {
  const bySchedule = <T>() => new Map<number, T[]>();
  const out = {
    spots: bySchedule<LinkedSpot>(),
    slideshows: bySchedule<Linked>(),
    screens: bySchedule<Linked>(),
    zones: bySchedule<Linked>(),
  };
  if (!ids.length) return out;
  const push = <T>(map: Map<number, T[]>, key: number, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  const spotRead = () =>
    db
      .select({
        sc: scheduledContentSpots.scheduledContentId,
        id: spots.id,
        name: spots.name,
        duration: spots.duration,
      })
      .from(scheduledContentSpots)
      .innerJoin(spots, eq(spots.id, scheduledContentSpots.spotId))
      .where(inArray(scheduledContentSpots.scheduledContentId, ids))
      .orderBy(asc(scheduledContentSpots.position), asc(spots.id));
  const slideshowRead = () =>
    db
      .select({ sc: scheduledContentSlideshows.scheduledContentId, id: slideshows.id, name: slideshows.name })
      .from(scheduledContentSlideshows)
      .innerJoin(slideshows, eq(slideshows.id, scheduledContentSlideshows.slideshowId))
      .where(inArray(scheduledContentSlideshows.scheduledContentId, ids))
      .orderBy(asc(scheduledContentSlideshows.position), asc(slideshows.id));
  const screenRead = () =>
    db
      .select({ sc: scheduledContentScreens.scheduledContentId, id: screens.id, name: screens.name })
      .from(scheduledContentScreens)
      .innerJoin(screens, eq(screens.id, scheduledContentScreens.screenId))
      .where(inArray(scheduledContentScreens.scheduledContentId, ids))
      .orderBy(asc(scheduledContentScreens.position), asc(screens.id));
  const zoneRead = () =>
    db
      .select({ sc: scheduledContentZones.scheduledContentId, id: zones.id, name: zones.name })
      .from(scheduledContentZones)
      .innerJoin(zones, eq(zones.id, scheduledContentZones.zoneId))
      .where(inArray(scheduledContentZones.scheduledContentId, ids))
      .orderBy(asc(zones.position), asc(zones.id));
  const [spotRows, slideshowRows, screenRows, zoneRows] = inTurn
    ? [await inTurn(spotRead), await inTurn(slideshowRead), await inTurn(screenRead), await inTurn(zoneRead)]
    : await Promise.all([spotRead(), slideshowRead(), screenRead(), zoneRead()]);
  for (const { sc, ...spot } of spotRows) push(out.spots, sc, spot);
  for (const { sc, ...slideshow } of slideshowRows) push(out.slideshows, sc, slideshow);
  for (const { sc, ...screen } of screenRows) push(out.screens, sc, screen);
  for (const { sc, ...zone } of zoneRows) push(out.zones, sc, zone);
  return out;
}

async function withLinks(db: Db, rows: ScheduledContentBase[], inTurn?: ReadInTurn): Promise<ScheduledContentRow[]> {
  const links = await linksOf(
    db,
    rows.map((r) => r.id),
    inTurn,
  );
  return rows.map((r) => ({
    ...r,
    spots: links.spots.get(r.id) ?? [],
    slideshows: links.slideshows.get(r.id) ?? [],
    screens: links.screens.get(r.id) ?? [],
    zones: links.zones.get(r.id) ?? [],
  }));
}

/** Newest first, each with its links. `activeOnly` and `inTurn` (each read in its turn) for the preview. */
export async function listScheduledContents(
  db: Db,
  { customerId, activeOnly = false, inTurn = (read) => read() }: Scope & { activeOnly?: boolean; inTurn?: ReadInTurn },
): Promise<ScheduledContentRow[]> {
  const rows = await inTurn(() =>
    db
      .select()
      .from(scheduledContents)
      .where(
        and(eq(scheduledContents.customerId, customerId), activeOnly ? eq(scheduledContents.active, true) : undefined),
      )
      .orderBy(desc(scheduledContents.createdAt), desc(scheduledContents.id)),
  );
  return withLinks(db, rows, inTurn);
}

export async function getScheduledContent(db: Db, { customerId, id }: One): Promise<ScheduledContentRow | undefined> {
  const [row] = await db
    .select()
    .from(scheduledContents)
    .where(and(eq(scheduledContents.customerId, customerId), eq(scheduledContents.id, id)))
    .limit(1);
  return row ? (await withLinks(db, [row]))[0] : undefined;
}

/**
 * How many items the customer has, its row locked for the rest of the transaction: concurrent
 * creates count one after another, so none slips past the cap.
 */
export async function countScheduledContentsLocked(tx: Db, { customerId }: Scope): Promise<number> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  const [row] = await tx
    .select({ n: count() })
    .from(scheduledContents)
    .where(eq(scheduledContents.customerId, customerId));
  return row?.n ?? 0;
}

/** The customer's item, locked for the rest of the transaction. */
export async function lockScheduledContent(tx: Db, { customerId, id }: One): Promise<ScheduledContentBase | undefined> {
  const [row] = await tx
    .select()
    .from(scheduledContents)
    .where(and(eq(scheduledContents.customerId, customerId), eq(scheduledContents.id, id)))
    .for('update')
    .limit(1);
  return row;
}

/**
 * Of `links`, the ids that are not the customer's spots, slideshows and screens (empty lists when
 * all are). The found rows are share-locked, so none can be deleted before the transaction links
 * them (which would otherwise break the foreign key).
 */
export async function missingLinks(tx: Db, { customerId, links }: Scope & { links: Links }): Promise<Required<Links>> {
  const owned = async (table: typeof spots | typeof slideshows | typeof screens | typeof zones, ids: number[]) => {
    if (!ids.length) return [];
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.customerId, customerId), inArray(table.id, ids)))
      .for('share');
    const found = new Set(rows.map((r) => r.id));
    return ids.filter((id) => !found.has(id));
  };
  return {
    spots: await owned(spots, links.spots),
    slideshows: await owned(slideshows, links.slideshows),
    screens: await owned(screens, links.screens),
    zones: await owned(zones, links.zones ?? []),
  };
}

/** Replaces the item's links with `links`, positions 1..n in the given order (ids each once). */
async function setLinks(tx: Db, id: number, links: Links): Promise<void> {
  await tx.delete(scheduledContentSpots).where(eq(scheduledContentSpots.scheduledContentId, id));
  await tx.delete(scheduledContentSlideshows).where(eq(scheduledContentSlideshows.scheduledContentId, id));
  await tx.delete(scheduledContentScreens).where(eq(scheduledContentScreens.scheduledContentId, id));
  await tx.delete(scheduledContentZones).where(eq(scheduledContentZones.scheduledContentId, id));
  if (links.spots.length) {
    await tx
      .insert(scheduledContentSpots)
      .values(links.spots.map((spotId, i) => ({ scheduledContentId: id, spotId, position: i + 1 })));
  }
  if (links.slideshows.length) {
    await tx
      .insert(scheduledContentSlideshows)
      .values(links.slideshows.map((slideshowId, i) => ({ scheduledContentId: id, slideshowId, position: i + 1 })));
  }
  if (links.screens.length) {
    await tx
      .insert(scheduledContentScreens)
      .values(links.screens.map((screenId, i) => ({ scheduledContentId: id, screenId, position: i + 1 })));
  }
  if (links.zones?.length) {
    await tx.insert(scheduledContentZones).values(links.zones.map((zoneId) => ({ scheduledContentId: id, zoneId })));
  }
}

/** Creates the item with its links (call inside a transaction, after `missingLinks`). */
export async function createScheduledContent(
  tx: Db,
  { customerId, fields, links }: Scope & { fields: ScheduledContentFields; links: Links },
): Promise<ScheduledContentBase> {
  const [row] = await tx
    .insert(scheduledContents)
    .values({ customerId, ...fields })
    .returning();
  await setLinks(tx, row!.id, links);
  return row!;
}

/** Overwrites the item's fields and links; undefined when not the customer's. */
export async function updateScheduledContent(
  tx: Db,
  { customerId, id, fields, links }: One & { fields: ScheduledContentFields; links: Links },
): Promise<ScheduledContentBase | undefined> {
  const [row] = await tx
    .update(scheduledContents)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(scheduledContents.customerId, customerId), eq(scheduledContents.id, id)))
    .returning();
  if (row) await setLinks(tx, row.id, links);
  return row;
}

/** Flips `active` in one statement (two concurrent toggles flip twice); undefined when not the customer's. */
export async function toggleScheduledContent(
  db: Db,
  { customerId, id }: One,
): Promise<ScheduledContentBase | undefined> {
  const [row] = await db
    .update(scheduledContents)
    .set({ active: sql`not ${scheduledContents.active}`, updatedAt: new Date() })
    .where(and(eq(scheduledContents.customerId, customerId), eq(scheduledContents.id, id)))
    .returning();
  return row;
}

/** Deletes the item (its links cascade; its fire log rows keep their copy, unlinked). */
export async function deleteScheduledContent(
  db: Db,
  { customerId, id }: One,
): Promise<ScheduledContentBase | undefined> {
  const [row] = await db
    .delete(scheduledContents)
    .where(and(eq(scheduledContents.customerId, customerId), eq(scheduledContents.id, id)))
    .returning();
  return row;
}

/**
 * After a spot, slideshow or screen of the customer is deleted (its links cascade): every active
 * item left with nothing to play turns inactive. Nothing to play: no spot, and no slideshow with a
 * screen to show it on (a slideshow with no screen left is sent nowhere). Call it in the deleting
 * transaction. Answers the ids it deactivated.
 */
export async function deactivateEmptyScheduledContents(db: Db, { customerId }: Scope): Promise<number[]> {
  const linked = (
    table: typeof scheduledContentSpots | typeof scheduledContentSlideshows | typeof scheduledContentScreens,
  ) =>
    db
      .select({ one: sql`1` })
      .from(table)
      .where(eq(table.scheduledContentId, scheduledContents.id));
  const rows = await db
    .update(scheduledContents)
    .set({ active: false, updatedAt: new Date() })
    .where(
      and(
        eq(scheduledContents.customerId, customerId),
        eq(scheduledContents.active, true),
        notExists(linked(scheduledContentSpots)),
        sql`(not exists ${linked(scheduledContentSlideshows)} or not exists ${linked(scheduledContentScreens)})`,
      ),
    )
    .returning({ id: scheduledContents.id });
  return rows.map((r) => r.id);
}

/**
 * Before the zone `zoneId` is deleted (its links cascade): the items that play on that zone alone
 * (not on every zone) are switched off, and then answer `no_zone_left`. In the deleting transaction.
 */
export async function switchOffItemsWithoutZone(
  tx: Db,
  { customerId, zoneId }: Scope & { zoneId: number },
): Promise<number[]> {
  const link = (other: boolean) =>
    tx
      .select({ one: sql`1` })
      .from(scheduledContentZones)
      .where(
        and(
          eq(scheduledContentZones.scheduledContentId, scheduledContents.id),
          other ? sql`${scheduledContentZones.zoneId} <> ${zoneId}` : eq(scheduledContentZones.zoneId, zoneId),
        ),
      );
  const rows = await tx
    .update(scheduledContents)
    .set({ active: false, updatedAt: new Date() })
    .where(
      and(
        eq(scheduledContents.customerId, customerId),
        eq(scheduledContents.allZones, false),
        sql`exists ${link(false)}`,
        notExists(link(true)),
      ),
    )
    .returning({ id: scheduledContents.id });
  return rows.map((r) => r.id);
}
