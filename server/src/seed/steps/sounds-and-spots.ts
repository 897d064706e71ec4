import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { customers, soundPreferences, sounds, spots } from '../../db/schema';
import { ASSETS_PREFIX, DEFAULT_ASSETS_ROOT } from '../../storage';
import { mp3Duration } from '../../storage/mp3-duration';
import type { SeedStep } from '../index';
import { readManifest } from './channel-catalogue';

interface MediaEntry {
  file: string;
  name: string;
  duration?: number;
}

const HOUR_MS = 3_600_000;

async function durationOf(entry: MediaEntry): Promise<number> {
  if (typeof entry.duration === 'number' && entry.duration > 0) return entry.duration;
  return mp3Duration(await readFile(path.join(DEFAULT_ASSETS_ROOT, entry.file)));
}

/** Demo marks on provider sounds, by name: the soundboard shows favourites and quick buttons. */
const DEMO_MARKS: Record<string, { isFavorite: boolean; isQuick: boolean }> = {
  Gong: { isFavorite: true, isQuick: true },
  Csengő: { isFavorite: false, isQuick: true },
  Taps: { isFavorite: true, isQuick: false },
};
/** The one spot `other` gets, so tenant isolation has something to hide. */
const OTHER_SPOT = 'Hűségkártya';

/**
 * Provider sounds from the manifest (customer_id null, true durations), every demo spot for `demo`
 * (newest first in the manifest's order) with a few sound marks, and one spot for `other`. Skips
 * itself when sounds are already there.
 */
export const soundsAndSpotsStep: SeedStep = {
  name: '0005_sounds_and_spots',
  async run({ db }) {
    const [existing] = await db.select({ id: sounds.id }).from(sounds).limit(1);
    if (existing) return;
    const manifest = (await readManifest()) as unknown as { sounds?: MediaEntry[]; spots?: MediaEntry[] };
    const now = Date.now();
    const soundList = manifest.sounds ?? [];
    const soundRows = soundList.length
      ? await db
          .insert(sounds)
          .values(
            await Promise.all(
              soundList.map(async (s, i) => {
                // Same order by created_at as by id: the list sorts on both.
                const createdAt = new Date(now - (soundList.length - i) * 60_000);
                return {
                  name: s.name,
                  filePath: ASSETS_PREFIX + s.file,
                  duration: await durationOf(s),
                  createdAt,
                  updatedAt: createdAt,
                };
              }),
            ),
          )
          .returning({ id: sounds.id, name: sounds.name })
      : [];

    const slugs = await db
      .select({ id: customers.id, slug: customers.slug })
      .from(customers)
      .where(inArray(customers.slug, ['demo', 'other']));
    const demo = slugs.find((c) => c.slug === 'demo');
    const other = slugs.find((c) => c.slug === 'other');
    const spotList = manifest.spots ?? [];
    const spotValues = async (customerId: number, list: MediaEntry[]) =>
      Promise.all(
        list.map(async (s, i) => {
          const createdAt = new Date(now - (i + 1) * 24 * HOUR_MS);
          return {
            customerId,
            name: s.name,
            fileName: path.posix.basename(s.file),
            filePath: ASSETS_PREFIX + s.file,
            duration: await durationOf(s),
            createdAt,
            updatedAt: createdAt,
          };
        }),
      );
    if (demo && spotList.length) {
      await db.insert(spots).values(await spotValues(demo.id, spotList));
      const marks = soundRows.filter((r) => DEMO_MARKS[r.name]);
      if (marks.length) {
        await db
          .insert(soundPreferences)
          .values(marks.map((r) => ({ customerId: demo.id, soundId: r.id, ...DEMO_MARKS[r.name]! })));
      }
    }
    const otherSpot = spotList.find((s) => s.name === OTHER_SPOT) ?? spotList[0];
    if (other && otherSpot) await db.insert(spots).values(await spotValues(other.id, [otherSpot]));
  },
};
