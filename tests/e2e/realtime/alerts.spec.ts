import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ALERT_SETTINGS_DEFAULT } from '@/contracts/alerts';
import { DAY_KEYS } from '@/contracts/names';
import { E2E } from '../../../scripts/launch/stack';
import { DEMO, logIn } from '../support/auth';
import { waitForMail } from '../support/mail';
import { audioState, bar, closeDevice, pageCall, playHere, waitForSocket, type Device } from './support';

test.describe.configure({ timeout: 150_000 });

const OFFLINE = 'Nem szól a zene: a zenét szóló eszköz nem elérhető';
const RECOVERED = 'Újra szól a zene';
const API = `http://127.0.0.1:${E2E.apiPort}`;

let pc: Device | undefined;
let phone: Device | undefined;

test.afterEach(async () => {
  // The shop's alerts and day go back to their defaults, so no later spec finds them changed.
  if (phone) {
    await pageCall(phone.page, 'POST', '/api/alert-settings', ALERT_SETTINGS_DEFAULT).catch(() => {});
    await pageCall(phone.page, 'POST', '/api/opening-hours', { week: [], exceptions: [] }).catch(() => {});
  }
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
 * Moves the test clock on a minute at a time until `shown` is there within 2 s of a minute's
 * evaluation (the realtime event's bound); at most `minutes` minutes. Answers the minute and how
 * long the page took after it.
 */
async function tickUntil(request: APIRequestContext, from: number, minutes: number, shown: Locator) {
  for (let i = 1; i <= minutes; i++) {
    const ticked = Date.now();
    await tick(request, from + i * 60_000);
    const seen = await shown
      .first()
      .waitFor({ state: 'attached', timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (seen) return { at: from + i * 60_000, ms: Date.now() - ticked };
  }
  throw new Error(`not shown within ${minutes} test minutes`);
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

  // The shop is open all day: a shop without opening hours closes when its device goes away, silently.
  const allDay = { week: DAY_KEYS.map((day) => ({ day, open: '00:00', close: '23:59' })), exceptions: [] };
  expect((await pageCall(phonePage, 'POST', '/api/opening-hours', allDay)).status).toBe(200);

  await phonePage.goto('/channels');
  await waitForSocket(phonePage);
  await expect(bell(phonePage)).toBeVisible();
  await expect(banner(phonePage)).toHaveCount(0);

  // The counter PC's page closes while it plays: no device of the shop sounds any more.
  await pcContext.close();
  pc = undefined;
  const goneAt = Date.now();
  const since = goneAt;

  const opened = await tickUntil(request, goneAt, 5, banner(phonePage));
  test.info().annotations.push({ type: 'figures', description: `banner ${opened.ms} ms after the minute's tick` });
  console.log(`[alerts] the phone's banner ${opened.ms} ms after the minute's evaluation`);
  await expect(banner(phonePage)).toBeVisible();
  await expect(bell(phonePage)).toHaveAccessibleName(/^Értesítések, \d+ olvasatlan$/);
  await bell(phonePage).click();
  const list = phonePage.getByRole('region', { name: 'Értesítések' });
  await expect(list.getByRole('listitem').first()).toContainText(OFFLINE);
  await expect(list.getByRole('listitem').first()).toContainText('Még tart');

  // The mail to the shop's user, subject '[Demo Bolt] …', written into the data folder's outbox.
  const mail = await waitForMail(dataDir, DEMO.email, since, 30_000);
  expect(mail.headers).toMatch(/^subject:/im);
  expect(mail.body).toContain(OFFLINE);
  expect(mail.body).toContain('Mit tegyen?');

  // The PC comes back and plays: the banner goes and 'Újra szól a zene' follows in the list.
  const backContext = await browser.newContext({ baseURL, locale: 'hu-HU', viewport: { width: 1366, height: 768 } });
  const backPage = await backContext.newPage();
  pc = { context: backContext, page: backPage };
  await logIn(backPage);
  await backPage.goto('/channels/1');
  await waitForSocket(backPage);
  // The player still plays on the PC's old page as far as the server knows: the music is taken here.
  await bar(backPage).getByRole('button', { name: 'Lejátszás ezen az eszközön' }).click();
  const takeOver = backPage.getByRole('dialog', { name: /Ide hozza a zenét\?$/ });
  if (
    await takeOver
      .waitFor({ timeout: 3_000 })
      .then(() => true)
      .catch(() => false)
  ) {
    await takeOver.getByRole('button', { name: 'Ide hozom' }).click();
  }
  await expect.poll(async () => (await audioState(backPage)).paused, { timeout: 15_000 }).toBe(false);
  const recovered = list.getByRole('listitem').filter({ hasText: RECOVERED });
  const back = await tickUntil(request, opened.at, 3, recovered);
  test
    .info()
    .annotations.push({ type: 'figures', description: `'${RECOVERED}' ${back.ms} ms after the minute's tick` });
  await expect(banner(phonePage)).toHaveCount(0);
  await expect(recovered).toHaveCount(1);
  await expect(list.getByRole('listitem').filter({ hasText: OFFLINE }).first()).toContainText('Megoldva');

  await list.getByRole('button', { name: 'Összes olvasottnak jelölése' }).click();
  await expect(bell(phonePage)).toHaveAccessibleName('Értesítések');
});
