import { asc, eq } from 'drizzle-orm';
import { channelTracks, customers, playlists, playlistTracks } from '../../db/schema';
import type { SeedStep } from '../index';

const HOUR_MS = 3_600_000;

/**
 * Three own playlists for the `demo` shop, one for each cover collage variant: six tracks (2×2
 * grid), two tracks (one image) and none (placeholder). Tracks are taken from the first channels
 * of the catalogue. `other` gets none. Skips itself when `demo` already has playlists.
 */
export const demoPlaylistsStep: SeedStep = {
  name: '0004_demo_playlists',
  async run({ db }) {
    const [demo] = await db.select({ id: customers.id }).from(customers).where(eq(customers.slug, 'demo')).limit(1);
    if (!demo) return;
    const [existing] = await db
      .select({ id: playlists.id })
      .from(playlists)
      .where(eq(playlists.customerId, demo.id))
      .limit(1);
    if (existing) return;
    const ordered = await db
      .select({ id: channelTracks.trackId })
      .from(channelTracks)
      .orderBy(asc(channelTracks.channelId), asc(channelTracks.position));
    const pool = [...new Set(ordered.map((r) => r.id))];
    const now = Date.now();
    const lists = [
      { name: 'Reggeli nyitás', tracks: pool.slice(0, 7), age: 72 },
      { name: 'Hétvégi pörgés', tracks: pool.slice(7, 9), age: 48 },
      { name: 'Csendes zárás', tracks: [] as number[], age: 24 },
    ];
    for (const list of lists) {
      const createdAt = new Date(now - list.age * HOUR_MS);
      const [row] = await db
        .insert(playlists)
        .values({ customerId: demo.id, name: list.name, createdAt, updatedAt: createdAt })
        .returning({ id: playlists.id });
      if (list.tracks.length) {
        await db
          .insert(playlistTracks)
          .values(list.tracks.map((trackId, i) => ({ playlistId: row!.id, trackId, position: i + 1, createdAt })));
      }
    }
  },
};
