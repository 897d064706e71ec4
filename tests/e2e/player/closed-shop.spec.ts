import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Spot } from '../../../contracts';
import { DAY_KEYS } from '../../../contracts/names';
import { E2E, webUrl, type Stack } from '../../../scripts/launch/stack';
import { logIn } from '../support/auth';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { LIVE, pageCall, waitForSocket, type Device } from '../realtime/support';
import { audioState, bar, playChannel } from './support';

/*
 * Closed, said plainly: with opening hours and the music plan on, a closed shop's bar says when it
 * opens, play asks first and then says until when the press holds; the scheduler's question counts only
 * open minutes for an item 'Csak nyitvatartási időben'; the plan warns of a block on a closed day and
 * shades the closed hours. On the test clock: the API's by the scheduler's test control (a stack of
 * its own), the browsers' fixed at the same moment (the bar reads the device's clock).
 */
const API_PORT = E2E.apiPort + 11;
const WEB_PORT = E2E.webPort + 11;
/** A Tuesday evening after closing; Budapest (the demo shop's zone) is UTC+1 in January. */
const EVENING = '2031-01-07T21:00:00+01:00';

let stack: Stack | undefined;
const devices: Device[] = [];

test.use({ baseURL: webUrl(WEB_PORT, 'demo'), timezoneId: 'Europe/Budapest' });
test.describe.configure({ timeout: 150_000 });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  stack = await startOwnStack(API_PORT, WEB_PORT);
});

test.afterAll(async () => {
  for (const d of devices) await d.context.close().catch(() => {});
  await stopOwnStack(stack);
});

/** A device of the shop at `width` px, its clock standing at EVENING. */
async function device(browser: Browser, width: number): Promise<Device> {
  const context = await browser.newContext({
    baseURL: webUrl(WEB_PORT, 'demo'),
    locale: 'hu-HU',
    timezoneId: 'Europe/Budapest',
    viewport: { width, height: width > 800 ? 768 : 844 },
  });
  await context.clock.setFixedTime(EVENING);
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

test('closed: the bar says when it opens, play asks and says until when; the count, the warning and the week go by the open hours', async ({
  browser,
  request,
}) => {
  const counter = await device(browser, 1366);
  await playChannel(counter.page, 1);
  const phone = await device(browser, 390);

  // Open Monday–Saturday 08:00–20:00 (a 12-hour day), closed on Sunday; one block, the plan on.
  for (const block of (await call(counter.page, 'GET', '/api/music-plan/blocks')) as Array<{ id: number }>) {
    await call(counter.page, 'POST', `/api/music-plan/blocks/delete/${block.id}`, {});
  }
  await call(counter.page, 'POST', '/api/opening-hours', {
    week: DAY_KEYS.map((day) => (day === 'sunday' ? { day, closed: true } : { day, open: '08:00', close: '20:00' })),
    exceptions: [],
  });
  const workdays = Object.fromEntries(DAY_KEYS.map((d) => [d, d !== 'sunday']));
  await call(counter.page, 'POST', '/api/music-plan/blocks', {
    name: 'Nyitvatartás',
    ...workdays,
    from: '08:00',
    to: '20:00',
    source_type: 'channel',
    source_id: 1,
    volume: 60,
  });
  await call(counter.page, 'POST', '/api/music-plan', {
    enabled: true,
    default_source_type: 'channel',
    default_source_id: 1,
  });
  for (const item of (await call(counter.page, 'GET', '/api/scheduled-contents')) as Array<{
    id: number;
    active: boolean;
  }>) {
    if (item.active) await call(counter.page, 'POST', `/api/scheduled-contents/toggle/${item.id}`, {});
  }

  // 21:00 on Tuesday: closed since 20:00, the plan has paused the music.
  const tick = await request.post(`http://127.0.0.1:${API_PORT}/api/_test/scheduler/tick`, { data: { at: EVENING } });
  expect(tick.status()).toBe(200);
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
