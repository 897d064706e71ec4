import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ALERT_SETTINGS_DEFAULT } from '@/contracts/alerts';
import { E2E } from '../../../scripts/launch/stack';
import { DEMO, logIn } from '../support/auth';
import { waitForMail } from '../support/mail';
import { closeDevice, pageCall, playHere, waitForSocket, type Device } from './support';

test.describe.configure({ timeout: 150_000 });

const OFFLINE = 'Nem szól a zene: a zenét szóló eszköz nem elérhető';
const RECOVERED = 'Újra szól a zene';
const API = `http://127.0.0.1:${E2E.apiPort}`;

let pc: Device | undefined;
let phone: Device | undefined;

test.afterEach(async () => {
  // The shop's alerts go back to their defaults, so no later spec finds a one-minute delay.
  if (phone) await pageCall(phone.page, 'POST', '/api/alert-settings', ALERT_SETTINGS_DEFAULT).catch(() => {});
  await closeDevice(phone);
  await pc?.context.close().catch(() => {});
  pc = phone = undefined;
});

/** Fires the minute containing `at` on the test clock: the scheduler's and the alerts' evaluation of it. */
async function tick(request: APIRequestContext, at: number): Promise<void> {
  const response = await request.post(`${API}/api/_test/scheduler/tick`, { data: { at: new Date(at).toISOString() } });
  expect(response.status()).toBe(200);
}

/**
 * Moves the test clock on a minute at a time (a second apart on the real clock, so presence and the
 * events keep up) until `done` holds; at most `minutes` minutes.
 */
async function tickUntil(request: APIRequestContext, from: number, minutes: number, done: () => Promise<boolean>) {
  for (let i = 1; i <= minutes; i++) {
    await tick(request, from + i * 60_000);
    if (await done()) return from + i * 60_000;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error(`not done within ${minutes} test minutes`);
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Értesítések/ });
const banner = (page: Page) => page.getByRole('alert').filter({ hasText: OFFLINE });

test(`the counter PC goes away while it plays: the phone's bell and banner say so and a mail is written; it plays again: '${RECOVERED}'`, async ({
  browser,
  baseURL,
  request,
}) => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (the global setup sets it)');

  const pcContext = await browser.newContext({ baseURL, locale: 'hu-HU', viewport: { width: 1366, height: 768 } });
  const pcPage = await pcContext.newPage();
  pc = { context: pcContext, page: pcPage };
  await logIn(pcPage);
  await playHere(pcPage);

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

  // The manager sets the delay to one minute in the settings' 'Értesítések' section.
  await phonePage.goto('/settings');
  const section = phonePage.getByRole('region', { name: 'Értesítések' });
  const delay = section.getByRole('spinbutton', { name: 'Késleltetés (perc)' });
  await delay.fill('0');
  await section.getByRole('button', { name: 'Mentés' }).click();
  await expect(delay).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByText('A késleltetés 1 és 60 perc közötti egész szám lehet.')).toBeVisible();
  await delay.fill('1');
  await section.getByRole('button', { name: 'Mentés' }).click();
  await expect(delay).not.toHaveAttribute('aria-invalid');
  expect((await pageCall(phonePage, 'GET', '/api/alert-settings')).body).toMatchObject({ delay: 1 });

  await phonePage.goto('/channels');
  await waitForSocket(phonePage);
  await expect(bell(phonePage)).toBeVisible();
  await expect(banner(phonePage)).toHaveCount(0);

  // The counter PC's page closes while it plays: no device of the shop sounds any more.
  await pcContext.close();
  pc = undefined;
  const goneAt = Date.now();
  const since = goneAt;

  const openedAt = await tickUntil(request, goneAt, 5, async () => (await banner(phonePage).count()) > 0);
  await expect(banner(phonePage)).toBeVisible();
  await expect(bell(phonePage)).toHaveAccessibleName(/^Értesítések, \d+ olvasatlan$/);
  await bell(phonePage).click();
  const list = phonePage.getByRole('region', { name: 'Értesítések' });
  await expect(list.getByRole('listitem').first()).toContainText(OFFLINE);
  await expect(list.getByRole('listitem').first()).toContainText('Még tart');

  // The mail to the shop's user, subject '[Demo Bolt] …', written into the data folder's outbox.
  const mail = await waitForMail(dataDir, DEMO.email, since, 30_000);
  expect(mail.headers.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/Subject:/i);
  expect(mail.body).toContain('Hogyan induljon');

  // The PC comes back and plays: the banner goes and 'Újra szól a zene' follows in the list.
  const backContext = await browser.newContext({ baseURL, locale: 'hu-HU', viewport: { width: 1366, height: 768 } });
  const backPage = await backContext.newPage();
  pc = { context: backContext, page: backPage };
  await logIn(backPage);
  await playHere(backPage);
  await tickUntil(request, openedAt, 3, async () => (await banner(phonePage).count()) === 0);
  await expect(list.getByRole('listitem').filter({ hasText: RECOVERED })).toHaveCount(1);
  await expect(list.getByRole('listitem').filter({ hasText: OFFLINE }).first()).toContainText('Megoldva');

  await list.getByRole('button', { name: 'Összes olvasottnak jelölése' }).click();
  await expect(bell(phonePage)).toHaveAccessibleName('Értesítések');
});
