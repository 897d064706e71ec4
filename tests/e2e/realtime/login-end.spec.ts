import { expect, test, type Browser, type Page, type WebSocket } from '@playwright/test';
import type { PlayLogEntry } from '../../../contracts/play-log';
import type { Spot } from '../../../contracts/spots';
import { DEMO, logIn } from '../support/auth';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { E2E, type Stack } from '../../../scripts/launch/stack';
import {
  bar,
  closeDevice,
  LIVE,
  openDevice,
  pageCall,
  pathOf,
  playerOf,
  playHere,
  spotElement,
  waitForSocket,
  type Device,
} from './support';

/**
 * Ending a login on the web: the server closes the sockets it authorised (4009), and the page then
 * asks /api/me; logging out delivers the waiting proof-of-play reports and leaves no media behind.
 */

test.describe.configure({ timeout: 240_000 });

/** Well below useMe's 60-second poll: only the closed socket can bring the page to /login this fast. */
const SOCKET_END = { timeout: 30_000 } as const;
const MEDIA_CACHE = 'pulzus-media-v1';

async function logOutFromMenu(page: Page): Promise<void> {
  const logout = page.getByRole('menuitem', { name: 'Kijelentkezés' });
  await expect(async () => {
    await page.getByRole('banner').getByRole('button', { name: DEMO.customer }).click();
    await expect(logout).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await logout.click();
}

async function mediaState(page: Page): Promise<{ workers: number; cached: number }> {
  return page.evaluate(async (name) => {
    const workers = (await navigator.serviceWorker.getRegistrations()).length;
    const cached = (await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0;
    return { workers, cached };
  }, MEDIA_CACHE);
}

const devices: Device[] = [];

test.afterEach(async () => {
  for (const d of devices.splice(0).reverse()) await closeDevice(d);
});

test('a device logged out in another tab ends on /login', async ({ browser, baseURL }) => {
  const first = await openDevice(browser, baseURL);
  devices.push(first);
  await waitForSocket(first.page);
  const second = await first.context.newPage();
  await second.goto('/channels');

  await logOutFromMenu(second);
  await expect(second).toHaveURL(/\/login$/);
  await expect(first.page).toHaveURL(/\/login$/, SOCKET_END);
});

test('logout delivers the reports still waiting, then empties the media cache and unregisters its worker', async ({
  browser,
  baseURL,
}) => {
  const device = await openDevice(browser, baseURL);
  devices.push(device);
  await playHere(device.page);
  await waitForSocket(device.page);
  const player = await playerOf(device.page);
  await expect.poll(async () => (await mediaState(device.page)).cached, LIVE).toBeGreaterThan(0);
  expect((await mediaState(device.page)).workers).toBe(1);

  // A report that waits in the browser, as one made while the API was away does.
  const report = {
    type: 'track',
    id: player.track!.id,
    started_at: new Date(Date.now() - 5_000).toISOString(),
    seconds: 3.7,
    ended: false,
    report_id: `logout-${Date.now()}`,
  };
  await device.page.evaluate(({ key, report }) => localStorage.setItem(key, JSON.stringify([report])), {
    key: `pulzus.playReports.${player.id}`,
    report,
  });

  await logOutFromMenu(device.page);
  await expect(device.page).toHaveURL(/\/login$/);
  expect(
    await device.page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('pulzus.playReports.') && localStorage.getItem(k) !== '[]'),
    ),
  ).toEqual([]);
  expect(await mediaState(device.page)).toEqual({ workers: 0, cached: 0 });

  // It reached the server while the login could still send it.
  const watcher = await openDevice(browser, baseURL);
  devices.push(watcher);
  const log = (await pageCall(watcher.page, 'GET', '/api/play-log?type=track')).body as { data: PlayLogEntry[] };
  expect(
    log.data.some((e) => e.item_id === report.id && e.seconds === report.seconds && e.player_id === player.id),
  ).toBe(true);
});

test.describe('a session that ends', () => {
  let stack: Stack | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // A half-minute session, checked every second: the end comes within the test, not after 24 hours.
    // Shorter than the pages' 60 s /api/me call, which renews a session it reaches in time: with a
    // one-minute session the two raced, and on a busy machine the call could keep it alive.
    stack = await startOwnStack(E2E.apiPort + 10, E2E.webPort + 10, undefined, {
      SESSION_IDLE_MINUTES: '0.5',
      REALTIME_LOGIN_CHECK_SECONDS: '1',
    });
  });
  test.afterAll(async () => {
    await stopOwnStack(stack);
  });

  async function device(
    browser: Browser,
    remember: boolean,
  ): Promise<Device & { sockets: WebSocket[]; serverCloses: number[] }> {
    const context = await browser.newContext({
      baseURL: stack!.url(),
      locale: 'hu-HU',
      viewport: { width: 1366, height: 768 },
    });
    const page = await context.newPage();
    const sockets: WebSocket[] = [];
    page.on('websocket', (ws) => sockets.push(ws));
    // The sockets pass through the test to the real server, which shows the codes the server closed them with.
    const serverCloses: number[] = [];
    await page.routeWebSocket(/\/app\//, (ws) => {
      const server = ws.connectToServer();
      server.onClose((code, reason) => {
        if (code !== undefined && code >= 4000) serverCloses.push(code);
        void ws.close({ code, reason });
      });
    });
    await logIn(page, DEMO, remember);
    const made = { context, page, sockets, serverCloses };
    devices.push(made);
    return made;
  }

  test('a remembered counter PC keeps its socket across its session’s end and still plays a spot; a device without remember-me goes to /login', async ({
    browser,
  }) => {
    const counter = await device(browser, true);
    await playHere(counter.page);
    await waitForSocket(counter.page);
    // The socket of the page that plays (the login's landing page had one of its own before).
    const opened = counter.sockets.length;
    const socket = counter.sockets.at(-1)!;
    const plain = await device(browser, false);
    await waitForSocket(plain.page);

    // The plain device's session ends with no remember-me to renew it: the server closes its socket
    // (not the page going away), and the page then finds itself logged out.
    await expect.poll(() => plain.serverCloses, { timeout: 120_000 }).toContain(4009);
    await expect(plain.page).toHaveURL(/\/login$/);

    // The counter PC's session ended as well (earlier, even), yet its socket is still the same, open one.
    expect(counter.sockets).toHaveLength(opened);
    expect(socket.isClosed()).toBe(false);
    expect(counter.serverCloses).toEqual([]);
    await expect(bar(counter.page).locator('[data-connection]')).toHaveAttribute('data-connection', 'connected');

    // And a spot fired now comes through it (the call renews the session with the same device).
    const spots = (await pageCall(counter.page, 'GET', '/api/spots')).body as Spot[];
    const spot = [...spots].sort((x, y) => x.duration - y.duration)[0]!;
    const player = await playerOf(counter.page);
    expect(
      (await pageCall(counter.page, 'POST', `/api/players/${player.id}/spots/play`, { spots: [spot.id] })).status,
    ).toBe(200);
    await expect.poll(async () => pathOf((await spotElement(counter.page)).src), LIVE).toBe(pathOf(spot.url));
    await expect.poll(async () => (await spotElement(counter.page)).time, LIVE).toBeGreaterThan(0.3);
    expect(counter.sockets).toHaveLength(opened);
    expect(socket.isClosed()).toBe(false);
  });
});
