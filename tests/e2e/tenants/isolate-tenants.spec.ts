import { expect, test } from '@playwright/test';
import { browserGet, DEMO, OTHER, submitLogin } from '../support/auth';
import { E2E, webUrl } from '../../../scripts/launch/stack';

test('the other shop’s manager cannot log in on demo.localhost', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, OTHER);
  await expect(page.getByText('Hibás e-mail cím vagy jelszó.', { exact: true })).toBeVisible();
  await page.goto('/channels');
  await expect(page).toHaveURL(/\/login$/);
});

test('… but can on other.localhost, and sees only the own shop', async ({ page }) => {
  const other = webUrl(E2E.webPort, 'other');
  await page.goto(`${other}/login`);
  await submitLogin(page, OTHER);
  await expect(page).toHaveURL(`${other}/channels`);
  const header = page.getByRole('banner');
  await expect(header).toBeVisible();
  await expect(header.getByText(DEMO.customer, { exact: true })).toHaveCount(0);

  const me = await browserGet(page, '/api/me');
  expect(me.status).toBe(200);
  expect((me.body as { email: string }).email).toBe(OTHER.email);
  const customer = await browserGet(page, '/api/customer');
  const body = customer.body as { slug: string; name: string };
  expect(body.slug).toBe('other');
  await expect(header.getByText(body.name, { exact: true })).toBeVisible();
});
