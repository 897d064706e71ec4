import { test as base } from '@playwright/test';
import { closeDevice, openDevice, playHere, type Device } from '../realtime/support';

export { expect } from '@playwright/test';

/**
 * Two devices of the demo shop, each in its own browser context (its own login session): `a`
 * plays channel 1, so it is the audio device; `b` is opened after it, as a remote control. Both
 * pause the shared player and log out afterwards (b first), so the next test starts clean.
 */
export const test = base.extend<{ a: Device; b: Device }>({
  a: async ({ browser, baseURL }, use) => {
    const a = await openDevice(browser, baseURL);
    try {
      await playHere(a.page);
      await use(a);
    } finally {
      await closeDevice(a);
    }
  },
  // Depends on `a`: opened after it plays, and closed before it.
  b: async ({ browser, baseURL, a }, use) => {
    void a;
    const b = await openDevice(browser, baseURL);
    try {
      await use(b);
    } finally {
      await closeDevice(b);
    }
  },
});
