import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { customers, screens, slideshowImages, slideshows, soundPreferences, sounds, spots } from '../../db/schema';
import { randomString } from '../../security/crypto';
import { ASSETS_PREFIX, DEFAULT_ASSETS_ROOT } from '../../storage';
import { mp3Duration } from '../../storage/mp3-duration';
import type { SeedStep } from '../index';
import { readManifest } from './channel-catalogue';

interface MediaEntry {
  file: string;
  name: string;
  duration?: number;
}

const asset = (file: string) => ASSETS_PREFIX + file;
const HOUR_MS = 3_600_000;

async function durationOf(entry: { file: string; duration?: number }): Promise<number> {
  if (typeof entry.duration === 'number' && entry.duration > 0) return entry.duration;
  return mp3Duration(await readFile(path.join(DEFAULT_ASSETS_ROOT, entry.file)));
}

/** `demo`'s own sounds ('Saját hangok'): committed sound files under the shop's own names. */
const DEMO_OWN_SOUNDS = [
  { name: 'Nyitási dallam', file: 'audio/sounds/xilofon-futam.mp3', quick: true },
  { name: 'Pénztárnyitás jelzés', file: 'audio/sounds/penztargep.mp3', quick: false },
];

/** Slides by number (server/assets/images/slides/slide-NN.jpeg) with their seconds. */
const DEMO_SLIDESHOWS = [
  {
    name: 'Őszi ajánlatok',
    slides: [
      [1, 8],
      [4, 6],
      [5, 6],
      [2, 5],
    ],
  },
  {
    name: 'Üdvözlő képek',
    slides: [
      [7, 6],
      [3, 5],
      [6, 5],
      [8, 7],
    ],
  },
] as const;
const slideFile = (n: number) => `images/slides/slide-${String(n).padStart(2, '0')}.jpeg`;

/**
 * The mixer's demo content on top of `0005_sounds_and_spots`: the manifest's provider sounds and
 * spots that step did not know yet (for `demo`), two own sounds, two slideshows of the generated
 * slides and two screens showing them; `other` gets one slideshow, so isolation has something to
 * hide. Media are the committed assets (never removed: `assets/` is read-only).
 */
export const mixerDemoStep: SeedStep = {
  name: '0006_mixer_demo',
  async run({ db }) {
    const manifest = (await readManifest()) as unknown as { sounds?: MediaEntry[]; spots?: MediaEntry[] };
    const now = Date.now();

    const knownSounds = new Set(
      (await db.select({ filePath: sounds.filePath }).from(sounds).where(isNull(sounds.customerId))).map(
        (r) => r.filePath,
      ),
    );
    const newSounds = (manifest.sounds ?? []).filter((s) => !knownSounds.has(asset(s.file)));
    if (newSounds.length) {
      await db.insert(sounds).values(
        await Promise.all(
          newSounds.map(async (s) => ({
            name: s.name,
            filePath: asset(s.file),
            duration: await durationOf(s),
            createdAt: new Date(now),
            updatedAt: new Date(now),
          })),
        ),
      );
    }

    const slugs = await db
      .select({ id: customers.id, slug: customers.slug })
      .from(customers)
      .where(inArray(customers.slug, ['demo', 'other']));
    const demo = slugs.find((c) => c.slug === 'demo');
    const other = slugs.find((c) => c.slug === 'other');

    if (demo) {
      const knownSpots = new Set(
        (await db.select({ filePath: spots.filePath }).from(spots).where(eq(spots.customerId, demo.id))).map(
          (r) => r.filePath,
        ),
      );
      const newSpots = (manifest.spots ?? []).filter((s) => !knownSpots.has(asset(s.file)));
      for (const [i, s] of newSpots.entries()) {
        const createdAt = new Date(now - i * HOUR_MS);
        await db.insert(spots).values({
          customerId: demo.id,
          name: s.name,
          fileName: path.posix.basename(s.file),
          filePath: asset(s.file),
          duration: await durationOf(s),
          createdAt,
          updatedAt: createdAt,
        });
      }

      for (const own of DEMO_OWN_SOUNDS) {
        const [existing] = await db
          .select({ id: sounds.id })
          .from(sounds)
          .where(and(eq(sounds.customerId, demo.id), eq(sounds.name, own.name)))
          .limit(1);
        if (existing) continue;
        const [row] = await db
          .insert(sounds)
          .values({
            customerId: demo.id,
            name: own.name,
            filePath: asset(own.file),
            duration: await durationOf({ file: own.file }),
          })
          .returning({ id: sounds.id });
        if (own.quick)
          await db.insert(soundPreferences).values({ customerId: demo.id, soundId: row!.id, isQuick: true });
      }

      const made: number[] = [];
      for (const [i, show] of DEMO_SLIDESHOWS.entries()) {
        const createdAt = new Date(now - (DEMO_SLIDESHOWS.length - i) * HOUR_MS);
        const [row] = await db
          .insert(slideshows)
          .values({ customerId: demo.id, name: show.name, createdAt, updatedAt: createdAt })
          .returning({ id: slideshows.id });
        made.push(row!.id);
        await db.insert(slideshowImages).values(
          show.slides.map(([n, seconds], position) => ({
            customerId: demo.id,
            slideshowId: row!.id,
            name: path.posix.basename(slideFile(n)),
            filePath: asset(slideFile(n)),
            seconds,
            position: position + 1,
          })),
        );
      }
      await db.insert(screens).values([
        {
          customerId: demo.id,
          name: 'Pénztár feletti TV',
          description: null,
          hashId: randomString(16),
          slideshowId: made[0] ?? null,
        },
        {
          customerId: demo.id,
          name: 'Bejárati kijelző',
          description: 'Az ajtó melletti álló képernyő',
          hashId: randomString(16),
          slideshowId: made[1] ?? null,
        },
      ]);
    }

    if (other) {
      const [row] = await db
        .insert(slideshows)
        .values({ customerId: other.id, name: 'Heti ajánlat' })
        .returning({ id: slideshows.id });
      await db.insert(slideshowImages).values({
        customerId: other.id,
        slideshowId: row!.id,
        name: path.posix.basename(slideFile(4)),
        filePath: asset(slideFile(4)),
        seconds: 10,
        position: 1,
      });
    }
  },
};
