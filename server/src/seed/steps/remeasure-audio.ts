import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { sounds, spots } from '../../db/schema';
import type { Storage } from '../../storage';
import { storedMp3Length } from '../../storage/mp3-length';
import type { SeedContext, SeedStep } from '../index';

/**
 * The true length of a stored file (storage/mp3-length.ts): what its frames play, the larger of
 * that and its header's claim when the two agree; a file that fails the check (a lying header,
 * frames with no decodable audio) keeps the length of the frames really there, and still plays.
 * Null when the file is missing or holds no audio: then the stored length stays.
 */
async function measure(storage: Storage, filePath: string): Promise<number | null> {
  const abs = storage.resolve(filePath);
  if (!abs) return null;
  let data: Buffer;
  try {
    data = await readFile(abs);
  } catch {
    return null;
  }
  return storedMp3Length(data);
}

/** Every stored spot and sound measured again; a length that differs from the stored one is written. */
async function remeasureAll({ db, storage }: SeedContext) {
  for (const table of [spots, sounds]) {
    const rows = await db.select({ id: table.id, filePath: table.filePath, duration: table.duration }).from(table);
    for (const row of rows) {
      const duration = await measure(storage, row.filePath);
      // Below what the page shows (and what a manifest's rounded figure differs by): left as is.
      if (duration === null || Math.abs(duration - row.duration) < 0.01) continue;
      await db.update(table).set({ duration }).where(eq(table.id, row.id));
    }
  }
}

/**
 * Uploads were once measured by their Xing/VBRI header alone, so a forged header could store a
 * spot or sound years long. Every stored file is measured again from its bytes. One over today's
 * cap keeps its real length and stays playable (the page marks it); nothing is deleted.
 */
export const remeasureAudioStep: SeedStep = {
  name: '0008_remeasure_audio_lengths',
  run: remeasureAll,
};

/**
 * Uploads were then measured by a header the bytes could hold, so a 22-minute file claiming
 * 1,000 frames was stored as 72 s, past the 10-minute cap, and frames of random bytes as audio.
 * Every stored file is measured again by its walked frames; one that fails keeps the length its
 * frames play and stays playable, and the page marks it 'Túl hosszú' when that is over its cap.
 */
export const remeasureWalkedAudioStep: SeedStep = {
  name: '0011_remeasure_audio_walked',
  run: remeasureAll,
};
