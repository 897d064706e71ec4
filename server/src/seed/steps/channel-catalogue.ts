import { DEFAULT_ZONE_NAME } from '../../../../contracts/names';
import { createPlayer } from '../../db/queries/players';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, notExists, sql } from 'drizzle-orm';
import {
  categories,
  channelSubcategory,
  channels,
  channelTracks,
  customers,
  favouriteChannels,
  players,
  subcategories,
  tracks,
} from '../../db/schema';
import { ASSETS_PREFIX, DEFAULT_ASSETS_ROOT } from '../../storage';
import { mp3Duration } from '../../storage/mp3-duration';
import type { SeedStep } from '../index';

/** The parts of server/assets/manifest.json the catalogue is built from. */
interface Manifest {
  tracks: Array<{
    id: string;
    file: string;
    title: string | null;
    artist: string | null;
    thumbnail?: string;
    duration?: number;
  }>;
  catalogue: {
    categories: Array<{ name: string; subcategories: Array<{ key: string; name: string }> }>;
    channels: Array<{
      id: string;
      name: string;
      description: string | null;
      cover?: string;
      landscape?: string;
      subcategories: string[];
      is_featured: boolean;
      tracks: string[];
    }>;
  };
}

export async function readManifest(assetsRoot = DEFAULT_ASSETS_ROOT): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(assetsRoot, 'manifest.json'), 'utf8')) as Manifest;
}

const asset = (file: string) => ASSETS_PREFIX + file;
const DAY_MS = 86_400_000;
/** Favourites of the demo customer, by position in the manifest. */
const DEMO_FAVOURITES = [0, 2, 6, 10];

/**
 * The provider catalogue from the committed demo media: categories, subcategories, tracks (one per
 * audio file, durations from the manifest or read from the file), channels with their covers and
 * landscapes and track order, and a few favourites for the demo customer. Skips itself when a
 * catalogue is already there.
 */
export const channelCatalogueStep: SeedStep = {
  name: '0002_channel_catalogue',
  async run({ db }) {
    const [existing] = await db.select({ id: channels.id }).from(channels).limit(1);
    if (existing) return;
    const manifest = await readManifest();

    const trackValues = await Promise.all(
      manifest.tracks.map(async (t) => ({
        filePath: asset(t.file),
        fileName: path.posix.basename(t.file),
        title: t.title,
        artist: t.artist,
        duration:
          typeof t.duration === 'number' && t.duration > 0
            ? t.duration
            : mp3Duration(await readFile(path.join(DEFAULT_ASSETS_ROOT, t.file))),
        thumbnailPath: t.thumbnail ? asset(t.thumbnail) : null,
      })),
    );
    const trackRows = trackValues.length
      ? await db.insert(tracks).values(trackValues).returning({ id: tracks.id })
      : [];
    const trackIdByKey = new Map(manifest.tracks.map((t, i) => [t.id, trackRows[i]!.id]));

    const subIdByKey = new Map<string, number>();
    for (const [ci, cat] of manifest.catalogue.categories.entries()) {
      const [row] = await db
        .insert(categories)
        .values({ name: cat.name, position: ci + 1 })
        .returning({ id: categories.id });
      const subs = await db
        .insert(subcategories)
        .values(cat.subcategories.map((s, si) => ({ categoryId: row!.id, name: s.name, position: si + 1 })))
        .returning({ id: subcategories.id });
      cat.subcategories.forEach((s, si) => subIdByKey.set(s.key, subs[si]!.id));
    }

    // Spread creation dates over the past weeks so the newest/oldest sorts mean something.
    const now = Date.now();
    const count = manifest.catalogue.channels.length;
    const channelRows = await db
      .insert(channels)
      .values(
        manifest.catalogue.channels.map((c, i) => ({
          name: c.name,
          description: c.description,
          isFeatured: c.is_featured,
          imagePath: c.cover ? asset(c.cover) : null,
          landscapePath: c.landscape ? asset(c.landscape) : null,
          createdAt: new Date(now - (count - i) * DAY_MS),
          updatedAt: new Date(now - (count - i) * DAY_MS),
        })),
      )
      .returning({ id: channels.id });

    const links: Array<typeof channelSubcategory.$inferInsert> = [];
    const order: Array<typeof channelTracks.$inferInsert> = [];
    const positionInSub = new Map<number, number>();
    manifest.catalogue.channels.forEach((c, i) => {
      const channelId = channelRows[i]!.id;
      for (const key of c.subcategories) {
        const subcategoryId = subIdByKey.get(key);
        if (subcategoryId === undefined) throw new Error(`manifest: channel ${c.id} names unknown subcategory ${key}`);
        const position = (positionInSub.get(subcategoryId) ?? 0) + 1;
        positionInSub.set(subcategoryId, position);
        links.push({ channelId, subcategoryId, position });
      }
      [...new Set(c.tracks)].forEach((key, p) => {
        const trackId = trackIdByKey.get(key);
        if (trackId === undefined) throw new Error(`manifest: channel ${c.id} names unknown track ${key}`);
        order.push({ channelId, trackId, position: p + 1 });
      });
    });
    if (links.length) await db.insert(channelSubcategory).values(links);
    if (order.length) await db.insert(channelTracks).values(order);

    const [demo] = await db.select({ id: customers.id }).from(customers).where(eq(customers.slug, 'demo')).limit(1);
    const favouriteIds = DEMO_FAVOURITES.map((i) => channelRows[i]?.id).filter((id): id is number => id !== undefined);
    if (demo && favouriteIds.length) {
      await db
        .insert(favouriteChannels)
        .values(
          favouriteIds.map((channelId, i) => ({
            customerId: demo.id,
            channelId,
            createdAt: new Date(now - (10 - i) * 60_000),
          })),
        )
        .onConflictDoNothing();
    }
  },
};

/** One zone ('Üzlettér') and its player for every customer that has none. */
export const customerPlayersStep: SeedStep = {
  name: '0003_customer_players',
  async run({ db }) {
    const without = await db
      .select({ id: customers.id })
      .from(customers)
      .where(
        notExists(
          db
            .select({ one: sql`1` })
            .from(players)
            .where(eq(players.customerId, customers.id)),
        ),
      )
      .orderBy(asc(customers.id));
    // Every shop gets its first zone and player when it is made (migration 0026's trigger); a shop
    // without one still gets them here.
    for (const c of without) await createPlayer(db, { customerId: c.id, zoneName: DEFAULT_ZONE_NAME });
  },
};
