import { settingSchema, type Setting } from './auth';
import { z } from 'zod';
import { hasInvisible } from './fields';
import {
  CROSSFADE_SECONDS,
  parseCrossfadeSeconds,
  parseSpotGainDb,
  parseSwitch,
  SETTING_CROSSFADE_SECONDS,
  SETTING_LOUDNESS_NORMALIZE,
  SETTING_SPOT_GAIN_DB,
  SPOT_GAIN_DB,
} from './sound-settings';
import { isTimeZoneIn } from './time/zones';

/**
 * Settings (SPEC.md §3 Setting, §7 Settings): per shop, `{id, key, value, url}`. Every shop has the
 * rows `logo` (a file: `url` is its signed image URL, `value` null) and `timezone` (an IANA name,
 * the zone the scheduler evaluates in; default Europe/Budapest).
 */
export { settingSchema, type Setting };
/** GET /api/settings: the shop's settings, in a fixed order (logo first). */
export const settingListSchema = z.array(settingSchema);

export const SETTING_LOGO = 'logo';
export const SETTING_TIMEZONE = 'timezone';

/**
 * POST /api/settings/{id} (form or JSON `id, key, value`) → the Setting. The `key` must be the
 * row's; `value` is validated per key (errors: 422 `errors.value`, or `errors.key` for a key that is
 * not the row's). POST /api/settings/file/{id} (multipart `id, key, file`) → the Setting with its new
 * `url`: the logo, jpeg/jpg/png judged by content, at most 10 MB (`errors.file`).
 */
export type SettingBody = { id: number; key: string; value: string };

export const settingMessages = {
  keyRequired: 'A beállítás kulcsának megadása kötelező.',
  keyMismatch: 'A beállítás kulcsa nem egyezik.',
  notFile: 'Ehhez a beállításhoz nem tölthető fel fájl.',
  logoAsFile: 'A logót fájlként töltse fel.',
  timezone: 'Ismeretlen időzóna.',
  valueText: 'Az érték csak szöveg lehet.',
  valueTooLong: (max: number) => `Az érték legfeljebb ${max} karakter lehet.`,
  valueControl: 'Az érték nem tartalmazhat sortörést vagy vezérlőkaraktert.',
  loudnessNormalize: 'A hangerő-kiegyenlítés csak be- (1) vagy kikapcsolt (0) lehet.',
  spotGainDb: `A szpotok hangereje ${SPOT_GAIN_DB.min} és +${SPOT_GAIN_DB.max} dB közötti egész szám lehet.`,
  crossfadeSeconds: `Az áttűnés ${CROSSFADE_SECONDS.min} és ${CROSSFADE_SECONDS.max} másodperc közötti egész szám lehet.`,
} as const;

/** The sound settings (contracts/sound-settings.ts): each value read by its parser, stored in its plain spelling. */
const soundRules: Record<string, { parse: (raw: string) => number | boolean | undefined; message: string }> = {
  [SETTING_LOUDNESS_NORMALIZE]: { parse: parseSwitch, message: settingMessages.loudnessNormalize },
  [SETTING_SPOT_GAIN_DB]: { parse: parseSpotGainDb, message: settingMessages.spotGainDb },
  [SETTING_CROSSFADE_SECONDS]: { parse: parseCrossfadeSeconds, message: settingMessages.crossfadeSeconds },
};

export const SETTING_VALUE_MAX = 255;

/**
 * The IANA zones this runtime knows (the scheduler evaluates in one of them), plus 'UTC', in their
 * current spelling too: Node's list says 'Europe/Kiev' where a browser offers 'Europe/Kyiv', and
 * Intl takes both.
 */
let zones: ReadonlySet<string> | undefined;
export function isKnownTimeZone(value: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return isTimeZoneIn(value, zones);
}

/** The body's `key`: text, required (the route compares it with the row's key). */
export const settingKeyBodySchema = z.object({
  key: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: settingMessages.keyRequired }).min(1, { error: settingMessages.keyRequired }),
  ),
});

/**
 * POST /api/settings/{id}: `key` and `value` (`id` is ignored: the path's counts). The value's rule
 * is the row's key's (`settingValueSchema`), so the route judges it once the row is found.
 */
export const settingBodySchema = settingKeyBodySchema.extend({ value: z.unknown() });

/**
 * The rule for `value` of the setting `key` (POST /api/settings/{id}): `timezone` an IANA zone the
 * runtime knows; the sound settings a switch ('1'/'0') or a whole number in range; `logo` only as a file (POST /api/settings/file/{id}); any other key trimmed text
 * of at most 255 characters without invisible characters (`hasInvisible`; blank = null).
 */
export function settingValueSchema(key: string) {
  const text = z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v === null || v === undefined ? '' : v),
    z.string({ error: settingMessages.valueText }).trim(),
  );
  if (key === SETTING_LOGO) {
    return z.object({
      value: z.unknown().superRefine((_, ctx) => ctx.addIssue({ code: 'custom', message: settingMessages.logoAsFile })),
    });
  }
  if (key === SETTING_TIMEZONE) {
    return z.object({ value: text.pipe(z.string().refine(isKnownTimeZone, { error: settingMessages.timezone })) });
  }
  const sound = soundRules[key];
  if (sound) {
    // '+3' is kept as '3', 'true' as '1': the device reads one spelling.
    return z.object({
      value: text.pipe(
        z
          .string()
          .refine((s) => sound.parse(s) !== undefined, { error: sound.message })
          .transform((s) => {
            const v = sound.parse(s)!;
            return typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
          }),
      ),
    });
  }
  return z.object({
    value: text.pipe(
      z
        .string()
        .max(SETTING_VALUE_MAX, { error: settingMessages.valueTooLong(SETTING_VALUE_MAX) })
        .refine((s) => !hasInvisible(s), { error: settingMessages.valueControl })
        .transform((s) => (s === '' ? null : s)),
    ),
  });
}
