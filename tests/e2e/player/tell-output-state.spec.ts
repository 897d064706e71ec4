import { expect, test, type Browser, type Page } from '@playwright/test';
// The runner's own `chromium` applies the config's launch defaults (with the autoplay exemption)
// to every browser it launches; the plain library launches exactly what is asked for.
import { chromium } from 'playwright-core';
import { logIn } from '../support/auth';
import { chromiumLaunchOptions } from '../../../scripts/launch/browser';
import { audioState, bar, releasePlayer, serverPlayer } from './support';

test.describe.configure({ timeout: 150_000 });
// The runner cannot record traces of a browser it did not launch.
test.use({ trace: 'off' });

const PROMPT = 'Kattintson ide a zene indításához';
const NEEDS_TAP = 'A zene nem szól: a zenét szóló eszközön kattintson vagy koppintson az indításhoz.';
const PROMPT_SHOWN = 'e2e:output-prompt-shown';
const NOW_PLAYING = 'Most szól';
const OTHER_DEVICE = 'A zene egy másik eszközön szól';
const PLAY_HERE = 'Lejátszás ezen az eszközön';

let browser: Browser;

test.beforeAll(async () => {
  // The counter PC's browser as a shop has it: audio may not start before someone clicks the page.
  browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: chromiumLaunchOptions.args.filter((arg) => !arg.startsWith('--autoplay-policy')),
  });
});

test.afterAll(async () => {
  await browser?.close();
});

/** The bar's claims, as the phone's user sees them now. */
async function phoneClaims(page: Page) {
  const region = bar(page);
  return {
    needsTap: await region.getByText(NEEDS_TAP, { exact: true }).isVisible(),
    nowPlaying: await page.getByText(NOW_PLAYING).count(),
    otherDevice: await region.getByText(OTHER_DEVICE).count(),
    pauseButton: await region.getByRole('button', { name: 'Szünet', exact: true }).count(),
    playing: await region.getAttribute('data-playing'),
  };
}

test("the phone says the counter PC waits for a click while it does, and that it sounds once it does; the server's HTML claims nothing", async ({
  baseURL,
  browser: phoneBrowser,
}) => {
  const options = { baseURL, locale: 'hu-HU', viewport: { width: 1366, height: 768 } };
  const first = await browser.newContext(options);
  await logIn(await first.newPage());
  // The counter PC's browser is opened again, still logged in: no click on the new page yet.
  const storageState = await first.storageState();
  await first.close();
  const context = await browser.newContext({ ...options, storageState });
  // Chromium takes every look Playwright has at a page (a locator check, an evaluate) for a user gesture,
  // after which a page may start audio without one (see tap-to-start.spec.ts). Until the prompt is up the
  // device is therefore only listened to: the page itself says when the prompt appears.
  await context.addInitScript(
    ({ text, message }) => {
      new MutationObserver((_, observer) => {
        if (![...document.querySelectorAll('button')].some((b) => b.textContent?.includes(text))) return;
        observer.disconnect();
        console.info(message);
      }).observe(document, { childList: true, subtree: true });
    },
    { text: PROMPT, message: PROMPT_SHOWN },
  );
  const device = await context.newPage();
  let promptShown = false;
  device.on('console', (message) => {
    if (message.text() === PROMPT_SHOWN) promptShown = true;
  });

  const phoneContext = await phoneBrowser.newContext({
    baseURL,
    locale: 'hu-HU',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  try {
    // The music plays on the counter PC (taken there through the API, as a press would).
    await device.goto('/channels');
    const started = await device.evaluate(async () => {
      const headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
      const me = (await (await fetch('/api/me', { headers })).json()) as { session_id: string };
      const players = (await (await fetch('/api/players', { headers })).json()) as {
        id: number;
        is_playing: boolean;
      }[];
      const id = players[0]!.id;
      if (players[0]!.is_playing) await fetch(`/api/players/${id}/toggle-play`, { headers });
      const body = JSON.stringify({ currentTime: 0 });
      await fetch(`/api/players/${id}/sessions/${me.session_id}`, { method: 'POST', headers, body });
      const played = await fetch(`/api/players/${id}/playable/channel/1`, { method: 'POST', headers, body: '{}' });
      const answer = (await played.json()) as { session_id: string };
      return { status: played.status, output: answer.session_id === me.session_id };
    });
    expect(started).toEqual({ status: 200, output: true });

    // The counter PC reloads (a restart of the shop's PC, a new version): its browser refuses to start the music.
    promptShown = false;
    await device.reload();
    await expect.poll(() => promptShown, { timeout: 20_000 }).toBe(true);
    await expect(bar(device).getByRole('button', { name: PROMPT })).toBeVisible();
    expect((await audioState(device)).paused).toBe(true);

    // The phone says so: no 'Most szól', no pause button, no running clock, and it offers to play here.
    await logIn(phone);
    await expect(bar(phone).getByText(NEEDS_TAP, { exact: true })).toBeVisible({ timeout: 15_000 });
    expect(await phoneClaims(phone)).toEqual({
      needsTap: true,
      nowPlaying: 0,
      otherDevice: 0,
      pauseButton: 0,
      playing: 'false',
    });
    await expect(bar(phone).getByRole('button', { name: PLAY_HERE })).toBeVisible();
    await expect(bar(phone).getByRole('button', { name: 'Lejátszás', exact: true })).toBeVisible();
    expect((await serverPlayer(phone)).output?.state).toBe('needs_tap');
    // The clock stands: two readings a second and a half apart show the same time.
    // (On a phone the slider sits in the folded part of the bar: read it there.)
    const seek = bar(phone).getByRole('slider', { name: 'Tekerés', includeHidden: true });
    const before = await seek.inputValue();
    await phone.waitForTimeout(1_500);
    expect(await seek.inputValue()).toBe(before);

    // One click on the counter PC's prompt: the music sounds there, and the phone says it plays.
    await bar(device).getByRole('button', { name: PROMPT }).click();
    await expect.poll(async () => (await audioState(device)).paused, { timeout: 15_000 }).toBe(false);
    await expect(bar(phone).getByRole('button', { name: 'Szünet', exact: true })).toBeVisible({ timeout: 15_000 });
    expect(await phoneClaims(phone)).toMatchObject({ needsTap: false, otherDevice: 1, playing: 'true' });
    expect((await serverPlayer(phone)).output?.state).toBe('audible');
    await expect(bar(device).getByRole('button', { name: PROMPT })).toHaveCount(0);

    // The server's HTML of /channels, while the music really plays: none of the three claims is in it.
    // (Asked by the phone's page, with its cookies, as a reload would: the answer is the server's HTML, unhydrated.)
    const html = await phone.evaluate(async () =>
      (await fetch('/channels', { headers: { Accept: 'text/html' } })).text(),
    );
    expect(html).toContain('Lejátszó');
    expect(html).not.toContain(NOW_PLAYING);
    expect(html).not.toContain(OTHER_DEVICE);
    expect(html).not.toContain('aria-label="Szünet"');
    // The pause icon's two bars, but for the featured carousel's own 'Forgatás megállítása' button
    // (its turning, not the music's).
    const turnButton = /<button[^>]*data-turn=""[^>]*>[\s\S]*?<\/button>/g;
    expect(html.replace(turnButton, '')).not.toContain('width="4.5" height="14"');
  } finally {
    await phoneContext.close();
    await releasePlayer(device);
    await context.close();
  }
});
