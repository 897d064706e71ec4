import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';
import { serverPlayer } from '../player/support';
import { audioState, bar, closeDevice, playHere, waitForSocket, type Device } from './support';

test.describe.configure({ timeout: 150_000 });

const UNKNOWN = /^Nem tudjuk, szól-e a zene\. Utoljára: .+ \((most|egy perce)\)\.$/;
const TAKE_OVER = 'A zenét szóló eszköz nem válaszol, lehet, hogy még szól. Ide hozza a zenét?';

let pc: Device | undefined;
let phone: Device | undefined;

test.afterEach(async () => {
  await closeDevice(phone);
  await pc?.context.close().catch(() => {});
  pc = phone = undefined;
});

const paused = async (page: Page) => (await audioState(page)).paused;

test("the counter PC's network is cut while it plays: the phone says what it knows, asks before taking the music, and the PC stops once it learns of the move", async ({
  browser,
  baseURL,
}) => {
  // The counter PC, whose network the test cuts: the browser's offline mode for its calls, and its socket
  // (which offline mode does not cut) held silent both ways, as a dead line would.
  const context = await browser.newContext({ baseURL, locale: 'hu-HU', viewport: { width: 1366, height: 768 } });
  let cut = false;
  await context.routeWebSocket(/\/app\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (!cut) server.send(message);
    });
    server.onMessage((message) => {
      if (!cut) ws.send(message);
    });
  });
  const page = await context.newPage();
  pc = { context, page };
  await logIn(page);
  await playHere(page);

  const phoneContext = await browser.newContext({
    baseURL,
    locale: 'hu-HU',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phonePage = await phoneContext.newPage();
  phone = { context: phoneContext, page: phonePage };
  await logIn(phonePage);
  await waitForSocket(phonePage);
  await expect(bar(phonePage).getByRole('button', { name: 'Szünet', exact: true })).toBeVisible();

  cut = true;
  await context.setOffline(true);
  const cutAt = Date.now();

  // Once the PC has missed its reports the phone says what it knows, never that the music is paused.
  await expect(bar(phonePage).getByText(UNKNOWN)).toBeVisible({ timeout: 60_000 });
  test.info().annotations.push({ type: 'figures', description: `unknown said after ${Date.now() - cutAt} ms` });
  await expect(bar(phonePage).getByText('A zenét szóló eszköz nem válaszol')).toHaveCount(0);
  await expect(bar(phonePage).getByText('A zenét szóló eszköz nem elérhető')).toHaveCount(0);
  await expect(bar(phonePage).getByRole('button', { name: 'Szünet', exact: true })).toBeVisible();
  await expect(phonePage.getByText('Szünetel', { exact: true })).toHaveCount(0);
  // And rightly: the PC plays on by itself.
  expect(await paused(page)).toBe(false);

  // The channel's own buttons agree with the bar, its tile and its page's: ⏸, never ▶ or 'Szünetel'.
  // (No reload on the way: a page loaded anew would watch the PC's silence from its own start again.)
  const name = (await serverPlayer(phonePage)).playable!.name;
  const main = phonePage.getByRole('main');
  await expect(phonePage).toHaveURL(/\/channels$/);
  await expect(main.getByRole('button', { name: `${name} szüneteltetése`, exact: true }).first()).toBeVisible();
  await expect(main.getByRole('button', { name: `${name} lejátszása`, exact: true })).toHaveCount(0);
  await main
    .getByRole('link', { name: new RegExp(`^${name}`) })
    .last()
    .click();
  await expect(main.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(bar(phonePage).getByText(UNKNOWN)).toBeVisible();
  await expect(main.getByRole('button', { name: 'Szünet', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Lejátszás', exact: true })).toHaveCount(0);
  await expect(phonePage.getByText('Szünetel', { exact: true })).toHaveCount(0);
  await phonePage.screenshot({ path: test.info().outputPath('unknown-channel-390.png') });

  // Taking the music from it asks first; a no leaves it where it is.
  const takeHere = bar(phonePage).getByRole('button', { name: 'Lejátszás ezen az eszközön' });
  const question = phonePage.getByRole('dialog', { name: TAKE_OVER });
  await takeHere.click();
  await question.getByRole('button', { name: 'Mégse' }).click();
  await expect(question).toHaveCount(0);
  expect(await paused(phonePage)).toBe(true);
  await takeHere.click();
  await question.getByRole('button', { name: 'Ide hozom' }).click();
  await expect.poll(() => paused(phonePage), { timeout: 15_000 }).toBe(false);
  expect(await paused(page)).toBe(false);

  // The PC's network comes back: it learns of the move and stops.
  // Playing on alone (its outage mode), as designed.
  await expect(bar(page)).toHaveAttribute('data-notice', 'alone');
  // The moments are taken in the page (the same machine's clock): a poll from here lags them by up to
  // a second on a busy machine. The engine stops the element by pausing it and then unloading it, and
  // the unload drops the `pause` event still queued: the unload's `emptied` counts as the stop too.
  await page.evaluate(() => {
    const w = window as { stoppedAt?: number; onlineAt?: number };
    const audio = document.querySelector<HTMLAudioElement>('audio[data-player-audio]')!;
    const stopped = () => {
      if (audio.paused) w.stoppedAt ??= Date.now();
    };
    audio.addEventListener('pause', stopped);
    audio.addEventListener('emptied', stopped);
    window.addEventListener('online', () => (w.onlineAt ??= Date.now()), { once: true });
    // The outage's probes have filled the buffer (250 entries): the reads after the return must fit.
    performance.clearResourceTimings();
  });
  const backAt = Date.now();
  cut = false;
  await context.setOffline(false);
  await expect.poll(() => paused(page), { timeout: 10_000, intervals: [100] }).toBe(true);
  const seen = await page.evaluate(() => {
    const { stoppedAt, onlineAt } = window as { stoppedAt?: number; onlineAt?: number };
    // The reads of the player sent after the online event (the return's), as the page timed them.
    const at = (ms: number) => Math.round(performance.timeOrigin + ms - (onlineAt ?? 0));
    const reads = performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter(
        (e) =>
          onlineAt !== undefined &&
          stoppedAt !== undefined &&
          /\/api\/players$/.test(e.name) &&
          at(e.startTime) >= 0 &&
          at(e.startTime) <= stoppedAt - onlineAt,
      )
      .map((e) => `+${at(e.startTime)}…+${at(e.responseEnd)} ms`);
    return { stoppedAt, onlineAt, reads: reads.join(', ') || 'none' };
  });
  const stoppedAfter = (seen.stoppedAt ?? Date.now()) - backAt;
  const afterOnline = seen.stoppedAt && seen.onlineAt ? `${seen.stoppedAt - seen.onlineAt} ms` : 'unknown';
  const figures = `PC stopped ${stoppedAfter} ms after its network came back (${afterOnline} after the page's online event${seen.stoppedAt ? '' : '; stop taken by the poll'}; its reads of the player: ${seen.reads})`;
  test.info().annotations.push({ type: 'figures', description: figures });
  console.log(`[network back] ${figures}`);
  // The bound is 1 s: from the browser's `online` event the device reads the player at once
  // (engine-session.ts: its outage's nudge) and stops on the answer, so the time is that one read.
  // Measured in the page on a machine shared with other suites (load 20–30 on 2 cores): 0.31–0.87 s
  // after the online event, once 2.8 s. Asserted under 4 s, which a return waiting on a hung call's
  // 5 s deadline fails; 2 s would fail at random on such a machine.
  expect(stoppedAfter).toBeLessThan(4_000);
  expect(await paused(phonePage)).toBe(false);
});

test("the audio device's login ends while it plays: the phone says it is gone, and brings the music here without asking", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'hu-HU', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  pc = { context, page };
  await logIn(page);
  await playHere(page);

  const phoneContext = await browser.newContext({
    baseURL,
    locale: 'hu-HU',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phonePage = await phoneContext.newPage();
  phone = { context: phoneContext, page: phonePage };
  await logIn(phonePage);
  await waitForSocket(phonePage);
  await expect(bar(phonePage).getByRole('button', { name: 'Szünet', exact: true })).toBeVisible();

  // The PC is signed off while the music plays: the server knows that device is gone for good.
  const loggedOut = await page.evaluate(
    async () => (await fetch('/auth/logout', { method: 'POST', headers: { Accept: 'application/json' } })).status,
  );
  expect(loggedOut).toBeLessThan(300);
  await expect(bar(phonePage).getByText('A zenét szóló eszköz nem elérhető', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(bar(phonePage).getByText(UNKNOWN)).toHaveCount(0);
  expect((await serverPlayer(phonePage)).output?.state).toBe('logged_out');
  await phonePage.screenshot({ path: test.info().outputPath('logged-out-390.png') });

  // Bringing the music here asks nothing: that device sounds for the shop no more.
  await bar(phonePage).getByRole('button', { name: 'Lejátszás ezen az eszközön' }).click();
  await expect.poll(() => paused(phonePage), { timeout: 15_000 }).toBe(false);
  await expect(phonePage.getByRole('dialog', { name: TAKE_OVER })).toHaveCount(0);
});
