import { expect, test, type Browser } from '@playwright/test';
// The runner's own `chromium` applies the config's launch defaults (with the autoplay exemption)
// to every browser it launches; the plain library launches exactly what is asked for.
import { chromium } from 'playwright-core';
import { logIn } from '../support/auth';
import { chromiumLaunchOptions } from '../support/browser';
import { audioState, bar, expectTimeAdvances, releasePlayer } from './support';

// Known intermittent failure (about one full run in three): late in a full run the prompt is
// detached and re-created for seconds, so the click cannot land. Not yet understood; one retry keeps
// the run usable while it is investigated; the assertions are unchanged and a steady failure still fails.
test.describe.configure({ timeout: 120_000, retries: 1 });
// The runner cannot record traces of a browser it did not launch.
test.use({ trace: 'off' });

let browser: Browser;

test.beforeAll(async () => {
  // The browser as a shop's PC has it: audio may not start before the user touches the page.
  browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: chromiumLaunchOptions.args.filter((arg) => !arg.startsWith('--autoplay-policy')),
  });
});

test.afterAll(async () => {
  await browser?.close();
});

test('a browser that refuses autoplay shows the tap prompt, and the tap starts the music', async ({ baseURL }) => {
  const options = { baseURL, locale: 'hu-HU', viewport: { width: 1366, height: 768 } };
  const first = await browser.newContext(options);
  await logIn(await first.newPage());
  // The shop's browser is closed and opened again, still logged in: no tap on the new page yet.
  // (Chrome also lets an origin that has just sounded in this browser start again, so the music
  // is started through the API rather than by a press that would make it sound here first.)
  const storageState = await first.storageState();
  await first.close();

  const context = await browser.newContext({ ...options, storageState });
  const page = await context.newPage();
  try {
    await page.goto('/channels');
    const started = await page.evaluate(async () => {
      const headers = { Accept: 'application/json' };
      const players = (await (await fetch('/api/players', { headers })).json()) as { id: number; is_playing: boolean }[];
      const id = players[0]!.id;
      if (players[0]!.is_playing) await fetch(`/api/players/${id}/toggle-play`, { headers });
      return (await fetch(`/api/players/${id}/playable/channel/1`, { method: 'POST', headers })).ok;
    });
    expect(started).toBe(true);
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
    await context.close();
  }
});
