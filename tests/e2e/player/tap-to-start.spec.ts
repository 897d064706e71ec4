import { expect, test, type Browser } from '@playwright/test';
// The runner's own `chromium` applies the config's launch defaults (with the autoplay exemption)
// to every browser it launches; the plain library launches exactly what is asked for.
import { chromium } from 'playwright-core';
import { logIn } from '../support/auth';
import { chromiumLaunchOptions } from '../../../scripts/launch/browser';
import { audioState, bar, expectTimeAdvances, releasePlayer } from './support';

test.describe.configure({ timeout: 120_000 });
// The runner cannot record traces of a browser it did not launch.
test.use({ trace: 'off' });

let browser: Browser;

const TAP_TO_START = 'Kattintson ide a zene indításához';
const PROMPT_SHOWN = 'e2e:tap-prompt-shown';

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
  // Chromium takes every look Playwright has at a page (a locator check, an evaluate) for a user gesture,
  // and a page that has had one may start audio without a tap. Until the prompt is up the test therefore
  // only listens: the page itself says when the prompt appears.
  await context.addInitScript(
    ({ text, message }) => {
      new MutationObserver((_, observer) => {
        if (![...document.querySelectorAll('button')].some((b) => b.textContent?.includes(text))) return;
        observer.disconnect();
        console.info(message);
      }).observe(document, { childList: true, subtree: true });
    },
    { text: TAP_TO_START, message: PROMPT_SHOWN },
  );
  const page = await context.newPage();
  let promptShown = false;
  page.on('console', (message) => {
    if (message.text() === PROMPT_SHOWN) promptShown = true;
  });
  try {
    await page.goto('/channels');
    const started = await page.evaluate(async () => {
      const headers = { Accept: 'application/json' };
      const players = (await (await fetch('/api/players', { headers })).json()) as {
        id: number;
        is_playing: boolean;
      }[];
      const id = players[0]!.id;
      if (players[0]!.is_playing) await fetch(`/api/players/${id}/toggle-play`, { headers });
      return (await fetch(`/api/players/${id}/playable/channel/1`, { method: 'POST', headers })).ok;
    });
    expect(started).toBe(true);
    promptShown = false;
    await page.reload();
    await expect.poll(() => promptShown, { timeout: 20_000 }).toBe(true);
    const prompt = bar(page).getByRole('button', { name: TAP_TO_START });
    await expect(prompt).toBeVisible();
    expect((await audioState(page)).paused).toBe(true);

    // The page has had gestures by now (the checks above). The music is moved while the prompt waits, as
    // another device would (the call carries no socket id, so the change is pushed to this page too, or
    // comes with the resync of a socket that connects just now): the prompt stays where the tap is coming,
    // and the music still waits for it.
    await page.evaluate(async () => {
      const headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
      const [player] = (await (await fetch('/api/players', { headers })).json()) as { id: number; volume: number }[];
      const body = JSON.stringify({ currentTime: 7, volume: player!.volume });
      await fetch(`/api/players/${player!.id}/update-volume`, { method: 'POST', headers, body });
    });
    await expect(bar(page).getByRole('slider', { name: 'Tekerés' })).toHaveValue('7');
    await expect(prompt).toBeVisible();
    expect((await audioState(page)).paused).toBe(true);

    await prompt.click();
    await expect(prompt).toBeHidden();
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 15_000 }).toBe(false);
    await expectTimeAdvances(page);
    // The music goes through the audio graph (our API's media carry CORS), whose context the tap started.
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as { __pulzusAudioGraph?: { state(): string } }).__pulzusAudioGraph?.state() ?? null,
        ),
      )
      .toBe('running');
  } finally {
    await releasePlayer(page);
    await context.close();
  }
});
