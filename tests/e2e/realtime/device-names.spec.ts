import type { Page } from '@playwright/test';
import { expect, test } from '../support/two-devices';
import { bar, LIVE, waitForDevices, waitForSocket } from './support';

test.describe.configure({ timeout: 120_000 });

const openMenu = async (page: Page) => {
  await bar(page).getByRole('button', { name: 'Eszközök', exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
};

/** The device list's names, as the menu shows them (the rows' visible names). */
async function menuNames(page: Page): Promise<string[]> {
  await openMenu(page);
  const names = await page
    .getByRole('menuitemradio')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('span > span')?.textContent ?? ''));
  await page.keyboard.press('Escape');
  return names.sort();
}

test('a device renamed on the remote shows its name on both devices, live and after reloads', async ({ a, b }) => {
  await waitForSocket(a.page);
  await waitForSocket(b.page);
  await waitForDevices(b.page, 2);

  // Two unnamed PCs of one kind: the second is numbered, alike on both devices.
  const before = await menuNames(b.page);
  expect(before).toHaveLength(2);
  expect(before[1]).toBe(`${before[0]} 2`);
  expect(await menuNames(a.page)).toEqual(before);

  // On the remote, 'Átnevezés' of the device that plays (a).
  await openMenu(b.page);
  const playing = b.page.getByRole('menuitemradio', { name: /Itt szól a zene/ });
  await playing
    .locator('xpath=..')
    .getByRole('menuitem', { name: /^Átnevezés/ })
    .click();
  const dialog = b.page.getByRole('dialog', { name: 'Eszköz átnevezése' });
  await expect(dialog).toBeVisible();
  // An empty name is refused in Hungarian, under the field.
  await dialog.getByRole('button', { name: 'Mentés', exact: true }).click();
  await expect(dialog.getByText('A név megadása kötelező.')).toBeVisible();
  const name = `Pult ${Date.now().toString(36).slice(-4)}`;
  await dialog.getByLabel('Név').fill(name);
  await dialog.getByRole('button', { name: 'Mentés', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The renamed device hears it live (no reload): its own row, 'Ez az eszköz', carries the name.
  await expect(async () => {
    await openMenu(a.page);
    try {
      await expect(
        a.page.getByRole('menuitemradio', { name: `${name}, asztali gép, Ez az eszköz`, exact: false }),
      ).toBeVisible({
        timeout: 1_000,
      });
    } finally {
      await a.page.keyboard.press('Escape');
    }
  }).toPass(LIVE);
  // The other device is no longer numbered: it is the only unnamed one of its kind.
  expect(await menuNames(b.page)).toEqual([before[0], name].sort());

  // The name belongs to the browser: a reload of either device keeps it.
  await a.page.reload();
  await waitForSocket(a.page);
  await waitForDevices(a.page, 2);
  expect(await menuNames(a.page)).toEqual([before[0], name].sort());
  await b.page.reload();
  await waitForSocket(b.page);
  await waitForDevices(b.page, 2);
  expect(await menuNames(b.page)).toEqual([before[0], name].sort());
});
