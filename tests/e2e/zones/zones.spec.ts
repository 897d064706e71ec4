import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEFAULT_SCHEDULE_RULE, DEFAULT_ZONE_NAME, zoneMessages } from '../../../contracts/names';
import type { Player } from '../../../contracts/player';
import type { Spot } from '../../../contracts/spots';
import type { Zone } from '../../../contracts/zones';
import { logIn } from '../support/auth';
import {
  audioState,
  bar,
  closeDevice,
  LIVE,
  openDevice,
  pageCall,
  pathOf,
  spotElement,
  waitForSocket,
  type Device,
} from '../realtime/support';

/*
 * Zones (issue 43) in the browser, against the real API: two counter PCs sounding for two zones, a
 * phone steering either, a spot on one zone only, a zone deleted while it plays; then the shop with one
 * zone again shows no zone UI. One flow, so the devices are opened once.
 */
test.describe.configure({ timeout: 180_000 });

const TERRACE = 'Terasz';
let devices: Device[] = [];

async function call(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const res = await pageCall(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

const zonesOf = async (page: Page) => (await call(page, 'GET', '/api/zones')) as Zone[];
const playersOf = async (page: Page) => (await call(page, 'GET', '/api/players')) as Player[];

/** The manager's phone: 390 px wide, its own login. */
async function openPhone(browser: Browser, baseURL: string | undefined): Promise<Device> {
  const context = await browser.newContext({ baseURL, locale: 'hu-HU', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await logIn(page);
  return { context, page };
}

const zoneButton = (page: Page, name: string) => bar(page).getByRole('button', { name: `Zóna: ${name}` });

/** Steers `name` through the bar's zone menu. */
async function steer(page: Page, from: string, name: string): Promise<void> {
  await zoneButton(page, from).click();
  await page.getByRole('menuitemradio', { name: new RegExp(`^${name},`) }).click();
  await expect(zoneButton(page, name)).toBeVisible(LIVE);
}

test.afterEach(async () => {
  // The shop as every other test knows it: its first zone only (deleting a zone stops its player).
  const page = devices[0]?.page;
  if (page) {
    for (const zone of (await zonesOf(page).catch(() => [])).slice(1)) {
      await pageCall(page, 'POST', `/api/zones/delete/${zone.id}`).catch(() => undefined);
    }
  }
  for (const device of devices.reverse()) await closeDevice(device);
  devices = [];
});

test('two counter PCs play two zones; the phone switches zones, pauses one, sends a spot to one; a deleted zone stops its device only; one zone again shows no zone UI', async ({
  browser,
  baseURL,
}) => {
  const pcA = await openDevice(browser, baseURL);
  devices.push(pcA);
  const created = await pageCall(pcA.page, 'POST', '/api/zones', { name: TERRACE });
  expect(created.status).toBe(201);
  const terrace = created.body as Zone;

  // PC A: the first zone's audio device, playing channel 1. With no audio device in the first zone
  // (as earlier tests may leave it), ▶ takes the music here and, with two zones, asks for which.
  await pcA.page.goto('/channels/1');
  await waitForSocket(pcA.page);
  const mainA = pcA.page.getByRole('main');
  const pauseA = mainA.getByRole('button', { name: 'Szünet', exact: true });
  if (await pauseA.isVisible()) {
    await pauseA.click();
    await expect(mainA.getByRole('button', { name: 'Lejátszás', exact: true })).toBeVisible();
  }
  await mainA.getByRole('button', { name: 'Lejátszás', exact: true }).click();
  const whichZone = pcA.page.getByRole('dialog', { name: 'Melyik zóna zenéje szóljon ezen az eszközön?' });
  const playingA = bar(pcA.page).getByRole('button', { name: 'Szünet', exact: true });
  await expect(whichZone.or(playingA).first()).toBeVisible(LIVE);
  if (await whichZone.isVisible()) {
    await whichZone.getByRole('radio', { name: DEFAULT_ZONE_NAME }).check();
    await whichZone.getByRole('button', { name: 'Lejátszás itt', exact: true }).click();
  }
  await expect(playingA).toBeVisible(LIVE);
  await expect.poll(async () => (await audioState(pcA.page)).paused, { timeout: 15_000 }).toBe(false);
  await expect(zoneButton(pcA.page, DEFAULT_ZONE_NAME)).toBeVisible();

  // PC B: steers the terrace and plays channel 2 there, becoming its audio device.
  const pcB = await openDevice(browser, baseURL);
  devices.push(pcB);
  await pcB.page.goto('/channels/2');
  await waitForSocket(pcB.page);
  await steer(pcB.page, DEFAULT_ZONE_NAME, TERRACE);
  await pcB.page.getByRole('main').getByRole('button', { name: 'Lejátszás', exact: true }).click();
  await expect(bar(pcB.page).getByRole('button', { name: 'Szünet', exact: true })).toBeVisible(LIVE);
  await expect.poll(async () => (await audioState(pcB.page)).paused, { timeout: 15_000 }).toBe(false);

  // Two zones, two sources, two devices.
  const players = await playersOf(pcA.page);
  const first = players.find((p) => p.zone_id !== terrace.id)!;
  const second = players.find((p) => p.zone_id === terrace.id)!;
  const sessionOf = async (page: Page) => ((await call(page, 'GET', '/api/me')) as { session_id: string }).session_id;
  expect(first.session_id).toBe(await sessionOf(pcA.page));
  expect(second.session_id).toBe(await sessionOf(pcB.page));
  expect(first.playable_id).toBe(1);
  expect(second.playable_id).toBe(2);
  const aSrc = (await audioState(pcA.page)).src;
  expect(aSrc).not.toBe('');
  expect(pathOf(aSrc)).not.toBe(pathOf((await audioState(pcB.page)).src));

  // The phone: the tiles say where each channel plays, the menus list every zone and device.
  const phone = await openPhone(browser, baseURL);
  devices.push(phone);
  await phone.page.goto('/channels');
  await waitForSocket(phone.page);
  await expect(phone.page.locator('[data-plays-in]', { hasText: `Szól: ${TERRACE}` }).first()).toBeAttached(LIVE);
  await expect(phone.page.locator('[data-plays-in]', { hasText: `Szól: ${DEFAULT_ZONE_NAME}` }).first()).toBeAttached();
  await zoneButton(phone.page, DEFAULT_ZONE_NAME).click();
  for (const name of [DEFAULT_ZONE_NAME, TERRACE]) {
    await expect(
      phone.page.getByRole('menuitemradio', { name: new RegExp(`^${name},.*Lejátszó eszköz online`) }),
    ).toBeVisible(LIVE);
  }
  await phone.page.getByRole('menuitemradio', { name: new RegExp(`^${TERRACE},`) }).click();
  await expect(zoneButton(phone.page, TERRACE)).toBeVisible(LIVE);

  // Pausing the terrace stops PC B only.
  await bar(phone.page).getByRole('button', { name: 'Szünet', exact: true }).click();
  await expect.poll(async () => (await audioState(pcB.page)).paused, LIVE).toBe(true);
  expect((await audioState(pcA.page)).paused).toBe(false);
  await bar(phone.page).getByRole('button', { name: 'Lejátszás', exact: true }).click();
  await expect.poll(async () => (await audioState(pcB.page)).paused, LIVE).toBe(false);

  // 'Azonnali lejátszás' on the phone (it steers the terrace, remembered across its pages): PC B only.
  const spots = (await call(phone.page, 'GET', '/api/spots')) as Spot[];
  const spot = [...spots].sort((x, y) => x.duration - y.duration)[0]!;
  await phone.page.goto('/mixer/spots');
  await expect(zoneButton(phone.page, TERRACE)).toBeVisible(LIVE);
  await phone.page.getByRole('button', { name: `Azonnali lejátszás: ${spot.name}` }).click();
  await expect.poll(async () => pathOf((await spotElement(pcB.page)).src), LIVE).toBe(pathOf(spot.url));
  expect((await spotElement(pcA.page)).src).toBe('');
  expect((await audioState(pcA.page)).paused).toBe(false);

  // The plan: a zone picker above the week, each zone's own (?zone=).
  await phone.page.goto('/mixer/plan');
  const picker = phone.page.getByLabel('Zóna', { exact: true });
  await expect(picker).toBeVisible();
  await picker.selectOption({ label: TERRACE });
  await expect(phone.page).toHaveURL(new RegExp(`/mixer/plan\\?zone=${terrace.id}$`));
  await expect(phone.page.getByLabel('Hét másolása ide: …')).toBeVisible();

  // A schedule for the terrace only, which its deletion leaves with no zone.
  const item = (await call(phone.page, 'POST', '/api/scheduled-contents', {
    ...DEFAULT_SCHEDULE_RULE,
    name: 'Csak a teraszon',
    active: true,
    spots: [spot.id],
    slideshows: [],
    screens: [],
    all_zones: false,
    zones: [terrace.id],
  })) as { id: number };

  // Deleting the terrace while it plays: PC B stops within 2 s, PC A plays on.
  await phone.page.goto('/settings');
  await phone.page.getByRole('button', { name: `Törlés: ${TERRACE}` }).click();
  // Timed from the API's answer to the delete (the dialog's own loading is the browser's, not the stop's).
  const deleted = phone.page.waitForResponse((r) => r.url().includes('/api/zones/delete/'));
  await phone.page.getByRole('dialog').getByRole('button', { name: 'Törlés', exact: true }).click();
  expect((await deleted).status()).toBe(200);
  const deletedAt = Date.now();
  await expect.poll(async () => (await audioState(pcB.page)).paused, { timeout: 2_000, intervals: [100] }).toBe(true);
  expect(Date.now() - deletedAt).toBeLessThan(2_500);
  // PC A untouched: still sounding, its zone still its channel 1 on it (its track may have moved on).
  expect((await audioState(pcA.page)).paused).toBe(false);
  const after = (await playersOf(pcA.page)).find((p) => p.id === first.id)!;
  expect(after).toMatchObject({ is_playing: true, playable_id: 1, session_id: first.session_id });
  await expect(phone.page.locator('[data-zone-row]')).toHaveCount(1);

  // One zone: no zone UI in the bar, the tiles, the play log, the scheduler or the plan.
  await phone.page.goto('/mixer/scheduler');
  await expect(phone.page.getByText(zoneMessages.noZoneLeft)).toBeVisible();
  await call(phone.page, 'POST', `/api/scheduled-contents/delete/${item.id}`, {});
  await phone.page.getByRole('button', { name: 'Új ütemezés' }).first().click();
  await expect(phone.page.getByRole('dialog')).toBeVisible();
  await expect(phone.page.getByRole('dialog').getByText('Minden zóna')).toHaveCount(0);
  await phone.page.goto('/channels');
  await waitForSocket(phone.page);
  await expect(bar(phone.page).getByRole('button', { name: /^Zóna:/ })).toHaveCount(0);
  await expect(phone.page.locator('[data-plays-in]')).toHaveCount(0);
  await phone.page.goto('/mixer/play-log');
  await expect(phone.page.getByRole('columnheader', { name: 'Zóna' })).toHaveCount(0);
  await phone.page.goto('/mixer/plan');
  await expect(phone.page.getByLabel('Hét másolása ide: …')).toHaveCount(0);

  // The last zone cannot go.
  await phone.page.goto('/settings');
  await phone.page.getByRole('button', { name: `Törlés: ${DEFAULT_ZONE_NAME}` }).click();
  await phone.page.getByRole('dialog').getByRole('button', { name: 'Törlés', exact: true }).click();
  await expect(phone.page.getByText(zoneMessages.last)).toBeVisible();

  // 'Új zóna' in the settings: a name over the names' limit cannot be typed; the new zone shows in the list.
  const newName = phone.page.getByLabel('Új zóna');
  await newName.fill('x'.repeat(150));
  await expect(newName).toHaveValue('x'.repeat(100));
  await newName.fill('Kávézó');
  await phone.page.locator('[data-add-zone]').click();
  await expect(phone.page.getByRole('list', { name: 'Zónák' }).getByText('Kávézó', { exact: true })).toBeVisible(LIVE);
  expect((await zonesOf(phone.page)).map((z) => z.name)).toEqual([DEFAULT_ZONE_NAME, 'Kávézó']);
});
