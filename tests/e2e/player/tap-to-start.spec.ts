import { chromium, expect, test } from '@playwright/test';
import { logIn } from '../support/auth';
import { chromiumLaunchOptions } from '../support/browser';
import { audioState, bar, expectTimeAdvances, playChannel, releasePlayer } from './support';

test.describe.configure({ timeout: 120_000 });

test('without the autoplay exemption a reload asks for a tap, and the tap starts the music', async ({ baseURL }) => {
  // The browser as a shop's PC has it: audio may not start before the user touches the page.
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: chromiumLaunchOptions.args.filter((arg) => !arg.startsWith('--autoplay-policy')),
  });
  const context = await browser.newContext({ baseURL, locale: 'hu-HU', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  try {
    await logIn(page);
    // A press is a gesture, so starting from the channel page is allowed…
    await playChannel(page, 1);

    // …but after a reload the page has had no gesture, and the browser refuses to start.
    await page.reload();
    const prompt = bar(page).getByRole('button', { name: 'A lejátszás elindításához koppintson ide' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    expect((await audioState(page)).paused).toBe(true);

    await prompt.click();
    await expect(prompt).toBeHidden();
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 15_000 }).toBe(false);
    await expectTimeAdvances(page);
  } finally {
    await releasePlayer(page);
    await browser.close();
  }
});
