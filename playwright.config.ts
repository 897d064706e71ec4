import { defineConfig } from '@playwright/test';
import { basePlaywrightConfig } from './tests/e2e/support/playwright-base';
import { E2E, outputDirForRun, webUrl } from './scripts/launch/stack';

/**
 * End-to-end tests: the real tenant API and the built web app (started by the global setup on the
 * test ports, with a fresh DATA_DIR), driven in Chromium on the Hungarian texts.
 */
export default defineConfig({
  ...basePlaywrightConfig(webUrl(E2E.webPort, 'demo')),
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: outputDirForRun(`pulzus-e2e-${E2E.webPort}`),
  globalSetup: './tests/e2e/support/global-setup.ts',
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
});
