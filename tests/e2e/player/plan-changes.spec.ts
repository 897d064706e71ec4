import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Player } from '../../../contracts/player';
import type { ScheduledContent } from '../../../contracts/scheduled-contents';
import { DAY_KEYS, DEFAULT_SCHEDULE_RULE } from '../../../contracts/names';
import { E2E, webUrl, type Stack } from '../../../scripts/launch/stack';
import { logIn } from '../support/auth';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { LIVE, pageCall, waitForSocket, type Device } from '../realtime/support';
import { audioState, bar, pageRuns, playChannel, serverPlayer } from './support';

/*
 * The shop's day when it changes under way (issue 39): a closing moved earlier ends a manager's hold
 * at the new time on every device, an item 'Csak nyitvatartási időben' names its next play inside the
 * opening hours, and a block's volume is what the player plays at. On the scheduler's test clock, in
 * a stack of its own (the ticks move the API's clock years ahead, and the plan acts on the demo
 * shop's player).
 */
const API_PORT = E2E.apiPort + 17;
const WEB_PORT = E2E.webPort + 17;
/** A Tuesday ('kedd'); Budapest (the demo shop's zone) is UTC+1 in January. */
const DAY = '2031-01-14';
const CHANNEL = 1;

let stack: Stack | undefined;
const devices: Device[] = [];

test.use({ baseURL: webUrl(WEB_PORT, 'demo'), timezoneId: 'Europe/Budapest' });
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOwnStack(API_PORT, WEB_PORT);
});

test.afterAll(async () => {
  for (const d of devices) await d.context.close().catch(() => {});
  await stopOwnStack(stack);
});

async function device(browser: Browser): Promise<Device> {
  const context = await browser.newContext({
    baseURL: webUrl(WEB_PORT, 'demo'),
    locale: 'hu-HU',
    timezoneId: 'Europe/Budapest',
    viewport: { width: 1366, height: 768 },
  });
  const page = await context.newPage();
  await logIn(page);
  const d = { context, page };
  devices.push(d);
  return d;
}

/** The scheduler's test clock: the minute at `hm` on `day`, shop time; the ids of the items it fired. */
async function tick(request: APIRequestContext, hm: string, day = DAY): Promise<number[]> {
  const res = await request.post(`http://127.0.0.1:${API_PORT}/api/_test/scheduler/tick`, {
    data: { at: `${day}T${hm}:00+01:00` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { fired: Array<{ scheduled_content_id: number }> }).fired.map(
    (f) => f.scheduled_content_id,
  );
}

async function call<T = unknown>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await pageCall(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as T;
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
  const counter = await device(browser);
  await playChannel(counter.page, CHANNEL);
  const phone = await device(browser);
  await waitForSocket(phone.page);
  await planOf(counter.page, '23:50', []);

  await tick(request, '22:30');
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
  await tick(request, '23:00');
  await phone.page.goto('/settings');
  await pageRuns(phone.page);
  await phone.page.getByLabel('Kedd: Zárás').fill('23:05');
  await phone.page.getByRole('form', { name: 'Nyitvatartás' }).getByRole('button', { name: 'Mentés' }).click();
  await expect(phone.page.getByText('Sikeresen elmentve.', { exact: true })).toBeVisible();
  for (const d of [phone, counter]) {
    await expect(bar(d.page).getByText('Kézi vezérlés kedd 23:05-ig', { exact: true })).toBeVisible(LIVE);
  }

  // Up to the new closing the press holds; at it the music stops by itself, and the line goes.
  await tick(request, '23:04');
  expect((await serverPlayer(counter.page)).is_playing).toBe(true);
  await tick(request, '23:05');
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
  const manager = devices[0] ?? (await device(browser));
  const { page } = manager;
  await planOf(page, '23:04', []);
  // Thursday the shop stays open until 23:50.
  await call(page, 'POST', '/api/opening-hours', {
    week: DAY_KEYS.map((day) => ({ day, open: '08:00', close: '23:04' })),
    exceptions: [{ date: '2031-01-16', name: 'Hosszú csütörtök', open: '08:00', close: '23:50' }],
  });
  await tick(request, '22:00');
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
  expect(always.next_play_at).toBe(`${DAY}T23:05:00+01:00`);
  const listed = await call<ScheduledContent[]>(page, 'GET', '/api/scheduled-contents');
  expect(listed.find((i) => i.id === gated.id)?.next_play_at).toBe('2031-01-16T23:05:00+01:00');

  // The fires agree: tonight at 23:05 only the item not bound to the hours plays; Thursday both.
  let fired = await tick(request, '23:05');
  expect(fired).toContain(always.id);
  expect(fired).not.toContain(gated.id);
  fired = await tick(request, '23:05', '2031-01-16');
  expect(fired).toEqual(expect.arrayContaining([always.id, gated.id]));
  for (const id of [gated.id, always.id]) await call(page, 'POST', `/api/scheduled-contents/delete/${id}`, {});
});

test('a block at volume 40 takes over from one at 70 while a position report of the device is on its way: the player plays at 40', async ({
  browser,
  request,
}) => {
  const counter = devices[0] ?? (await device(browser));
  const { page } = counter;
  await playChannel(page, CHANNEL);
  const phone = devices[1] ?? (await device(browser));
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

  await tick(request, '08:00', '2031-01-17');
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
  await tick(request, '14:00', '2031-01-17');
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
