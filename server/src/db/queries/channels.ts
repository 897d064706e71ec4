import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { transaction, type Db } from '../client';
import {
  categories,
  channelSubcategory,
  channels,
  channelTracks,
  favouriteChannels,
  subcategories,
  tracks,
} from '../schema';

/*
 * Channels and tracks are the provider's catalogue, shared by every customer, so they are looked
 * up by id alone; favourites are the customer's and always filtered by `customerId`.
 */

export type ChannelRow = typeof channels.$inferSelect & { tracksCount: number; totalDuration: number };
export type TrackRow = typeof tracks.$inferSelect;

const stats = (db: Db) =>
  db
    .select({
      channelId: channelTracks.channelId,
      tracksCount: count().as('tracks_count'),
      totalDuration: sql<number>`coalesce(sum(${tracks.duration}), 0)`.mapWith(Number).as('total_duration'),
    })
    .from(channelTracks)
    .innerJoin(tracks, eq(tracks.id, channelTracks.trackId))
    .groupBy(channelTracks.channelId)
    .as('channel_stats');

function selectChannels(db: Db) {
  const s = stats(db);
  return db
    .select({
      channel: channels,
      tracksCount: sql<number>`coalesce(${s.tracksCount}, 0)`.mapWith(Number),
      totalDuration: sql<number>`coalesce(${s.totalDuration}, 0)`.mapWith(Number),
    })
    .from(channels)
    .leftJoin(s, eq(s.channelId, channels.id));
}

type Selected = { channel: typeof channels.$inferSelect; tracksCount: number; totalDuration: number };
const flatten = (r: Selected): ChannelRow => ({
  ...r.channel,
  tracksCount: r.tracksCount,
  totalDuration: r.totalDuration,
});

export async function listChannels(db: Db): Promise<ChannelRow[]> {
  const rows = await selectChannels(db).orderBy(asc(channels.id));
  return rows.map(flatten);
}

export async function getChannel(db: Db, id: number): Promise<ChannelRow | undefined> {
  const [row] = await selectChannels(db).where(eq(channels.id, id)).limit(1);
  return row && flatten(row);
}

export async function listFavouriteChannels(db: Db, { customerId }: { customerId: number }): Promise<ChannelRow[]> {
  const rows = await selectChannels(db)
    .innerJoin(
      favouriteChannels,
      and(eq(favouriteChannels.channelId, channels.id), eq(favouriteChannels.customerId, customerId)),
    )
    .orderBy(asc(favouriteChannels.createdAt), asc(channels.id));
  return rows.map(flatten);
}

export async function isFavourite(db: Db, { customerId, channelId }: { customerId: number; channelId: number }) {
  const [row] = await db
    .select({ channelId: favouriteChannels.channelId })
    .from(favouriteChannels)
    .where(and(eq(favouriteChannels.customerId, customerId), eq(favouriteChannels.channelId, channelId)))
    .limit(1);
  return Boolean(row);
}

/** Flips the favourite and answers the new state; safe against two concurrent toggles. */
export async function toggleFavourite(db: Db, { customerId, channelId }: { customerId: number; channelId: number }) {
  return transaction(db, async (tx) => {
    const removed = await tx
      .delete(favouriteChannels)
      .where(and(eq(favouriteChannels.customerId, customerId), eq(favouriteChannels.channelId, channelId)))
      .returning({ channelId: favouriteChannels.channelId });
    if (removed.length) return false;
    await tx.insert(favouriteChannels).values({ customerId, channelId }).onConflictDoNothing();
    return true;
  });
}

export interface CategoryTree {
  id: number;
  name: string;
  subcategories: Array<{ id: number; name: string; channels: ChannelRow[] }>;
}

export async function listCategoryTree(db: Db): Promise<CategoryTree[]> {
  const cats = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
  const subs = await db.select().from(subcategories).orderBy(asc(subcategories.position), asc(subcategories.id));
  const links = await db
    .select()
    .from(channelSubcategory)
    .orderBy(asc(channelSubcategory.position), asc(channelSubcategory.channelId));
  const byId = new Map((await listChannels(db)).map((c) => [c.id, c]));
  return cats.map((cat) => ({
    id: cat.id,
    name: cat.name,
    subcategories: subs
      .filter((s) => s.categoryId === cat.id)
      .map((s) => ({
        id: s.id,
        name: s.name,
        channels: links
          .filter((l) => l.subcategoryId === s.id)
          .map((l) => byId.get(l.channelId))
          .filter((c): c is ChannelRow => Boolean(c)),
      })),
  }));
}

/** A channel's tracks in play order. */
export async function listChannelTracks(
  db: Db,
  { channelId, limit, offset }: { channelId: number; limit?: number; offset?: number },
): Promise<TrackRow[]> {
  const q = db
    .select({ track: tracks })
    .from(channelTracks)
    .innerJoin(tracks, eq(tracks.id, channelTracks.trackId))
    .where(eq(channelTracks.channelId, channelId))
    .orderBy(asc(channelTracks.position), asc(tracks.id));
  const rows = limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
  return rows.map((r) => r.track);
}

/** Only the ids, in play order (what the player service needs). */
export async function listChannelTrackIds(db: Db, channelId: number): Promise<number[]> {
  const rows = await db
    .select({ id: channelTracks.trackId })
    .from(channelTracks)
    .where(eq(channelTracks.channelId, channelId))
    .orderBy(asc(channelTracks.position), asc(channelTracks.trackId));
  return rows.map((r) => r.id);
}

export async function getTracks(db: Db, ids: number[]): Promise<TrackRow[]> {
  if (!ids.length) return [];
  return db.select().from(tracks).where(inArray(tracks.id, ids));
}
