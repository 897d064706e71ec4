import { settingSchema, type Setting } from './auth';
import { z } from 'zod';

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
