import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { Spot } from '../../../contracts/spots';
import type { WeeklyReport } from '../../../contracts/alerts';
import { isoWeekOf, shiftIsoWeek } from '../../../contracts/iso-week';
import { logIn } from '../support/auth';
import { pageCall } from '../realtime/support';

test.setTimeout(90_000);

/** `YYYY-MM-DD` of `ms` in Budapest (the demo shop's zone). */
const budapestDay = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Budapest' }).format(new Date(ms));
/** 'YYYY-MM-DD' as the page shows a date. */
const shown = (dateKey: string) => dateKey.replace(/-/g, '/');

async function report(page: Page, playerId: number, body: Record<string, unknown>) {
  const res = await pageCall(page, 'POST', `/api/players/${playerId}/played`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

test("'Heti jelentés': reached from the play log, a chart per day, the spots aired, another week by the picker, and the CSV", async ({
  page,
}) => {
  await logIn(page);
  const [player] = (await pageCall(page, 'GET', '/api/players')).body as Array<{ id: number }>;
  const spot = ((await pageCall(page, 'GET', '/api/spots')).body as Spot[])[0]!;
  const stamp = Date.now().toString(36);
  // A play of the spot, as the audio device reports it.
  await report(page, player!.id, {
    type: 'spot',
    id: spot.id,
    started_at: new Date(Date.now() - 2 * 60_000).toISOString(),
    seconds: 20,
    ended: true,
    report_id: `e2e-week-${stamp}`,
  });
  // The week of that play on the shop's wall clock, and the shop's current week as the API counts it
  // (by the scheduler's clock, which another spec may have moved years ahead).
  const week = isoWeekOf(budapestDay(Date.now() - 2 * 60_000));
  const current = (await pageCall(page, 'GET', '/api/reports/weekly')).body as WeeklyReport;
  const weekNumber = (w: string) => new RegExp(`^${w.slice(0, 4)}\\. ${Number(w.slice(6))}\\. hét`);

  await page.goto('/mixer/play-log');
  await page.getByRole('link', { name: 'Heti jelentés' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Heti jelentés' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: weekNumber(current.week) })).toBeVisible();
  // Seven charts, each named with its day's figures; the days' table beside them.
  await expect(page.getByRole('img', { name: /^(hétfő|kedd|szerda|csütörtök|péntek|szombat|vasárnap), / })).toHaveCount(
    7,
  );
  await expect(page.getByRole('table', { name: 'Naponként' }).getByRole('row')).toHaveCount(8);

  // The play's week by its number in the picker.
  await page.getByLabel('Hét', { exact: true }).fill(week.week);
  await page.getByRole('button', { name: 'Mutasd' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports\\?week=${week.week}$`));
  await expect(page.getByRole('heading', { level: 2, name: weekNumber(week.week) })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`^hétfő, ${shown(week.from)}: nyitva `) })).toBeVisible();
  const spotRow = page.getByRole('table', { name: 'Szpotok' }).getByRole('row').filter({ hasText: spot.name });
  await expect(spotRow).toBeVisible();
  const cells = await spotRow.getByRole('cell').allInnerTexts();
  expect(Number(cells.at(-2))).toBeGreaterThanOrEqual(1);

  // 'Letöltés CSV-ben': the page's rows for a Hungarian Excel.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Letöltés CSV-ben' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`heti-jelentes_${week.week}.csv`);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFNap;Dátum;Nyitva (óra);Szólt a zene (óra)')).toBe(true);
  expect(csv).toContain(`hétfő;${week.from.replace(/-/g, '.')}.;`);
  expect(csv).toMatch(new RegExp(`\\r\\n${spot.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')};\\d+;[1-9]\\d*;`));

  // The week before, by the picker's button.
  const previous = shiftIsoWeek(week, -1);
  await page.getByRole('link', { name: 'Előző hét' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports\\?week=${previous.week}$`));
  await expect(page.getByRole('img', { name: new RegExp(`^hétfő, ${shown(previous.from)}: `) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Következő hét' })).toBeVisible();
});
