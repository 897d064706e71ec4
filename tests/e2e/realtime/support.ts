import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Player } from '../../../contracts/player';
import { logIn } from '../support/auth';
import { audioState, bar, releasePlayer } from '../player/support';

export { audioState, bar };

/** Realtime round trips are fast, but the machine running the tests may not be. */
export const LIVE = { timeout: 10_000 } as const;

export interface Device {
  context: BrowserContext;
  page: Page;
}

/** A second (or third) device of the shop: its own browser context, so its own login session. */
export async function openDevice(browser: Browser, baseURL: string | undefined): Promise<Device> {
  const context = await browser.newContext({ baseURL, locale: 'hu-HU', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await logIn(page);
  return { context, page };
}

/** Pauses the shared demo player and logs the device out, so the next test starts clean. */
export async function closeDevice(device: Device | undefined): Promise<void> {
  if (!device) return;
  await releasePlayer(device.page);
  await device.context.close().catch(() => {});
}

/** Waits until the page's socket is up and its player is current. */
export async function waitForSocket(page: Page): Promise<void> {
  await expect(bar(page).locator('[data-connection]')).toHaveAttribute('data-connection', 'connected', LIVE);
}

/** The presence list shows `count` devices (so both ends of a test see each other). */
export async function waitForDevices(page: Page, count: number): Promise<void> {
  const menu = bar(page).getByRole('button', { name: 'Eszközök', exact: true });
  await expect(async () => {
    await menu.click();
    try {
      await expect(page.getByRole('menuitemradio')).toHaveCount(count, { timeout: 1_500 });
    } finally {
      await page.keyboard.press('Escape');
    }
  }).toPass(LIVE);
}

export interface SpotElementState {
  src: string;
  paused: boolean;
  time: number;
}

/** The element the engine plays spots and sounds on. */
export async function spotElement(page: Page): Promise<SpotElementState> {
  return page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-spot-audio]');
    if (!audio) return { src: '', paused: true, time: 0 };
    return { src: audio.getAttribute('src') ? audio.currentSrc : '', paused: audio.paused, time: audio.currentTime };
  });
}

/** A JSON call from inside the page (cookies, BFF), answering status and body. */
export async function pageCall(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed };
    },
    { method, path, body },
  );
}

export async function playerOf(page: Page): Promise<Player> {
  const { body } = await pageCall(page, 'GET', '/api/players');
  return (body as Player[])[0]!;
}

export const pathOf = (url: string) => new URL(url || 'http://x/').pathname;

/**
 * Makes sure the audio device's track has at least `seconds` left before its end, so a test that
 * compares the track before and after something (a spot, a sound, a skip) never sees it end nor cross
 * into the next one ('Áttűnés'). A track nearer its end is moved back to 0:02 from `steer`, as another
 * device would. Answers the player as it is then.
 */
export async function roomBeforeTrackEnd(audio: Page, steer: Page, seconds: number): Promise<Player> {
  const player = await playerOf(audio);
  await expect.poll(async () => (await audioState(audio)).time, { timeout: 15_000 }).toBeGreaterThan(0.5);
  if (player.track!.duration - (await audioState(audio)).time >= seconds) return player;
  const back = { currentTime: 2, volume: player.volume };
  expect((await pageCall(steer, 'POST', `/api/players/${player.id}/update-volume`, back)).status).toBe(200);
  await expect.poll(async () => (await audioState(audio)).time, LIVE).toBeLessThan(10);
  return playerOf(audio);
}

/**
 * Starts channel 1 on `page` through its page's button, making it the audio device. Whatever an
 * earlier test left playing is paused first.
 */
export async function playHere(page: Page): Promise<void> {
  await page.goto('/channels/1');
  // The page's button tells what the shop hears only once the player is current (the server's HTML
  // claims nothing): a look before that sees neither 'Szünet' nor the truth.
  await waitForSocket(page);
  const main = page.getByRole('main');
  const pause = main.getByRole('button', { name: 'Szünet', exact: true });
  if (await pause.isVisible()) {
    await pause.click();
    await expect(main.getByRole('button', { name: 'Lejátszás', exact: true })).toBeVisible();
  }
  await main.getByRole('button', { name: 'Lejátszás', exact: true }).click();
  await expect(bar(page).getByRole('button', { name: 'Szünet', exact: true })).toBeVisible();
  await expect.poll(async () => (await audioState(page)).paused, { timeout: 15_000 }).toBe(false);
}
