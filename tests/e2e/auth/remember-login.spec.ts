import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumLaunchOptions } from '../../../scripts/launch/browser';
import { browserGet, logIn } from '../support/auth';

/**
 * A real browser restart: the same Chromium profile closed and opened again. Session cookies die
 * with the browser; only a cookie with a lifetime survives.
 */
async function openBrowser(profile: string, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    headless: true,
    baseURL,
    viewport: { width: 1366, height: 768 },
    locale: 'hu-HU',
  });
}

for (const remember of [true, false]) {
  test(`${remember ? 'with' : 'without'} 'Emlékezzen rám' the login ${remember ? 'survives' : 'ends with'} a browser restart`, async ({
    baseURL,
  }) => {
    const profile = mkdtempSync(path.join(tmpdir(), 'pulzus-profile-'));
    try {
      let browser = await openBrowser(profile, baseURL!);
      const page = browser.pages()[0] ?? (await browser.newPage());
      await logIn(page, undefined, remember);
      const sealed = (await browser.cookies()).find((c) => c.name === 'pulzus');
      expect(sealed, 'the sealed web cookie').toBeTruthy();
      // The upstream cookies stay inside the sealed cookie, never in the browser.
      expect((await browser.cookies()).map((c) => c.name)).not.toContain('pulzus_session');
      await browser.close();

      browser = await openBrowser(profile, baseURL!);
      const again = browser.pages()[0] ?? (await browser.newPage());
      await again.goto('/channels');
      if (remember) {
        await expect(again).toHaveURL(/\/channels$/);
        await expect(again.getByRole('heading', { name: 'Csatornák' })).toBeVisible();
        expect((await browserGet(again, '/api/me')).status).toBe(200);
      } else {
        await expect(again).toHaveURL(/\/login$/);
        expect((await browserGet(again, '/api/me')).status).toBe(401);
      }
      await browser.close();
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
}
