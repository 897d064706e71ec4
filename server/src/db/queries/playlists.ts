import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { playlists, playlistTracks, tracks } from '../schema';
import type { TrackRow } from './channels';

/*
 * A customer's own playlists. Every function takes `customerId` and filters by it, or takes a
 * playlist id that the caller has just found (or locked) for that customer; playlist tracks are
 * never reached by their own id alone. Tracks themselves are the global catalogue.
 */

export type PlaylistBase = typeof playlists.$inferSelect;
export type PlaylistRow = PlaylistBase & {
  tracksCount: number;
  totalDuration: number;
  /** The first (up to COVER_TRACKS) tracks in order, for the cover collage. */
  cover: TrackRow[];
};

export const COVER_TRACKS = 4;

type Scope = { customerId: number };
type One = { customerId: number; id: number };

/** Counts, durations and covers for the given playlists. */
async function withStats(db: Db, rows: PlaylistBase[]): Promise<PlaylistRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const stats = await db
    .select({
      playlistId: playlistTracks.playlistId,
      tracksCount: count(),
      totalDuration: sql<number>`coalesce(sum(${tracks.duration}), 0)`.mapWith(Number),
    })
    .from(playlistTracks)
    .innerJoin(tracks, eq(tracks.id, playlistTracks.trackId))
    .where(inArray(playlistTracks.playlistId, ids))
    .groupBy(playlistTracks.playlistId);
  const ranked = db
    .select({
      playlistId: playlistTracks.playlistId,
      trackId: playlistTracks.trackId,
      rank: sql<number>`row_number() over (partition by ${playlistTracks.playlistId} order by ${playlistTracks.position}, ${playlistTracks.trackId})`
        .mapWith(Number)
        .as('rank'),
    })
    .from(playlistTracks)
    .where(inArray(playlistTracks.playlistId, ids))
    .as('ranked');
  const covers = await db
    .select({ playlistId: ranked.playlistId, track: tracks })
    .from(ranked)
    .innerJoin(tracks, eq(tracks.id, ranked.trackId))
    .where(sql`${ranked.rank} <= ${COVER_TRACKS}`)
    .orderBy(asc(ranked.playlistId), asc(ranked.rank));
  const statsById = new Map(stats.map((s) => [s.playlistId, s]));
  return rows.map((r) => ({
    ...r,
    tracksCount: Number(statsById.get(r.id)?.tracksCount ?? 0),
    totalDuration: statsById.get(r.id)?.totalDuration ?? 0,
    cover: covers.filter((c) => c.playlistId === r.id).map((c) => c.track),
  }));
}

/** The customer's playlists, newest first. */
export async function listPlaylists(db: Db, { customerId }: Scope): Promise<PlaylistRow[]> {
  const rows = await db
    .select()
    .from(playlists)
    .where(eq(playlists.customerId, customerId))
    .orderBy(desc(playlists.createdAt), desc(playlists.id));
  return withStats(db, rows);
}

/** The playlist row alone, when it is this customer's. */
export async function findPlaylist(db: Db, { customerId, id }: One): Promise<PlaylistBase | undefined> {
  const [row] = await db
    .select()
    .from(playlists)
    .where(and(eq(playlists.id, id), eq(playlists.customerId, customerId)))
    .limit(1);
  return row;
}

/** Like findPlaylist, holding the row (`FOR UPDATE`) until the transaction ends: edits serialise. */
export async function lockPlaylist(tx: Db, { customerId, id }: One): Promise<PlaylistBase | undefined> {
  const [row] = await tx
    .select()
    .from(playlists)
    .where(and(eq(playlists.id, id), eq(playlists.customerId, customerId)))
    .for('update')
    .limit(1);
  return row;
}

export async function getPlaylist(db: Db, q: One): Promise<PlaylistRow | undefined> {
  const row = await findPlaylist(db, q);
  return row ? (await withStats(db, [row]))[0] : undefined;
}

/** Adds `stats` to a row already found for the customer. */
export async function playlistWithStats(db: Db, row: PlaylistBase): Promise<PlaylistRow> {
  return (await withStats(db, [row]))[0]!;
}

/** Track ids of a customer's playlist in play order (empty for a foreign or missing one). */
export async function listPlaylistTrackIds(db: Db, { customerId, id }: One): Promise<number[]> {
  const rows = await db
    .select({ id: playlistTracks.trackId })
    .from(playlistTracks)
    .innerJoin(playlists, eq(playlists.id, playlistTracks.playlistId))
    .where(and(eq(playlistTracks.playlistId, id), eq(playlists.customerId, customerId)))
    .orderBy(asc(playlistTracks.position), asc(playlistTracks.trackId));
  return rows.map((r) => r.id);
}

/** A found playlist's tracks in play order, optionally one page of them. */
export async function listPlaylistTracks(
  db: Db,
  { playlistId, limit, offset }: { playlistId: number; limit?: number; offset?: number },
): Promise<TrackRow[]> {
  const q = db
    .select({ track: tracks })
    .from(playlistTracks)
    .innerJoin(tracks, eq(tracks.id, playlistTracks.trackId))
    .where(eq(playlistTracks.playlistId, playlistId))
    .orderBy(asc(playlistTracks.position), asc(playlistTracks.trackId));
  const rows = limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
  return rows.map((r) => r.track);
}

/** Which of `trackIds` exist in the catalogue. */
export async function existingTrackIds(db: Db, trackIds: number[]): Promise<Set<number>> {
  if (!trackIds.length) return new Set();
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(inArray(tracks.id, [...new Set(trackIds)]));
  return new Set(rows.map((r) => r.id));
}

/** Ids of the customer's playlists holding the track. */
export async function playlistIdsWithTrack(
  db: Db,
  { customerId, trackId }: Scope & { trackId: number },
): Promise<Set<number>> {
  const rows = await db
    .select({ id: playlistTracks.playlistId })
    .from(playlistTracks)
    .innerJoin(playlists, eq(playlists.id, playlistTracks.playlistId))
    .where(and(eq(playlistTracks.trackId, trackId), eq(playlists.customerId, customerId)));
  return new Set(rows.map((r) => r.id));
}

export async function createPlaylist(db: Db, { customerId, name }: Scope & { name: string }): Promise<PlaylistBase> {
  const [row] = await db.insert(playlists).values({ customerId, name }).returning();
  return row!;
}

export async function renamePlaylist(
  db: Db,
  { customerId, id, name }: One & { name: string },
): Promise<PlaylistBase | undefined> {
  const [row] = await db
    .update(playlists)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(playlists.id, id), eq(playlists.customerId, customerId)))
    .returning();
  return row;
}

/** Deletes the playlist (its track links go with it); false when it is not this customer's. */
export async function deletePlaylist(db: Db, { customerId, id }: One): Promise<boolean> {
  const rows = await db
    .delete(playlists)
    .where(and(eq(playlists.id, id), eq(playlists.customerId, customerId)))
    .returning({ id: playlists.id });
  return rows.length > 0;
}

/**
 * Appends the tracks not yet in the (locked) playlist, in the given order, skipping repeats;
 * answers how many were added.
 */
export async function appendTracks(tx: Db, playlistId: number, trackIds: number[]): Promise<number> {
  const present = new Set(
    (
      await tx
        .select({ id: playlistTracks.trackId })
        .from(playlistTracks)
        .where(eq(playlistTracks.playlistId, playlistId))
    ).map((r) => r.id),
  );
  const fresh = [...new Set(trackIds)].filter((id) => !present.has(id));
  if (!fresh.length) return 0;
  const [last] = await tx
    .select({ max: sql<number>`coalesce(max(${playlistTracks.position}), 0)`.mapWith(Number) })
    .from(playlistTracks)
    .where(eq(playlistTracks.playlistId, playlistId));
  const start = last?.max ?? 0;
  await tx
    .insert(playlistTracks)
    .values(fresh.map((trackId, i) => ({ playlistId, trackId, position: start + i + 1 })))
    .onConflictDoNothing();
  await touch(tx, playlistId);
  return fresh.length;
}

/** Removes the track from the (locked) playlist; false when it was not there. */
export async function removeTrack(tx: Db, playlistId: number, trackId: number): Promise<boolean> {
  const rows = await tx
    .delete(playlistTracks)
    .where(and(eq(playlistTracks.playlistId, playlistId), eq(playlistTracks.trackId, trackId)))
    .returning({ id: playlistTracks.trackId });
  if (rows.length) await touch(tx, playlistId);
  return rows.length > 0;
}

/** Renumbers the (locked) playlist to `order`, which must hold exactly its track ids. */
export async function setTrackOrder(tx: Db, playlistId: number, order: number[]): Promise<void> {
  if (!order.length) return;
  const cases = sql.join(
    order.map((trackId, i) => sql`when ${trackId}::integer then ${i + 1}::integer`),
    sql` `,
  );
  await tx
    .update(playlistTracks)
    .set({ position: sql`case ${playlistTracks.trackId} ${cases} end` })
    .where(and(eq(playlistTracks.playlistId, playlistId), inArray(playlistTracks.trackId, order)));
  await touch(tx, playlistId);
}

async function touch(tx: Db, playlistId: number) {
  await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, playlistId));
}
