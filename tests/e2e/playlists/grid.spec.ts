import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';
import { channelTrackIds, createPlaylist, uniqueName } from './support';

test.setTimeout(120_000);

const collator = new Intl.Collator('hu', { sensitivity: 'base', numeric: true });

async function cardNames(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Saját listák' })
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('a span:nth-of-type(2)')?.textContent ?? ''));
}

function collageOf(page: Page, name: string) {
  return page.getByRole('article').filter({ hasText: name }).locator('[data-collage]');
}

test('the three collage variants: 4 or more → 2×2, 1–3 → one image, none → placeholder', async ({ page }) => {
  await logIn(page);
  const ids = await channelTrackIds(page, 1);
  const four = await createPlaylist(page, uniqueName('Négy'), ids.slice(0, 5));
  const two = await createPlaylist(page, uniqueName('Kettő'), ids.slice(0, 2));
  const none = await createPlaylist(page, uniqueName('Üres'));
  await page.goto('/playlists');

  await expect(collageOf(page, four.name)).toHaveAttribute('data-collage', 'grid');
  await expect(collageOf(page, four.name).locator('img')).toHaveCount(4);
  await expect(collageOf(page, two.name)).toHaveAttribute('data-collage', 'single');
  await expect(collageOf(page, two.name).locator('img')).toHaveCount(1);
  await expect(collageOf(page, none.name)).toHaveAttribute('data-collage', 'placeholder');
  await expect(collageOf(page, none.name).locator('img')).toHaveAttribute('src', '/img/playlist-placeholder.svg');

  // The seeded demo playlists show the same three variants (7, 2 and 0 tracks).
  await expect(collageOf(page, 'Reggeli nyitás').first()).toHaveAttribute('data-collage', 'grid');
  await expect(collageOf(page, 'Hétvégi pörgés').first()).toHaveAttribute('data-collage', 'single');
  await expect(collageOf(page, 'Csendes zárás').first()).toHaveAttribute('data-collage', 'placeholder');

  // Count and length under the name.
  await expect(page.getByRole('article').filter({ hasText: four.name })).toContainText('5 dal');
});

test('the chosen sort orders the grid and survives a reload without a hydration error', async ({ page }) => {
  await logIn(page);
  const first = await createPlaylist(page, uniqueName('Aaa rendezés'));
  const last = await createPlaylist(page, uniqueName('Zzz rendezés'));
  await page.goto('/playlists');
  const sort = page.getByLabel('Rendezés');
  await page.evaluate(() => window.localStorage.removeItem('playlistIndex'));
  await page.reload();
  await expect(sort).toHaveValue('1');
  // The grid may still be filling in after the reload: read it once both new lists are in it.
  const cards = page.getByRole('list', { name: 'Saját listák' }).getByRole('article');
  for (const { name } of [first, last]) await expect(cards.filter({ hasText: name })).toHaveCount(1);
  const ascending = await cardNames(page);
  expect(ascending).toContain(first.name);
  expect(ascending).toEqual([...ascending].sort(collator.compare));

  await sort.selectOption({ label: 'Név szerint (Z–A)' });
  await expect(sort).toHaveValue('2');
  await expect.poll(() => cardNames(page)).toEqual([...ascending].reverse());
  expect(await page.evaluate(() => window.localStorage.getItem('playlistIndex'))).toBe('2');

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.reload();
  await expect(page.getByLabel('Rendezés')).toHaveValue('2');
  await expect.poll(() => cardNames(page)).toEqual([...ascending].reverse());
  expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);

  await page.getByLabel('Rendezés').selectOption('1');
});

test('Új lista creates a playlist from the grid', async ({ page }) => {
  await logIn(page);
  await page.goto('/playlists');
  await page.getByRole('button', { name: 'Új lista' }).click();
  const dialog = page.getByRole('dialog', { name: 'Új lejátszási lista' });
  const name = uniqueName('Gombbal');
  await dialog.getByLabel('A lista neve').fill(name);
  await dialog.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('0 dal');
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Ez a csatorna üres még.')).toBeVisible();
});
