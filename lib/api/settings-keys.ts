/**
 * SWR key and paths of the settings (SPEC.md §7 Settings); the key is the BFF URL itself. Kept apart
 * from the hooks so server components can import it without the SWR client.
 */
export const SETTINGS_KEY = '/api/settings';
/** Save a value: form or JSON `id, key, value`. */
export const settingPath = (id: number) => `/api/settings/${id}`;
/** Upload a file (the logo): multipart `id, key, file`. */
export const settingFilePath = (id: number) => `/api/settings/file/${id}`;

/**
 * The rows every shop has (contracts/settings.ts SETTING_LOGO, SETTING_TIMEZONE), repeated here
 * because that module pulls zod, which the browser bundle leaves out; a unit test keeps them equal.
 */
export const LOGO_SETTING = 'logo';
export const TIMEZONE_SETTING = 'timezone';
