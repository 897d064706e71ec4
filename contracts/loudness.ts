import { z } from 'zod';

/**
 * The loudness of an audio item, as the bundled API sends it with every track, spot and sound
 * (issue 28): integrated loudness in LUFS and true peak in dBTP, measured once when the file was
 * stored. Null while not measured yet or when it could not be; absent from a Laravel API. Either
 * way the audio device then plays the item at its own level.
 */
export const loudnessFields = {
  loudness_lufs: z.number().nullable().optional(),
  peak_dbtp: z.number().nullable().optional(),
};

export interface LoudnessOf {
  loudness_lufs?: number | null;
  peak_dbtp?: number | null;
}

/** The wire figures of a row's loudness columns (rounded to what a gain needs). */
export function loudnessOf(row: { loudnessLufs: number | null; peakDbtp: number | null }): Required<LoudnessOf> {
  const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  return { loudness_lufs: round(row.loudnessLufs), peak_dbtp: round(row.peakDbtp) };
}
