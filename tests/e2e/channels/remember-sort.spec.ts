import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';

test.setTimeout(90_000);

/** The tile names of the first subcategory slider of the first category. */
async function firstSliderNames(page: Page): Promise<string[]> {
  const tab = page.getByRole('tablist', { name: 'Csatorna kategóriák' }).getByRole('tab').nth(1);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const slider = page.getByRole('tabpanel').getByRole('region').first();
  await expect(slider.getByRole('link').first()).toBeVisible();
  const names = await slider
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.querySelector('span:nth-of-type(2)')?.textContent ?? ''));
  expect(names.length).toBeGreaterThanOrEqual(2);
  return names;
}

const collator = new Intl.Collator('hu', { sensitivity: 'base', numeric: true });

test('the chosen sort applies to the lists and survives a reload', async ({ page }) => {
  await logIn(page);
  const sort = page.getByLabel('Rendezés');
  await expect(sort).toHaveValue('1');
  const ascending = await firstSliderNames(page);
  expect(ascending).toEqual([...ascending].sort(collator.compare));

  await sort.selectOption({ label: 'Név szerint (Z–A)' });
  await expect(sort).toHaveValue('2');
  const descending = await firstSliderNames(page);
  expect(descending).toEqual([...ascending].reverse());
  expect(await page.evaluate(() => window.localStorage.getItem('channelsIndex'))).toBe('2');

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.reload();
  await expect(page.getByLabel('Rendezés')).toHaveValue('2');
  expect(await firstSliderNames(page)).toEqual(descending);
  expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
});
