/** Types of lib/browser-folders.mjs (plain JavaScript so that the ESLint config reads it). */
export const BROWSER_FOLDERS: readonly string[];
export const WEB_APP_FILES: readonly string[];
