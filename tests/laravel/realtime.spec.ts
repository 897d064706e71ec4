import { expect, test, type Page } from '@playwright/test';
import { browserGet, logIn } from '../e2e/support/auth';

function bar(page: Page) {
  return page.getByRole('region', { name: 'Lejátszó' });
}

test(
  "without the API's realtime config the bar never says 'Kapcsolódás…' and follows another device within 15 s",
  // The suite starts the web without PUSHER_KEY: no socket, the page polls /api/players every 15 s.
  async ({ page, browser }) => {
    test.setTimeout(90_000);
    await logIn(page);
    const before = ((await browserGet(page, '/api/players')).body as { is_playing: boolean }[])[0]!.is_playing;
    // A window on purpose: that the bar never says 'Kapcsolódás…' shows only over time.
    await page.waitForTimeout(5_000);
    await expect(bar(page).getByText('Kapcsolódás…')).toHaveCount(0);

    // Another device presses play/pause; this one learns it from polling /api/players.
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await logIn(second);
      expect((await browserGet(second, '/api/players/1/toggle-play')).status).toBe(200);
    } finally {
      await other.close();
    }
    await expect(bar(page).getByRole('button', { name: before ? 'Lejátszás' : 'Szünet', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(bar(page).getByText('Kapcsolódás…')).toHaveCount(0);
    // Back as it was, for the other specs.
    expect((await browserGet(page, '/api/players/1/toggle-play')).status).toBe(200);
  },
);
