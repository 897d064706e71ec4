import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { sounds, spots } from '../../db/schema';
import type { Storage } from '../../storage';
import { mp3Duration, mp3WalkedDuration, NotMp3Error } from '../../storage/mp3-duration';
import type { SeedStep } from '../index';

/**
 * The true length of a stored file: its header's frame count when the bytes can hold it, else the
 * frames really there (a forged count still plays, just as long as its audio). Null when the file
 * is missing or holds no audio: then the stored length stays.
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
  try {
    return mp3Duration(data);
  } catch (err) {
    if (!(err instanceof NotMp3Error)) throw err;
  }
  try {
    return mp3WalkedDuration(data);
  } catch (err) {
    if (err instanceof NotMp3Error) return null;
    throw err;
  }
}

/**
 * Uploads were once measured by their Xing/VBRI header alone, so a forged header could store a
 * spot or sound years long. Every stored file is measured again from its bytes. One over today's
 * cap keeps its real length and stays playable (the page marks it); nothing is deleted.
 */
export const remeasureAudioStep: SeedStep = {
  name: '0008_remeasure_audio_lengths',
  async run({ db, storage }) {
    for (const table of [spots, sounds]) {
      const rows = await db.select({ id: table.id, filePath: table.filePath, duration: table.duration }).from(table);
      for (const row of rows) {
        const duration = await measure(storage, row.filePath);
        // Below what the page shows (and what a manifest's rounded figure differs by): left as is.
        if (duration === null || Math.abs(duration - row.duration) < 0.01) continue;
        await db.update(table).set({ duration }).where(eq(table.id, row.id));
      }
    }
  },
};
