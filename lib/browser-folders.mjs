/**
 * The folders whose code runs in the browser (lib/README.md's "runs" column: browser, or anywhere),
 * one list for the two checks that keep them light and safe: the lint rules of eslint.config.mjs (no
 * server-only lib/ folder imported) and tests/unit/contracts/browser-zod-free.test.ts (no zod reached).
 * lib/server, lib/bff, lib/web-server, lib/security and lib/env.ts run on the web server only. Plain
 * JavaScript, so the ESLint config reads it without a transpiler.
 */
export const BROWSER_FOLDERS = Object.freeze([
  'components',
  'lib/api',
  'lib/channels',
  'lib/format',
  'lib/i18n',
  'lib/mixer',
  'lib/player',
  'lib/realtime',
  'lib/routing',
  'lib/screen',
  'lib/ui',
]);

/**
 * The web app's own folders and entry files: none imports the tenant API (`server/`), whose code is
 * the API's own; what both need lives in contracts/ (the time rules in contracts/time).
 */
export const WEB_APP_FILES = Object.freeze([
  'app/**',
  'lib/**',
  'proxy.ts',
  'web-server.ts',
  ...BROWSER_FOLDERS.map((f) => `${f}/**`),
]);
