import { expect, test } from '@playwright/test';
import { DEMO } from '../support/auth';

// On a weak PC the shop manager may type and press Enter before the page's script has run; the
// login form must then work as a plain HTML form. A browser with scripts turned off shows that.
test.use({ javaScriptEnabled: false });

test('a wrong password posted by the browser itself comes back with the message and the e-mail', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail cím').fill(DEMO.email);
  await page.getByLabel('Jelszó', { exact: true }).fill('not-the-password');
  await page.getByLabel('Jelszó', { exact: true }).press('Enter');

  await expect(page).toHaveURL(/\/login\?error=credentials/);
  await expect(page.getByText('Hibás e-mail cím vagy jelszó.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('E-mail cím')).toHaveValue(DEMO.email);
  // Nothing secret in the address bar.
  expect(page.url()).not.toContain('not-the-password');
});

test('the right password posted by the browser itself lands on /channels', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail cím').fill(DEMO.email);
  await page.getByLabel('Jelszó', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();

  await expect(page).toHaveURL(/\/channels$/);
  await expect(page.getByRole('heading', { name: 'Csatornák' })).toBeVisible();
});
