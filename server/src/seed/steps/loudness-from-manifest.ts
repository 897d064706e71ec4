import { sql } from 'drizzle-orm';
import { sounds, spots, tracks } from '../../db/schema';
import { ASSETS_PREFIX } from '../../storage';
import type { SeedStep } from '../index';
import { readManifest } from './channel-catalogue';

interface MeasuredEntry {
  file: string;
  loudness_lufs?: number;
  peak_dbtp?: number;
}

/**
 * The seeded audio's loudness (issue 28), from the figures committed in server/assets/manifest.json
 * (scripts/generate-media.ts measures them): one statement per table, for the rows of the seeded
 * files that have none yet. Files the manifest does not measure are left to the API's background
 * measuring.
 */
export const loudnessFromManifestStep: SeedStep = {
  name: '0010_loudness_from_manifest',
  async run({ db }) {
    const manifest = (await readManifest()) as unknown as Record<string, MeasuredEntry[] | undefined>;
    const figures = ['tracks', 'spots', 'sounds']
      .flatMap((group) => manifest[group] ?? [])
      .filter((e) => typeof e.loudness_lufs === 'number' && typeof e.peak_dbtp === 'number')
      .map((e) => ({ file_path: ASSETS_PREFIX + e.file, lufs: e.loudness_lufs, peak: e.peak_dbtp }));
    if (!figures.length) return;
    const json = JSON.stringify(figures);
    for (const table of [tracks, spots, sounds]) {
      await db.execute(sql`
        UPDATE ${table} SET loudness_lufs = r.lufs, peak_dbtp = r.peak
        FROM jsonb_to_recordset(${json}::jsonb) AS r(file_path text, lufs double precision, peak double precision)
        WHERE ${table}.file_path = r.file_path AND ${table}.loudness_lufs IS NULL`);
    }
  },
};
