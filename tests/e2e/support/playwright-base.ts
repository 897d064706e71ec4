import { devices, type PlaywrightTestConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../scripts/launch/browser';

/**
 * What the end-to-end suite and the Laravel suite share: one worker (the tests drive one stack and
 * its shared data), no retries, generous timeouts, Hungarian locale, Debian's Chromium at 1366×768.
 */
export function basePlaywrightConfig(baseURL: string): PlaywrightTestConfig {
  return {
    fullyParallel: false,
    workers: 1,
    retries: 0,
    forbidOnly: !!process.env.CI,
    timeout: 60_000,
    expect: { timeout: 10_000 },
    use: {
      baseURL,
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
  };
}
