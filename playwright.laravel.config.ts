import { defineConfig } from '@playwright/test';
import { basePlaywrightConfig } from './tests/e2e/support/playwright-base';
import { outputDirForRun, webUrl } from './scripts/launch/stack';
import { LARAVEL } from './tests/laravel/support/peer';

/**
 * The web app against a real Laravel tenant API (`npm run test:laravel`): a copy of the Laravel peer
 * and the end-to-end build of the web app, started by the global setup on the suite's own ports.
 * Besides tests/laravel/ it runs the auth specs of the end-to-end suite, except those tagged
 * @bundled-api (they need a call or a behaviour only the bundled tenant API has: reset mails,
 * throttling, a logo in the customer's settings).
 */
export default defineConfig({
  ...basePlaywrightConfig(webUrl(LARAVEL.webPort, 'demo')),
  testDir: './tests',
  testMatch: ['laravel/**/*.spec.ts', 'e2e/auth/**/*.spec.ts'],
  grepInvert: /@bundled-api/,
  outputDir: outputDirForRun(`pulzus-laravel-${LARAVEL.webPort}`, 'test-results/laravel'),
  globalSetup: './tests/laravel/support/global-setup.ts',
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/laravel' }]],
});
