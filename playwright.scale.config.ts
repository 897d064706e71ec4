import { defineConfig } from '@playwright/test';
import { basePlaywrightConfig } from './tests/e2e/support/playwright-base';
import { outputDirForRun } from './scripts/launch/stack';
import { SCALE } from './tests/scale/support';

/**
 * The scale suite: the cluster of `npm run start:cluster` (two API and two web instances behind
 * HAProxy, PostgreSQL, Redis), started by the global setup on the suite's ports. One file, in
 * order: the last test kills an API instance.
 */
export default defineConfig({
  ...basePlaywrightConfig(`http://demo.localhost:${SCALE.webPort}`),
  testDir: './tests/scale',
  testMatch: '**/*.spec.ts',
  timeout: 180_000,
  outputDir: outputDirForRun(`pulzus-scale-${SCALE.webPort}`, 'test-results/scale'),
  globalSetup: './tests/scale/global-setup.ts',
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/scale' }]],
});
