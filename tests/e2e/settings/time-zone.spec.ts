import { pageRuns } from '../player/support';
import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';

test.describe.configure({ timeout: 90_000 });

const row = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: 'Időzóna', exact: true }) });

test("'Időzóna': the browser's zones come after the page has started, untouched; a search picks one at once (nothing saved)", async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/settings');
  await pageRuns(page);
  const zone = row(page);
  const select = zone.getByRole('combobox', { name: 'Időzóna' });
  await expect(select).toHaveValue('Europe/Budapest');
  // Built in idle slices after the start: hundreds of zones, Budapest still chosen.
  await expect.poll(async () => select.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(300);
  await expect(select).toHaveValue('Europe/Budapest');

  // A fresh page: the search picks as soon as the page runs.
  await page.reload();
  await pageRuns(page);
  const search = row(page).getByRole('searchbox', { name: 'Időzóna keresése' });
  await search.fill('bécs');
  await expect(select).toHaveValue('Europe/Vienna');
  await expect(select.locator('option:checked')).toHaveText(/^Bécs \(UTC\+0[12]:00\)$/);
  await expect(row(page).getByRole('button', { name: 'Mentés' })).toBeEnabled();
});
