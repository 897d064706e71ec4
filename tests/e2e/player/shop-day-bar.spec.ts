import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
// The runner's own `chromium` would apply the config's autoplay exemption; the plain library does not.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../scripts/launch/browser';
import type { Spot } from '../../../contracts';
import type { Player } from '../../../contracts/player';
import type { ScheduledContent } from '../../../contracts/scheduled-contents';
import type { Track } from '../../../contracts/tracks';
import { DAY_KEYS, DEFAULT_SCHEDULE_RULE } from '../../../contracts/names';
import { E2E, webUrl, type Stack } from '../../../scripts/launch/stack';
import { logIn } from '../support/auth';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { LIVE, pageCall, pathOf, waitForSocket, type Device } from '../realtime/support';
import { audioState, bar, pageRuns, playChannel, releasePlayer, serverPlayer } from './support';

/*
 * The shop's day (issue 39), on the test clock (the scheduler's test control moves the API's clock
 * years ahead and the plan acts on the demo shop's player, so a stack of its own, one for both parts):
 *
 * - the bar: at a block boundary it names the track that sounds and where that came from; a closed
 *   shop is said plainly, every start asks, and the plan's forms go by the open hours;
 * - the day when it changes under way: a closing moved earlier ends a manager's hold at the new time
 *   on every device, an item 'Csak nyitvatartási időben' names its next play inside the opening hours,
 *   and a block's volume is what the player plays at.
 *
 * A counter PC at 1366 px is the audio device, the manager's phone watches. The ticks only go forward:
 * the tests run in this order.
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
test.describe.configure({ mode: 'serial', timeout: 240_000 });

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

async function call<T = unknown>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await pageCall(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as T;
}

/**
 * The plan off (the music the manager's alone): before a test's first start, which would otherwise ask
 * the closed shop's question on a device whose own clock is past the hours an earlier test left.
 */
async function planOff(page: Page) {
  await call(page, 'POST', '/api/music-plan', { enabled: false, default_source_type: 'channel', default_source_id: 1 });
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

test('closed: the bar says when it opens, every start asks and says until when; the count, the warning and the week go by the open hours', async ({
  browser,
  request,
}) => {
  // The counter PC's browser blocks autoplay, as a shop's does: a start that asked first must still
  // sound, from the click on the question's 'Indítás'.
  const blocking = await chromium.launch({
    ...chromiumLaunchOptions,
    args: chromiumLaunchOptions.args.filter((arg) => !arg.startsWith('--autoplay-policy')),
  });
  const closeBlocking = () => blocking.close().catch(() => {});
  try {
    await closedDay(browser, blocking, request);
  } finally {
    await closeBlocking();
  }
});

async function closedDay(browser: Browser, blocking: Browser, request: import('@playwright/test').APIRequestContext) {
  const counter = await device(blocking, 1366, EVENING);
  // The day off for the music's first start: the evening is past the hours the last test left, and the
  // channel's ▶ would ask.
  await planOff(counter.page);
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

  // Every start asks, not the bar's ▶ alone: the counter's channel tile, declined, leaves the music off.
  const closedQuestion = (page: Page) => page.getByRole('dialog', { name: 'A bolt zárva van. Elindítja a zenét?' });
  const morningName = ((await call(counter.page, 'GET', `/api/channels/${MORNING}`)) as { name: string }).name;
  await counter.page.goto('/channels');
  await waitForSocket(counter.page);
  await expect(bar(counter.page).getByText('Zárva – nyitás holnap 08:00', { exact: true })).toBeVisible(LIVE);
  await counter.page
    .getByRole('button', { name: `${morningName} lejátszása`, exact: true })
    .last()
    .click();
  await expect(closedQuestion(counter.page)).toBeVisible();
  await counter.page.screenshot({ path: test.info().outputPath('closed-question-1366.png') });
  await closedQuestion(counter.page).getByRole('button', { name: 'Mégse', exact: true }).click();
  await expect(closedQuestion(counter.page)).toHaveCount(0);
  await counter.page.waitForTimeout(1_000);
  expect((await serverPlayer(counter.page)).is_playing).toBe(false);
  expect((await audioState(counter.page)).paused).toBe(true);
  await expect(bar(counter.page).getByText('Zárva – nyitás holnap 08:00', { exact: true })).toBeVisible();

  // Space on the counter asks too; the yes's click starts the counter's sound, and the hold is said.
  await counter.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await counter.page.keyboard.press('Space');
  await expect(closedQuestion(counter.page)).toBeVisible();
  await closedQuestion(counter.page).getByRole('button', { name: 'Indítás', exact: true }).click();
  await expect.poll(() => sounds(counter.page), LIVE).toBe(true);
  for (const d of [counter, phone]) {
    await expect(bar(d.page).getByText('Kézi vezérlés holnap 08:00-ig', { exact: true })).toBeVisible(LIVE);
  }

  // Back to the plan: closed again, the music stops.
  await bar(counter.page).getByRole('button', { name: 'Vissza a napirendhez', exact: true }).click();
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(true);
  for (const d of [counter, phone]) {
    await expect(bar(d.page).getByText('Zárva – nyitás holnap 08:00', { exact: true })).toBeVisible(LIVE);
  }

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
  await leave(counter, phone);
}

/** Whether the page's music really sounds: the element plays and its time moves. */
async function sounds(page: Page): Promise<boolean> {
  const before = await audioState(page);
  await page.waitForTimeout(700);
  const after = await audioState(page);
  return !after.paused && after.time > before.time + 0.2;
}

/** The second part's Tuesday ('kedd'), a week on; Budapest (the demo shop's zone) is UTC+1 in January. */
const LATER_DAY = '2031-01-14';
/**
 * The devices' own clock in this part: a Friday noon, inside the opening hours (so a start asks no closed
 * shop's question whatever the hour the suite runs at), days before the ticked Tuesday (its hold's end
 * is 'kedd 23:50').
 */
const DEVICE_NOON = '2031-01-10T12:00:00+01:00';
const CHANNEL = 1;

/** The scheduler's test clock: the minute at `hm` on `day`, shop time; the ids of the items it fired. */
async function tickOn(request: APIRequestContext, hm: string, day = LATER_DAY): Promise<number[]> {
  const res = await request.post(`http://127.0.0.1:${API_PORT}/api/_test/scheduler/tick`, {
    data: { at: `${day}T${hm}:00+01:00` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { fired: Array<{ scheduled_content_id: number }> }).fired.map(
    (f) => f.scheduled_content_id,
  );
}

const everyDay = Object.fromEntries(DAY_KEYS.map((d) => [d, true]));

/** Open every day `open`–`close`; the plan on, with these blocks only, the seeded scheduled items off. */
async function planOf(page: Page, close: string, blocks: Array<Record<string, unknown>>) {
  for (const block of await call<Array<{ id: number }>>(page, 'GET', '/api/music-plan/blocks')) {
    await call(page, 'POST', `/api/music-plan/blocks/delete/${block.id}`, {});
  }
  await call(page, 'POST', '/api/opening-hours', {
    week: DAY_KEYS.map((day) => ({ day, open: '08:00', close })),
    exceptions: [],
  });
  for (const block of blocks) await call(page, 'POST', '/api/music-plan/blocks', { ...everyDay, ...block });
  await call(page, 'POST', '/api/music-plan', {
    enabled: true,
    default_source_type: 'channel',
    default_source_id: CHANNEL,
  });
  for (const item of await call<ScheduledContent[]>(page, 'GET', '/api/scheduled-contents')) {
    if (item.active) await call(page, 'POST', `/api/scheduled-contents/toggle/${item.id}`, {});
  }
}

test("a closing moved from 23:50 to 23:05 under 'Kézi vezérlés': every device says 23:05, and the music stops then", async ({
  browser,
  request,
}) => {
  const counter = await device(browser, 1366, DEVICE_NOON);
  await planOff(counter.page);
  await playChannel(counter.page, CHANNEL);
  const phone = await device(browser, 1366, DEVICE_NOON);
  await waitForSocket(phone.page);
  await planOf(counter.page, '23:50', []);

  await tickOn(request, '22:30');
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(false);
  // The manager pauses and plays again on the phone: the plan is held until the closing.
  await bar(phone.page).getByRole('button', { name: 'Szünet', exact: true }).click();
  await expect(bar(phone.page).getByRole('button', { name: 'Lejátszás', exact: true })).toBeVisible(LIVE);
  await bar(phone.page).getByRole('button', { name: 'Lejátszás', exact: true }).click();
  for (const d of [phone, counter]) {
    await expect(bar(d.page).getByText('Kézi vezérlés kedd 23:50-ig', { exact: true })).toBeVisible(LIVE);
  }
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(false);

  // 'Nyitvatartás': Tuesday closes at 23:05 now, saved on the phone.
  await tickOn(request, '23:00');
  await phone.page.goto('/settings');
  await pageRuns(phone.page);
  await phone.page.getByLabel('Kedd: Zárás').fill('23:05');
  await phone.page.getByRole('form', { name: 'Nyitvatartás' }).getByRole('button', { name: 'Mentés' }).click();
  await expect(phone.page.getByText('Sikeresen elmentve.', { exact: true })).toBeVisible();
  for (const d of [phone, counter]) {
    await expect(bar(d.page).getByText('Kézi vezérlés kedd 23:05-ig', { exact: true })).toBeVisible(LIVE);
  }

  // Up to the new closing the press holds; at it the music stops by itself, and the line goes.
  await tickOn(request, '23:04');
  expect((await serverPlayer(counter.page)).is_playing).toBe(true);
  await tickOn(request, '23:05');
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(true);
  const player = await serverPlayer(counter.page);
  expect(player.is_playing).toBe(false);
  expect(player.plan?.hold_until ?? null).toBeNull();
  for (const d of [phone, counter]) await expect(bar(d.page).getByText(/^Kézi vezérlés/)).toHaveCount(0, LIVE);
});

test("closing at 23:04, an item 'Csak nyitvatartási időben' every minute in 23:05–23:06 names its next play inside the hours", async ({
  browser,
  request,
}) => {
  const manager = devices[0] ?? (await device(browser, 1366, DEVICE_NOON));
  const { page } = manager;
  await planOf(page, '23:04', []);
  // Thursday the shop stays open until 23:50.
  await call(page, 'POST', '/api/opening-hours', {
    week: DAY_KEYS.map((day) => ({ day, open: '08:00', close: '23:04' })),
    exceptions: [{ date: '2031-01-16', name: 'Hosszú csütörtök', open: '08:00', close: '23:50' }],
  });
  await tickOn(request, '22:00');
  const [spot] = await call<Array<{ id: number }>>(page, 'GET', '/api/spots');
  const item = (name: string, onlyOpen: boolean) =>
    call<ScheduledContent>(page, 'POST', '/api/scheduled-contents', {
      ...DEFAULT_SCHEDULE_RULE,
      name,
      between_from: '23:05',
      between_to: '23:06',
      active: true,
      only_open: onlyOpen,
      spots: [spot!.id],
      slideshows: [],
      screens: [],
    });
  const gated = await item('Zárás utáni szpot', true);
  const always = await item('Mindig szóló szpot', false);
  expect(gated.next_play_at).toBe('2031-01-16T23:05:00+01:00');
  expect(always.next_play_at).toBe(`${LATER_DAY}T23:05:00+01:00`);
  const listed = await call<ScheduledContent[]>(page, 'GET', '/api/scheduled-contents');
  expect(listed.find((i) => i.id === gated.id)?.next_play_at).toBe('2031-01-16T23:05:00+01:00');

  // The fires agree: tonight at 23:05 only the item not bound to the hours plays; Thursday both.
  let fired = await tickOn(request, '23:05');
  expect(fired).toContain(always.id);
  expect(fired).not.toContain(gated.id);
  fired = await tickOn(request, '23:05', '2031-01-16');
  expect(fired).toEqual(expect.arrayContaining([always.id, gated.id]));
  for (const id of [gated.id, always.id]) await call(page, 'POST', `/api/scheduled-contents/delete/${id}`, {});
});

test('a block at volume 40 takes over from one at 70 while a position report of the device is on its way: the player plays at 40', async ({
  browser,
  request,
}) => {
  const counter = devices[0] ?? (await device(browser, 1366, DEVICE_NOON));
  const { page } = counter;
  await planOff(page);
  await playChannel(page, CHANNEL);
  const phone = devices[1] ?? (await device(browser, 1366, DEVICE_NOON));
  await waitForSocket(phone.page);
  const channelTracks = (id: number) =>
    call<Array<{ id: number }>>(page, 'GET', `/api/channels/${id}/tracks`).then((t) => t.map((x) => x.id));
  const playlist = async (name: string, tracks: number[]) =>
    call<{ id: number }>(page, 'POST', '/api/playlists/all-tracks/', { name, tracks });
  const loud = await playlist('Hangos délelőtt', (await channelTracks(1)).slice(0, 4));
  const quiet = await playlist('Csendes délután', (await channelTracks(2)).slice(0, 4));
  await planOf(page, '20:00', [
    { name: 'Hangos', from: '08:00', to: '14:00', source_type: 'playlist', source_id: loud.id, volume: 70 },
    { name: 'Csendes', from: '14:00', to: '20:00', source_type: 'playlist', source_id: quiet.id, volume: 40 },
  ]);

  await tickOn(request, '08:00', '2031-01-17');
  await expect.poll(async () => (await serverPlayer(page)).playable_id, LIVE).toBe(loud.id);
  expect((await serverPlayer(page)).volume).toBe(70);
  await expect.poll(async () => (await audioState(page)).paused, LIVE).toBe(false);
  await expect.poll(async () => (await audioState(page)).volume, LIVE).toBeCloseTo(0.7, 2);

  // 13:59:5x: the device's position report (volume 70, the state it knows) is on its way when the
  // quiet block starts at 14:00, and lands just after it (a slow network, a busy API).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let landed!: () => void;
  const reported = new Promise<void>((resolve) => (landed = resolve));
  let caught!: () => void;
  const inFlight = new Promise<void>((resolve) => (caught = resolve));
  await page.route(
    '**/api/players/*/update-volume',
    async (route) => {
      expect(route.request().postDataJSON()).toMatchObject({ volume: 70 });
      caught();
      await held;
      // Within the call's 5-second deadline: the report really reaches the API.
      await route.continue();
      landed();
    },
    { times: 1 },
  );
  // The device reports every 10 s.
  await inFlight;
  await tickOn(request, '14:00', '2031-01-17');
  await expect.poll(async () => (await serverPlayer(page)).playable_id, LIVE).toBe(quiet.id);
  await expect(bar(phone.page).getByRole('slider', { name: 'Hangerő' })).toHaveValue('40', LIVE);
  release();
  await reported;

  // Past the 5-second glide: the quiet block plays at 40 on the device, the server and every screen,
  // and the plan is still in charge (a report is no press).
  await page.waitForTimeout(6_000);
  const player: Player = await serverPlayer(page);
  expect(player.volume).toBe(40);
  expect(player.plan?.hold_until ?? null).toBeNull();
  expect((await audioState(page)).volume).toBeCloseTo(0.4, 2);
  for (const d of [counter, phone]) {
    await expect(bar(d.page).getByRole('slider', { name: 'Hangerő' })).toHaveValue('40', LIVE);
  }
});
