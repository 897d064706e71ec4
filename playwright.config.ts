import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/browser';
import { E2E, outputDirForRun, webUrl } from './tests/e2e/support/stack';

/**
 * End-to-end tests: the real tenant API and the built web app (started by the global setup on the
 * test ports, with a fresh DATA_DIR), driven in Chromium on the Hungarian texts.
 */
export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: outputDirForRun(`pulzus-e2e-${E2E.webPort}`),
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: webUrl(E2E.webPort, 'demo'),
    locale: 'hu-HU',
    timezoneId: 'Europe/Budapest',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 768 },
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
});
