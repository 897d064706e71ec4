import { expect, type Page } from '@playwright/test';
import type { Player } from '../../../contracts/player';

/** The bottom bar, as assistive technology finds it. */
export function bar(page: Page) {
  return page.getByRole('region', { name: 'Lejátszó' });
}

export interface AudioState {
  src: string;
  paused: boolean;
  time: number;
  volume: number;
}

/** The one music element the engine owns. */
export async function audioState(page: Page): Promise<AudioState> {
  return page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-player-audio]');
    if (!audio) return { src: '', paused: true, time: 0, volume: 1 };
    return { src: audio.currentSrc, paused: audio.paused, time: audio.currentTime, volume: audio.volume };
  });
}

/** The player as the server holds it, through the same BFF the app uses. */
export async function serverPlayer(page: Page): Promise<Player> {
  const players = await page.evaluate(async () => {
    const response = await fetch('/api/players', { headers: { Accept: 'application/json' } });
    return (await response.json()) as unknown;
  });
  return (players as Player[])[0]!;
}

/**
 * Opens a channel and starts it from its page's play button. A player left playing by an earlier
 * test is paused first, so this device's press takes over the audio output.
 */
export async function playChannel(page: Page, channelId = 1): Promise<void> {
  await page.goto(`/channels/${channelId}`);
  // The engine appends its audio element once the page is hydrated; a press before that is lost.
  await page.locator('audio[data-player-audio]').waitFor({ state: 'attached' });
  const main = page.getByRole('main');
  const pause = main.getByRole('button', { name: 'Szünet', exact: true });
  if (await pause.isVisible()) {
    await pause.click();
    await expect(main.getByRole('button', { name: 'Lejátszás', exact: true })).toBeVisible();
  }
  await main.getByRole('button', { name: 'Lejátszás', exact: true }).click();
  // A music plan an earlier test left on, with the device's own clock outside its hours (a night's or
  // a Sunday's run), makes every start ask first; this helper starts the music, so it answers yes.
  const playing = bar(page).getByRole('button', { name: 'Szünet', exact: true });
  const question = page.getByRole('dialog', { name: 'A bolt zárva van. Elindítja a zenét?' });
  await expect(playing.or(question).first()).toBeVisible();
  if (await question.isVisible()) await question.getByRole('button', { name: 'Indítás', exact: true }).click();
  await expect(playing).toBeVisible();
  await expect.poll(async () => (await audioState(page)).paused, { timeout: 15_000 }).toBe(false);
}

/** Audio time, once it has moved past `after`. */
export async function expectTimeAdvances(page: Page): Promise<void> {
  const start = (await audioState(page)).time;
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(start + 0.5);
}

/**
 * Leaves the player paused and this device logged out, so the next test's login is free to take
 * over the audio output (a live device keeps it otherwise).
 */
export async function releasePlayer(page: Page, { socket = true }: { socket?: boolean } = {}): Promise<void> {
  await page
    .evaluate(async () => {
      const headers = { Accept: 'application/json' };
      const players = (await (await fetch('/api/players', { headers })).json()) as {
        id: number;
        is_playing: boolean;
      }[];
      const player = players[0];
      if (player?.is_playing) await fetch(`/api/players/${player.id}/toggle-play`, { headers });
      await fetch('/auth/logout', { method: 'POST', headers });
    })
    .catch(() => {});
  // The ended login closes the page's socket (4009) and the page then leaves for /login, emptying its
  // media cache and worker on the way: let that finish before the context closes (a close in the
  // middle of it once hung the teardown for the whole test timeout). A page without a socket (an API
  // without realtime: `socket: false`) stays where it is, so nothing is waited for then.
  if (socket) await page.waitForURL(/\/login$/, { timeout: 10_000 }).catch(() => {});
}

/**
 * Waits until the app's page runs in the browser: the player engine appends its audio element once
 * the shell is hydrated. A field filled before that is reset by hydration, and a click is lost. The
 * page's own part streams after the frame and hydrates after it, so its boundary must have arrived
 * (no placeholder of React's left) and its controls must be React's too.
 */
export async function pageRuns(page: Page): Promise<void> {
  await page.locator('audio[data-player-audio]').waitFor({ state: 'attached' });
  await page.waitForFunction(() => {
    if (document.querySelector('template[id^="B:"], div[hidden][id^="S:"]')) return false;
    const controls = document.querySelectorAll('#main-content input, #main-content button, #main-content select');
    return [...controls].every((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber')));
  });
}
