/**
 * How the shop's audio device shapes what it plays: settings rows (contracts/settings.ts) every shop
 * of the bundled API has, `value` as text. A Laravel API lists none of them, so the settings page
 * hides them there and the device plays as before (no levelling, no crossfade, spots at the music's
 * level). Kept free of zod: the device's bundle reads them.
 */

/** 'Hangerő-kiegyenlítés': '1' plays every item at the target loudness, '0' at its file's own level. */
export const SETTING_LOUDNESS_NORMALIZE = 'loudness_normalize';
/** 'Szpotok hangereje': spots and sounds relative to the music, whole dB, −6 … +6. */
export const SETTING_SPOT_GAIN_DB = 'spot_gain_db';
/** 'Áttűnés': the crossfade between tracks, whole seconds, 0 … 8 (0 = a cut). */
export const SETTING_CROSSFADE_SECONDS = 'crossfade_seconds';

export const SOUND_SETTING_KEYS = [
  SETTING_LOUDNESS_NORMALIZE,
  SETTING_SPOT_GAIN_DB,
  SETTING_CROSSFADE_SECONDS,
] as const;
export type SoundSettingKey = (typeof SOUND_SETTING_KEYS)[number];

/** The loudness every item is played at when levelling is on (EBU R128 streaming practice). */
export const LOUDNESS_TARGET_LUFS = -16;
/** A levelled item's true peak never goes past this. */
export const LOUDNESS_PEAK_CEILING_DBTP = -1;

export const SPOT_GAIN_DB = { min: -6, max: 6 } as const;
export const CROSSFADE_SECONDS = { min: 0, max: 8 } as const;

/** The values a new shop starts with (stored as text in its settings rows). */
export const SOUND_SETTING_DEFAULTS: Readonly<Record<SoundSettingKey, string>> = {
  [SETTING_LOUDNESS_NORMALIZE]: '1',
  [SETTING_SPOT_GAIN_DB]: '0',
  [SETTING_CROSSFADE_SECONDS]: '3',
};

/** The device's reading of the rows. */
export type SoundSettings = {
  /** Level every item to LOUDNESS_TARGET_LUFS, never past LOUDNESS_PEAK_CEILING_DBTP. */
  normalize: boolean;
  /** Extra gain of spots and sounds over the music, dB. */
  spotGainDb: number;
  /** Crossfade length between tracks, seconds. */
  crossfadeSeconds: number;
};

/** What a device does without the rows (a Laravel API): everything as before. */
export const SOUND_SETTINGS_ABSENT: SoundSettings = { normalize: false, spotGainDb: 0, crossfadeSeconds: 0 };

const wholeIn = (raw: string | null | undefined, range: { min: number; max: number }): number | undefined => {
  if (raw === null || raw === undefined || !/^[+-]?\d+$/.test(raw.trim())) return undefined;
  const n = Number(raw.trim());
  return n >= range.min && n <= range.max ? n : undefined;
};

/** A stored value checked: the whole number in range, or undefined (the save refuses it). */
export const parseSpotGainDb = (raw: string | null | undefined) => wholeIn(raw, SPOT_GAIN_DB);
export const parseCrossfadeSeconds = (raw: string | null | undefined) => wholeIn(raw, CROSSFADE_SECONDS);
/** '1' or '0' (also 'true'/'false'), else undefined. */
export function parseSwitch(raw: string | null | undefined): boolean | undefined {
  const v = raw?.trim().toLowerCase();
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  return undefined;
}

/**
 * The settings list read into SoundSettings: a row that is missing (a Laravel API) keeps the
 * absent behaviour; a row present with an unreadable value takes the default.
 */
export function soundSettingsOf(
  rows: ReadonlyArray<{ key: string; value: string | null }> | null | undefined,
): SoundSettings {
  const byKey = new Map((rows ?? []).map((r) => [r.key, r.value] as const));
  const has = (k: SoundSettingKey) => byKey.has(k);
  const get = (k: SoundSettingKey) => byKey.get(k) ?? SOUND_SETTING_DEFAULTS[k];
  return {
    normalize: has(SETTING_LOUDNESS_NORMALIZE)
      ? (parseSwitch(get(SETTING_LOUDNESS_NORMALIZE)) ?? true)
      : SOUND_SETTINGS_ABSENT.normalize,
    spotGainDb: has(SETTING_SPOT_GAIN_DB)
      ? (parseSpotGainDb(get(SETTING_SPOT_GAIN_DB)) ?? 0)
      : SOUND_SETTINGS_ABSENT.spotGainDb,
    crossfadeSeconds: has(SETTING_CROSSFADE_SECONDS)
      ? (parseCrossfadeSeconds(get(SETTING_CROSSFADE_SECONDS)) ?? 3)
      : SOUND_SETTINGS_ABSENT.crossfadeSeconds,
  };
}
