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
const PROMPT_SHOWN = 'e2e:counter-prompt-shown';
const PLAY_HERE = 'Lejátszás ezen az eszközön';
const NEEDS_TAP = 'A zene nem szól: a zenét szóló eszközön kattintson vagy koppintson az indításhoz.';
const HERE = 'Itt szól';

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

/** The state of the audio graph's context on the page (null without a graph). */
function graphState(page: Page): Promise<string | null> {
  return page.evaluate(
    () => (window as { __pulzusAudioGraph?: { state(): string } }).__pulzusAudioGraph?.state() ?? null,
  );
}

/** Whether the page's music really sounds: the element plays, its time moves, and the graph runs. */
async function sounds(page: Page): Promise<boolean> {
  const before = await audioState(page);
  await page.waitForTimeout(700);
  const after = await audioState(page);
  const graph = await graphState(page);
  return !after.paused && after.time > before.time + 0.2 && (graph === null || graph === 'running');
}

/** Picks a row of the bar's device menu ('Eszközök'): this device's or the other one. */
async function pickDevice(page: Page, self: boolean): Promise<void> {
  await bar(page).getByRole('button', { name: 'Eszközök' }).filter({ visible: true }).click();
  const rows = page.getByRole('menuitemradio');
  await expect(rows).toHaveCount(2);
  const row = self ? rows.filter({ hasText: 'Ez az eszköz' }) : rows.filter({ hasNotText: 'Ez az eszköz' });
  await row.click();
}

test("a click on the counter PC that waits for one starts its sound (its own entry in the device menu, its ▶); the phone's ▶ never takes the music", async ({
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
  // Chromium takes every look Playwright has at a page for a user gesture (see tap-to-start.spec.ts):
  // until the prompt is up the PC is only listened to.
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
  const pc = await context.newPage();
  let promptShown = false;
  pc.on('console', (message) => {
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
    // The music plays on the counter PC (taken there through the API, as a press would), which reloads
    // (the shop's PC started in the morning): its browser refuses to start the music.
    await pc.goto('/channels');
    const started = await pc.evaluate(async () => {
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
      return played.status;
    });
    expect(started).toBe(200);
    promptShown = false;
    await pc.reload();
    await expect.poll(() => promptShown, { timeout: 20_000 }).toBe(true);
    const pcSession = (await serverPlayer(pc)).session_id;

    // The phone's ▶ (the bar's, and the channel's big one) asks the PC, which is online, to play: the
    // music stays there, the PC keeps its prompt, and the phone says where to click.
    await logIn(phone);
    await expect(bar(phone).getByText(NEEDS_TAP, { exact: true })).toBeVisible({ timeout: 15_000 });
    await bar(phone).getByRole('button', { name: 'Lejátszás', exact: true }).click();
    await expect(phone.getByTestId('toast').filter({ hasText: NEEDS_TAP })).toBeVisible();
    await phone.goto('/channels/1');
    await expect(bar(phone).getByText(NEEDS_TAP, { exact: true })).toBeVisible({ timeout: 15_000 });
    await phone.getByRole('main').getByRole('button', { name: 'Lejátszás', exact: true }).click();
    await expect(phone.getByTestId('toast').filter({ hasText: NEEDS_TAP }).first()).toBeVisible();
    await phone.waitForTimeout(1_000);
    expect((await serverPlayer(phone)).session_id).toBe(pcSession);
    expect((await audioState(phone)).paused).toBe(true);
    await expect(bar(pc).getByRole('button', { name: PROMPT })).toBeVisible();

    // Moving it is 'Lejátszás ezen az eszközön': it sounds on the phone, whose bar says so.
    await bar(phone).getByRole('button', { name: PLAY_HERE }).click();
    await expect.poll(async () => (await serverPlayer(phone)).session_id, { timeout: 15_000 }).not.toBe(pcSession);
    await expect.poll(async () => (await audioState(phone)).paused, { timeout: 15_000 }).toBe(false);
    await expect(bar(pc).getByRole('button', { name: PROMPT })).toHaveCount(0);
    await expect(bar(phone).getByText(HERE, { exact: true })).toBeVisible();
    await expect(bar(pc).getByText(HERE, { exact: true })).toHaveCount(0);

    // On the counter PC, 'Eszközök' → the PC itself: the click starts its sound, the phone goes quiet.
    await pickDevice(pc, true);
    await expect.poll(() => sounds(pc), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await audioState(phone)).paused, { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await serverPlayer(phone)).output?.state, { timeout: 10_000 }).toBe('audible');
    await expect(bar(pc).getByRole('button', { name: 'Szünet', exact: true })).toBeVisible();
    await expect(bar(pc).getByText(HERE, { exact: true })).toBeVisible();
    await expect(bar(phone).getByText(HERE, { exact: true })).toHaveCount(0);

    // Its ▶ after a pause starts the music within the click, and the server follows.
    await bar(pc).getByRole('button', { name: 'Szünet', exact: true }).click();
    await expect.poll(async () => (await audioState(pc)).paused).toBe(true);
    await bar(pc).getByRole('button', { name: 'Lejátszás', exact: true }).click();
    await expect.poll(() => sounds(pc), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await serverPlayer(phone)).is_playing).toBe(true);
  } finally {
    await phoneContext.close();
    await releasePlayer(pc);
    await context.close();
  }
});
