import { expect, test, type Page } from '@playwright/test';
import type { Spot } from '../../../contracts/spots';
import { logIn } from '../support/auth';
import { pageCall } from '../realtime/support';

test.setTimeout(120_000);

/** `YYYY-MM-DD` of `ms` in Budapest (the demo shop's zone). */
const budapestDay = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Budapest' }).format(new Date(ms));

async function report(page: Page, playerId: number, body: Record<string, unknown>) {
  const res = await pageCall(page, 'POST', `/api/players/${playerId}/played`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

test('a manager reads what played, filters it, sees plays per spot per day, exports it for Excel, and a bad range is refused under its field', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/mixer/spots');
  // Reached from the spots page; the mixer keeps its six tabs.
  await page.getByRole('link', { name: 'Lejátszási napló' }).click();
  await expect(page).toHaveURL(/\/mixer\/play-log/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lejátszási napló' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Keverőpult részei' }).getByRole('link')).toHaveCount(6);

  const [player] = (await pageCall(page, 'GET', '/api/players')).body as Array<{ id: number }>;
  const spots = (await pageCall(page, 'GET', '/api/spots')).body as Spot[];
  const spot = spots[0]!;
  const stamp = Date.now().toString(36);
  // Two plays of the spot (one cut short) and a sound, as the audio device reports them: both on one
  // day of the shop's clock, also when the test runs around midnight in Budapest.
  let at = Date.now() - 5 * 60_000;
  if (budapestDay(at) !== budapestDay(at + 60_000)) at -= 2 * 60_000;
  const playedDay = budapestDay(at);
  await report(page, player!.id, {
    type: 'spot',
    id: spot.id,
    started_at: new Date(at).toISOString(),
    seconds: spot.duration,
    ended: true,
    report_id: `e2e-a-${stamp}`,
  });
  await report(page, player!.id, {
    type: 'spot',
    id: spot.id,
    started_at: new Date(at + 60_000).toISOString(),
    seconds: 2.4,
    ended: false,
    report_id: `e2e-b-${stamp}`,
  });

  await page.reload();
  const today = budapestDay(Date.now());
  await expect(page.getByLabel('Záró dátum')).toHaveValue(today);
  const counts = page.getByRole('table', { name: 'Szpotok lejátszása naponta' });
  const row = counts
    .getByRole('row')
    .filter({ hasText: spot.name })
    .filter({ hasText: playedDay.replace(/-/g, '/') });
  await expect(row).toBeVisible();
  const cells = await row.getByRole('cell').allInnerTexts();
  expect(Number(cells.at(-2))).toBeGreaterThanOrEqual(2);
  expect(Number(cells.at(-1))).toBeGreaterThanOrEqual(1);

  // Only spots: every entry says Szpot; the cut one says it did not play to its end.
  await page.getByLabel('Típus').selectOption('spot');
  await expect(page).toHaveURL(/type=spot/);
  const log = page.getByRole('table', { name: 'Lejátszási napló' });
  const cut = log.getByRole('row').filter({ hasText: spot.name }).filter({ hasText: '0:02' });
  await expect(cut.first()).toBeVisible();
  await expect(cut.first()).toContainText('Nem');
  const types = await log.locator('tbody tr td:nth-child(2)').allInnerTexts();
  expect(types.length).toBeGreaterThan(0);
  expect(new Set(types)).toEqual(new Set(['Szpot']));

  // The export: UTF-8 with a BOM, Hungarian headers, the filtered rows.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportálás (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lejatszasi-naplo_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await (await import('node:fs/promises')).readFile((await file.path())!)).toString('utf8');
  expect(text.startsWith('\uFEFFIdőpont;Típus;Név;Lejátszott idő (mp);Végig szólt;Lejátszó;Ütemezett szpotok')).toBe(
    true,
  );
  // 'Lejátszó' names the device the report came from (its name, else its kind: 'Chrome · Windows'),
  // never the player's internal id.
  const csvRow = text.split('\n').find((line) => line.includes(`;Szpot;${spot.name};2,4;nem;`));
  const device = csvRow?.split(';')[5];
  expect(device).toMatch(/ · /);
  expect(device).not.toBe(String(player!.id));
  expect(text).not.toContain(';Zene;');

  // A range ending before it starts: the API's message under the field, the tables gone.
  await page.getByLabel('Kezdő dátum').fill('2026-01-10');
  await page.getByLabel('Záró dátum').fill('2026-01-05');
  await expect(page.getByLabel('Záró dátum')).toHaveAccessibleDescription(
    'A záró dátum nem lehet korábbi a kezdő dátumnál.',
  );
  await expect(log).toHaveCount(0);
});
