import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Track } from '../../../contracts/tracks';
import { DAY_KEYS } from '../../../contracts/names';
import { E2E, webUrl, type Stack } from '../../../scripts/launch/stack';
import { logIn } from '../support/auth';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { LIVE, pageCall, pathOf, waitForSocket, type Device } from '../realtime/support';
import { audioState, bar, playChannel, serverPlayer } from './support';

/*
 * At a block boundary the bar names what the shop hears: the music plan lets a track with at most
 * 3 minutes left finish first, and neither the counter PC (the audio device) nor the manager's phone
 * names the new block's track before it sounds. On the test clock (the scheduler's test control), on a
 * stack of its own (the ticks move the API's clock).
 */
const API_PORT = E2E.apiPort + 10;
const WEB_PORT = E2E.webPort + 10;
/** A Tuesday; Budapest (the demo shop's zone) is UTC+1 in January. */
const DAY = '2031-01-07';
const MORNING = 1;
const AFTERNOON = 2;

let stack: Stack | undefined;
const devices: Device[] = [];

test.use({ baseURL: webUrl(WEB_PORT, 'demo'), timezoneId: 'Europe/Budapest' });
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startOwnStack(API_PORT, WEB_PORT);
});

test.afterAll(async () => {
  for (const d of devices) await d.context.close().catch(() => {});
  await stopOwnStack(stack);
});

async function device(browser: Browser, width: number): Promise<Device> {
  const context = await browser.newContext({
    baseURL: webUrl(WEB_PORT, 'demo'),
    locale: 'hu-HU',
    timezoneId: 'Europe/Budapest',
    viewport: { width, height: width > 800 ? 768 : 844 },
  });
  const page = await context.newPage();
  await logIn(page);
  const d = { context, page };
  devices.push(d);
  return d;
}

async function call(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await pageCall(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** The track's title the bar shows (its title line carries the whole title), and its source link. */
const barTitle = (page: Page) => bar(page).locator('p[title]').first().getAttribute('title');
const barSource = (page: Page) => bar(page).locator('a[href^="/channels/"]').textContent();

test('at a block boundary the bar names the track that sounds and its source until it has finished', async ({
  browser,
  request,
}) => {
  // The counter PC plays the morning's channel; the manager's phone watches.
  const counter = await device(browser, 1366);
  await playChannel(counter.page, MORNING);
  const phone = await device(browser, 390);
  await waitForSocket(phone.page);

  // Open Monday–Saturday 08:00–20:00: mornings on one channel, afternoons on another.
  for (const block of (await call(counter.page, 'GET', '/api/music-plan/blocks')) as Array<{ id: number }>) {
    await call(counter.page, 'POST', `/api/music-plan/blocks/delete/${block.id}`, {});
  }
  await call(counter.page, 'POST', '/api/opening-hours', {
    week: DAY_KEYS.map((day) => (day === 'sunday' ? { day, closed: true } : { day, open: '08:00', close: '20:00' })),
    exceptions: [],
  });
  const days = Object.fromEntries(DAY_KEYS.map((d) => [d, true]));
  for (const [name, from, to, channel] of [
    ['Délelőtt', '08:00', '12:00', MORNING],
    ['Délután', '12:00', '20:00', AFTERNOON],
  ] as const) {
    const body = { name, ...days, from, to, source_type: 'channel', source_id: channel, volume: 60 };
    await call(counter.page, 'POST', '/api/music-plan/blocks', body);
  }
  const plan = { enabled: true, default_source_type: 'channel', default_source_id: MORNING };
  await call(counter.page, 'POST', '/api/music-plan', plan);
  for (const item of (await call(counter.page, 'GET', '/api/scheduled-contents')) as Array<{
    id: number;
    active: boolean;
  }>) {
    if (item.active) await call(counter.page, 'POST', `/api/scheduled-contents/toggle/${item.id}`, {});
  }
  const channelName = async (id: number) =>
    ((await call(counter.page, 'GET', `/api/channels/${id}`)) as { name: string }).name;
  const [morningName, afternoonName] = [await channelName(MORNING), await channelName(AFTERNOON)];
  const tracks = new Map<string, Track>();
  for (const channel of [MORNING, AFTERNOON]) {
    for (const t of (await call(counter.page, 'GET', `/api/channels/${channel}/tracks`)) as Track[]) {
      tracks.set(pathOf(t.url), t);
    }
  }
  const sounding = async () => tracks.get(pathOf((await audioState(counter.page)).src));
  const tick = async (hm: string) => {
    const res = await request.post(`http://127.0.0.1:${API_PORT}/api/_test/scheduler/tick`, {
      data: { at: `${DAY}T${hm}:00+01:00` },
    });
    expect(res.status()).toBe(200);
  };

  await tick('11:58');
  await expect.poll(async () => (await serverPlayer(counter.page)).playable_id, LIVE).toBe(MORNING);
  await expect.poll(async () => (await audioState(counter.page)).time, LIVE).toBeGreaterThan(1);
  // The morning's track has a few seconds left (at most 3 minutes: it finishes first).
  const before = await serverPlayer(counter.page);
  await call(phone.page, 'POST', `/api/players/${before.id}/update-volume`, {
    currentTime: before.track!.duration - 14,
    volume: before.volume,
  });
  await expect
    .poll(async () => (await audioState(counter.page)).time, LIVE)
    .toBeGreaterThan(before.track!.duration - 16);

  // The server's answer to the counter's 'next' at the track's end waits until the test has looked.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  const nextAtEnd = /\/api\/players\/\d+\/next\?auto=1/;
  await counter.page.route(nextAtEnd, async (route) => {
    asked = true;
    await Promise.race([held, new Promise((r) => setTimeout(r, 3_000))]);
    await route.continue().catch(() => undefined);
  });

  await tick('12:00');
  await expect.poll(async () => (await serverPlayer(counter.page)).playable_id, LIVE).toBe(AFTERNOON);
  // The morning's track sounds on: both bars name it, the counter's with the morning's channel.
  expect((await sounding())?.id).toBe(before.track!.id);
  await expect.poll(() => barSource(counter.page)).toBe(morningName);
  for (const d of [counter, phone]) expect(await barTitle(d.page)).toBe(before.track!.title);

  // At its end the counter plays the afternoon's first track at once, and its bar names it while the
  // server's answer is still on its way.
  await expect.poll(async () => (await sounding())?.id, { timeout: 20_000 }).not.toBe(before.track!.id);
  const after = (await sounding())!;
  expect(asked).toBe(true);
  await expect.poll(() => barTitle(counter.page), { timeout: 2_000 }).toBe(after.title);
  await expect.poll(() => barSource(counter.page), { timeout: 1_000 }).toBe(afternoonName);
  release();
  await counter.page.unroute(nextAtEnd);
  // Once the server has it, the phone names it too.
  await expect.poll(() => barTitle(phone.page), LIVE).toBe(after.title);
  expect((await serverPlayer(counter.page)).track?.id).toBe(after.id);
});
