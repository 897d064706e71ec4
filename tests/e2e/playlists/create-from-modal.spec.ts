import { expect, test } from '@playwright/test';
import { logIn } from '../support/auth';
import { toast, uniqueName } from './support';

test.setTimeout(120_000);

test('a new playlist from a track’s modal: the name error, then the list with the track ticked; ticks toggle', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/channels/1');
  const firstRow = page.getByRole('region', { name: 'A csatorna zenéi' }).getByRole('listitem').first();
  const addButton = firstRow.getByRole('button', { name: /hozzáadása lejátszási listához$/ });
  await addButton.click();

  const dialog = page.getByRole('dialog', { name: 'Hozzáadás lejátszási listához' });
  await expect(dialog).toBeVisible();
  const newSection = dialog.getByRole('region', { name: 'Új lista létrehozása' });

  // An empty name: the server's errors.name and the form alert.
  await newSection.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(newSection.getByText('A név megadása kötelező.')).toBeVisible();
  await expect(newSection.getByText('Hibás kitöltés, kérjük javítsa.')).toBeVisible();

  const name = uniqueName('Modal lista');
  await newSection.getByLabel('A lista neve').fill(name);
  await newSection.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(toast(page, 'Sikeresen mentve.')).toBeVisible();
  await expect(newSection.getByText('Hibás kitöltés, kérjük javítsa.')).toHaveCount(0);

  const tick = dialog.getByRole('checkbox', { name, exact: true });
  await expect(tick).toBeChecked();

  // Off and on again, each with its toast; the state survives closing and reopening.
  await tick.locator('xpath=..').click(); // the row (label) is what a user taps
  await expect(toast(page, 'Sikeresen eltávolítva a lejátszási listáról.')).toBeVisible();
  await expect(tick).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await addButton.click();
  await expect(dialog.getByRole('checkbox', { name, exact: true })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name, exact: true }).locator('xpath=..').click();
  await expect(toast(page, 'Sikeresen hozzáadva a lejátszási listához.')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name, exact: true })).toBeChecked();
  await dialog.getByRole('button', { name: 'Bezárás' }).click();

  // The grid has it, with its one track.
  await page.getByRole('navigation').getByRole('link', { name: 'Saját listák' }).click();
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('1 dal');
});
