import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Spot } from '../../../contracts';
import type { Track } from '../../../contracts/tracks';
import { DAY_KEYS } from '../../../contracts/names';
import { E2E, webUrl, type Stack } from '../../../scripts/launch/stack';
import { logIn } from '../support/auth';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { LIVE, pageCall, pathOf, waitForSocket, type Device } from '../realtime/support';
import { audioState, bar, playChannel, releasePlayer, serverPlayer } from './support';

/*
 * The bar on the shop's day (issue 39), on the test clock (the scheduler's test control moves the API's
 * clock, so a stack of its own): at a block boundary it names the track that sounds and where that came
 * from; a closed shop is said plainly, and the plan's forms go by the open hours. A counter PC at
 * 1366 px is the audio device, the manager's phone at 390 px watches.
 */
const API_PORT = E2E.apiPort + 10;
const WEB_PORT = E2E.webPort + 10;
/** A Tuesday; Budapest (the demo shop's zone) is UTC+1 in January. */
const DAY = '2031-01-07';
/** The same Tuesday evening after closing. */
const EVENING = `${DAY}T21:00:00+01:00`;
const MORNING = 1;
const AFTERNOON = 2;

let stack: Stack | undefined;
const devices: Device[] = [];

test.use({ baseURL: webUrl(WEB_PORT, 'demo'), timezoneId: 'Europe/Budapest' });
test.describe.configure({ mode: 'serial', timeout: 150_000 });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  stack = await startOwnStack(API_PORT, WEB_PORT);
});

test.afterAll(async () => {
  for (const d of devices) await d.context.close().catch(() => {});
  await stopOwnStack(stack);
});

/** A device of the shop at `width` px; `clock`: its clock stands at that moment (the bar reads it). */
async function device(browser: Browser, width: number, clock?: string): Promise<Device> {
  const context = await browser.newContext({
    baseURL: webUrl(WEB_PORT, 'demo'),
    locale: 'hu-HU',
    timezoneId: 'Europe/Budapest',
    viewport: { width, height: width > 800 ? 768 : 844 },
  });
  if (clock) await context.clock.setFixedTime(clock);
  const page = await context.newPage();
  await logIn(page);
  const d = { context, page };
  devices.push(d);
  return d;
}

/** The devices of a test leave: the player paused, their logins ended, so the next one's counter takes over. */
async function leave(...ds: Device[]) {
  for (const d of ds) {
    await releasePlayer(d.page);
    await d.context.close().catch(() => {});
    devices.splice(devices.indexOf(d), 1);
  }
}

async function call(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await pageCall(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/**
 * Open Monday–Saturday 08:00–20:00 (a 12-hour day), closed on Sunday; `blocks` in place of the ones
 * there; the plan on; the shop's scheduled spots off (they would cut in at the ticked minutes).
 */
async function planTheDay(page: Page, blocks: ReadonlyArray<readonly [string, string, string, number, boolean]>) {
  for (const block of (await call(page, 'GET', '/api/music-plan/blocks')) as Array<{ id: number }>) {
    await call(page, 'POST', `/api/music-plan/blocks/delete/${block.id}`, {});
  }
  await call(page, 'POST', '/api/opening-hours', {
    week: DAY_KEYS.map((day) => (day === 'sunday' ? { day, closed: true } : { day, open: '08:00', close: '20:00' })),
    exceptions: [],
  });
  for (const [name, from, to, channel, sunday] of blocks) {
    const days = Object.fromEntries(DAY_KEYS.map((d) => [d, sunday || d !== 'sunday']));
    const body = { name, ...days, from, to, source_type: 'channel', source_id: channel, volume: 60 };
    await call(page, 'POST', '/api/music-plan/blocks', body);
  }
  await call(page, 'POST', '/api/music-plan', { enabled: true, default_source_type: 'channel', default_source_id: 1 });
  for (const item of (await call(page, 'GET', '/api/scheduled-contents')) as Array<{ id: number; active: boolean }>) {
    if (item.active) await call(page, 'POST', `/api/scheduled-contents/toggle/${item.id}`, {});
  }
}

/** The scheduler's test clock: fires the minute at `at` and moves the API's clock there. */
async function tickAt(request: import('@playwright/test').APIRequestContext, at: string) {
  const res = await request.post(`http://127.0.0.1:${API_PORT}/api/_test/scheduler/tick`, { data: { at } });
  expect(res.status()).toBe(200);
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
  await planTheDay(counter.page, [
    ['Délelőtt', '08:00', '12:00', MORNING, true],
    ['Délután', '12:00', '20:00', AFTERNOON, true],
  ]);
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
  const tick = (hm: string) => tickAt(request, `${DAY}T${hm}:00+01:00`);

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
  await leave(counter, phone);
});

test('closed: the bar says when it opens, play asks and says until when; the count, the warning and the week go by the open hours', async ({
  browser,
  request,
}) => {
  const counter = await device(browser, 1366, EVENING);
  await playChannel(counter.page, MORNING);
  const phone = await device(browser, 390, EVENING);

  // Open Monday–Saturday 08:00–20:00 (a 12-hour day), closed on Sunday; one block on the open days.
  await planTheDay(counter.page, [['Nyitvatartás', '08:00', '20:00', MORNING, false]]);

  // 21:00 on Tuesday: closed since 20:00, the plan has paused the music.
  await tickAt(request, EVENING);
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(true);
  for (const d of [counter, phone]) {
    await d.page.reload();
    await waitForSocket(d.page);
    await expect(bar(d.page).getByText('Zárva – nyitás holnap 08:00', { exact: true })).toBeVisible(LIVE);
  }
  await phone.page.screenshot({ path: test.info().outputPath('closed-bar-390.png') });
  await counter.page.screenshot({ path: test.info().outputPath('closed-bar-1366.png') });

  // Play on the phone asks first; a yes starts the music, and both bars say until when it holds.
  await bar(phone.page).getByRole('button', { name: 'Lejátszás', exact: true }).click();
  const question = phone.page.getByRole('dialog', { name: 'A bolt zárva van. Elindítja a zenét?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Indítás', exact: true }).click();
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(false);
  for (const d of [phone, counter]) {
    await expect(bar(d.page).getByText('Kézi vezérlés holnap 08:00-ig', { exact: true })).toBeVisible(LIVE);
    await expect(bar(d.page).getByText(/^Zárva/)).toHaveCount(0);
  }
  await counter.page.screenshot({ path: test.info().outputPath('hold-bar-1366.png') });
  await phone.page.screenshot({ path: test.info().outputPath('hold-bar-390.png') });

  // The scheduler's question: an every-minute spot only while open is 720 a day, not 1,440.
  const [spot] = (await call(counter.page, 'GET', '/api/spots')) as Spot[];
  await counter.page.goto('/mixer/scheduler');
  await counter.page.getByRole('button', { name: 'Új ütemezés' }).first().click();
  const form = counter.page.getByRole('dialog', { name: 'Új ütemezés' });
  await form.getByLabel('Név').fill('Percenként, nyitvatartásban');
  await expect(form.getByRole('checkbox', { name: 'Csak nyitvatartási időben' })).toBeChecked();
  const spotsBox = form.getByRole('group', { name: /^Szpotok/ });
  await spotsBox
    .getByRole('checkbox', { name: new RegExp(`^${spot!.name}`) })
    .first()
    .check();
  await form.getByRole('button', { name: 'Mentés' }).click();
  const many = counter.page.getByRole('dialog', {
    name: 'Ez az ütemezés naponta akár 720 alkalommal szól. Biztosan így szeretné?',
  });
  await expect(many).toBeVisible();
  await many.getByRole('button', { name: 'Mégse' }).click();
  await form.getByRole('button', { name: 'Mégse' }).click();

  // The plan: the closed hours shaded on the week, and a block on Sunday warns it will not sound.
  await counter.page.goto('/mixer/plan');
  const column = (day: string) => counter.page.locator(`[data-day="${day}"]`);
  await expect(column('sunday').locator('[data-closed]')).toHaveAttribute('data-closed', '00:00–00:00');
  await expect(column('tuesday').locator('[data-closed]')).toHaveCount(2);
  await counter.page.screenshot({ path: test.info().outputPath('plan-week-1366.png'), fullPage: true });
  await counter.page.getByRole('button', { name: 'Új idősáv' }).click();
  const blockForm = counter.page.getByRole('dialog', { name: 'Új idősáv' });
  const warning = blockForm.getByText('Ezen a napon a bolt zárva van: ez az idősáv nem szól.');
  await blockForm.getByRole('button', { name: 'Hétköznapok' }).click();
  await expect(warning).toHaveCount(0);
  await blockForm.getByRole('checkbox', { name: 'Vasárnap', exact: true }).check();
  await expect(warning).toBeVisible();
  await counter.page.screenshot({ path: test.info().outputPath('closed-day-warning-1366.png') });
  await blockForm.getByRole('button', { name: 'Mégse' }).click();
  await phone.page.goto('/mixer/plan');
  await expect(phone.page.getByRole('heading', { name: 'Vasárnap · zárva' })).toBeVisible();
  await expect(phone.page.getByText('A bolt egész nap zárva, nem szól zene.')).toBeVisible();
  await phone.page.screenshot({ path: test.info().outputPath('plan-list-390.png'), fullPage: true });
});
