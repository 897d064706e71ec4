import { expect, test } from '@playwright/test';
import { BUNDLED_API, DEMO, loginForm, submitLogin } from '../support/auth';
import { resetLink, waitForMail } from '../support/mail';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { E2E, type Stack } from '../../../scripts/launch/stack';

// Its own stack: changing the demo password must not disturb the other tests.
const API_PORT = E2E.apiPort + 11;
const WEB_PORT = E2E.webPort + 11;
const NEW_PASSWORD = 'uj-jelszo-2026';

const FORGOT_SUCCESS =
  'Email címére küldtünk egy linket, melyet megnyitva új jelszót állíthat be felhasználó fiókjához.';
const RESET_SUCCESS =
  'Sikeresen beállította új jelszavát felhasználó fiókjához. Már nincs más hátra mint bejelentkezni.';
const RESET_INVALID =
  'Érvénytelen helyreállító link. Előfordulhat, hogy a jelszó beállításra fordítható időkeret letelt, vagy már modosította jelszavát ezzel a linkkel.';

test.describe.configure({ mode: 'serial' });

let stack: Stack | undefined;
let link = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOwnStack(API_PORT, WEB_PORT);
});

test.afterAll(async () => {
  await stopOwnStack(stack);
});

test('forgot → mail → new password → login with it', BUNDLED_API, async ({ page }) => {
  const base = stack!.url('demo');
  const since = Date.now();

  await page.goto(`${base}/forgot`);
  const email = page.getByLabel('E-mail cím', { exact: true });
  const send = page.getByRole('button', { name: 'Link küldése' });
  await email.fill('demo@');
  await expect(send).toBeDisabled(); // enabled from 6 characters
  await email.fill(DEMO.email);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText(FORGOT_SUCCESS, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Újra küldés' })).toBeVisible();

  // The API writes the mail as an .eml file under DATA_DIR/mail (no SMTP_URL).
  const mail = await waitForMail(stack!.dataDir, DEMO.email, since);
  link = resetLink(mail);
  expect(link.startsWith(`${base}/reset/`), link).toBe(true);

  await page.goto(link);
  const resetEmail = page.getByLabel('E-mail cím', { exact: true });
  if ((await resetEmail.inputValue()) === '') await resetEmail.fill(DEMO.email);
  await expect(resetEmail).toHaveValue(DEMO.email);
  const password = page.getByLabel(/^(Új jelszó|Jelszó)$/);
  const confirmation = page.getByLabel('Jelszó megerősítése', { exact: true });
  const save = page.getByRole('button', { name: 'Jelszó beállítása' });
  await password.fill('1234567');
  await confirmation.fill('1234567');
  await expect(save).toBeDisabled(); // both need 8 characters
  await password.fill(NEW_PASSWORD);
  await confirmation.fill(NEW_PASSWORD);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(RESET_SUCCESS, { exact: true })).toBeVisible();

  // The login button of the success state.
  await page
    .getByRole('link', { name: 'Bejelentkezés' })
    .or(page.getByRole('button', { name: 'Bejelentkezés' }))
    .click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works …
  await submitLogin(page, DEMO);
  await expect(page.getByText('Hibás e-mail cím vagy jelszó.', { exact: true })).toBeVisible();
  // … the new one does.
  await loginForm(page).password.fill(NEW_PASSWORD);
  await loginForm(page).submit.click();
  await expect(page).toHaveURL(/\/channels$/);
  await expect(page.getByRole('banner').getByText(DEMO.customer, { exact: true })).toBeVisible();
});

test('a used reset link shows the invalid-link text with a way to a new one', BUNDLED_API, async ({ page }) => {
  expect(link, 'the previous test produced a link').not.toBe('');
  await page.goto(link);
  const resetEmail = page.getByLabel('E-mail cím', { exact: true });
  if ((await resetEmail.inputValue()) === '') await resetEmail.fill(DEMO.email);
  await page.getByLabel(/^(Új jelszó|Jelszó)$/).fill('masik-jelszo-2026');
  await page.getByLabel('Jelszó megerősítése', { exact: true }).fill('masik-jelszo-2026');
  await page.getByRole('button', { name: 'Jelszó beállítása' }).click();

  await expect(page.getByText(RESET_INVALID, { exact: true })).toBeVisible();
  const again = page.getByRole('link', { name: 'Új link küldés' });
  await expect(again).toBeVisible();
  await again.click();
  await expect(page).toHaveURL(/\/forgot$/);

  // The used link changed nothing: the password set before still works.
  await page.goto(`${stack!.url('demo')}/login`);
  await submitLogin(page, { email: DEMO.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/channels$/);
});
