import { expect, test, type Page } from '@playwright/test';
import type { ScheduledContent, Spot } from '../../../contracts';
import type { OpeningHours } from '../../../contracts/opening-hours';
import { DAY_KEYS } from '../../../contracts/names';
import { logIn } from '../support/auth';
import { pageCall, toast, uniqueName } from './support';

test.describe.configure({ timeout: 180_000 });

/**
 * The scheduler's part of the shop's day (issue 26): the question before a rule that fires more
 * than 96 times a day, 'Csak nyitvatartási időben', and the 24-hour timeline with the opening and
 * the fires skipped because the shop is closed. The demo shop's opening hours are set for the test
 * around the real clock (so the window always holds an opening) and put back after it.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The shop's wall-clock hour now (the demo shop is in Budapest). */
function budapestHour(): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Budapest', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
}

async function deleteByName(page: Page, name: string) {
  const items = await pageCall<ScheduledContent[]>(page, 'GET', '/api/scheduled-contents');
  for (const item of items.filter((i) => i.name === name)) {
    await pageCall(page, 'POST', `/api/scheduled-contents/delete/${item.id}`);
  }
}

test("an every-minute rule asks first ('Mégse' keeps the form); saved, its closed minutes show as skipped beside the opening", async ({
  page,
}) => {
  await logIn(page);
  const spots = await pageCall<Spot[]>(page, 'GET', '/api/spots');
  const spot = spots[0]!;
  const before = await pageCall<OpeningHours>(page, 'GET', '/api/opening-hours');
  // Every day open for two hours starting two hours from now: the next 24 hours hold an opening,
  // a closing, and closed minutes from now to the opening.
  const open = (budapestHour() + 2) % 24;
  const hours = { open: `${pad(open)}:00`, close: `${pad((open + 2) % 24)}:00` };
  const name = uniqueName('Percenkénti szpot');
  try {
    const saved = await pageCall<OpeningHours>(page, 'POST', '/api/opening-hours', {
      week: DAY_KEYS.map((day) => ({ day, ...hours })),
      exceptions: [],
    });
    expect(saved.week).toHaveLength(7);

    await page.goto('/mixer/scheduler');
    await page.getByRole('button', { name: 'Új ütemezés' }).first().click();
    const form = page.getByRole('dialog', { name: 'Új ütemezés' });
    await form.getByLabel('Név').fill(name);
    await expect(form.getByLabel('Gyakoriság')).toHaveValue('everyMinute');
    await expect(form.getByRole('checkbox', { name: 'Csak nyitvatartási időben' })).toBeChecked();
    const spotsBox = form.getByRole('group', { name: /^Szpotok/ });
    if (await spotsBox.getByRole('searchbox').count()) await spotsBox.getByRole('searchbox').fill(spot.name);
    await spotsBox
      .getByRole('checkbox', { name: new RegExp(`^${spot.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .first()
      .check();

    // The question, with the most fires in the open minutes of one day of the next week (120; 180 when
    // the two hours hold autumn's repeated one).
    await form.getByRole('button', { name: 'Mentés' }).click();
    const question = page.getByRole('dialog', {
      name: /^Ez az ütemezés naponta akár (120|180) alkalommal szól\. Biztosan így szeretné\?$/,
    });
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Igen, mentés' })).toBeVisible();
    await question.getByRole('button', { name: 'Mégse' }).click();
    await expect(question).toHaveCount(0);
    // 'Mégse': nothing saved, the form still open as filled in.
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Név')).toHaveValue(name);
    expect(
      (await pageCall<ScheduledContent[]>(page, 'GET', '/api/scheduled-contents')).some((i) => i.name === name),
    ).toBe(false);

    // Asked again, and yes: saved, only in opening hours.
    await form.getByRole('button', { name: 'Mentés' }).click();
    await question.getByRole('button', { name: 'Igen, mentés' }).click();
    await expect(toast(page, 'Sikeresen mentve.')).toBeVisible();
    await expect(form).toHaveCount(0);
    const item = (await pageCall<ScheduledContent[]>(page, 'GET', '/api/scheduled-contents')).find(
      (i) => i.name === name,
    )!;
    expect(item.only_open).toBe(true);

    // The timeline: the opening (and closing) on the music lane, and the closed minutes skipped.
    await page.reload();
    const timeline = page.getByRole('region', { name: 'A következő 24 óra' });
    await expect(timeline).toContainText(`${hours.open} Nyitás`);
    await expect(timeline).toContainText(`${hours.close} Zárás`);
    await expect(timeline).toContainText('kihagyva, mert zárva');
    await expect(timeline.locator('[data-lane="music"]')).toBeVisible();
    await expect(timeline.locator('[data-skipped="true"]').first()).toBeVisible();
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.reload();
      await expect(timeline).toContainText('kihagyva, mert zárva');
      await timeline.screenshot({ path: test.info().outputPath(`scheduler-day-timeline-${width}.png`) });
    }
  } finally {
    await deleteByName(page, name).catch(() => {});
    await pageCall(page, 'POST', '/api/opening-hours', before).catch(() => {});
  }
});

test('screenshots: the timeline with the music plan (blocks, sources, volumes), skipped fires and clashes by pair, at both sizes', async ({
  page,
}) => {
  await logIn(page);
  const spots = await pageCall<Spot[]>(page, 'GET', '/api/spots');
  const plan = await pageCall<{
    enabled: boolean;
    default_source_type: string | null;
    default_source_id: number | null;
  }>(page, 'GET', '/api/music-plan');
  const rule = {
    date_from: null,
    date_to: null,
    between_from: null,
    between_to: null,
    unless_between_from: null,
    unless_between_to: null,
    slideshows: [],
    screens: [],
  };
  const samples = [
    {
      ...rule,
      name: uniqueName('Negyedórás akció'),
      frequency: 'everyFifteenMinutes',
      spots: [spots[0]!.id],
      only_open: false,
    },
    { ...rule, name: uniqueName('Óránkénti ajánló'), frequency: 'hourly', spots: spots.slice(0, 2).map((s) => s.id) },
  ];
  // The hourly rule plays only in opening hours (a new rule's default): every day open for twelve
  // hours from this hour on, so the next hours hold its fires and their clashes whatever the day
  // (the demo shop's own hours leave a whole Sunday closed) and the evening its skipped ones.
  const before = await pageCall<OpeningHours>(page, 'GET', '/api/opening-hours');
  const hour = budapestHour();
  const hours = { open: `${pad(hour)}:00`, close: `${pad((hour + 12) % 24)}:00` };
  try {
    await pageCall(page, 'POST', '/api/opening-hours', {
      week: DAY_KEYS.map((day) => ({ day, ...hours })),
      exceptions: [],
    });
    await pageCall(page, 'POST', '/api/music-plan', {
      enabled: true,
      default_source_type: plan.default_source_type,
      default_source_id: plan.default_source_id,
    });
    for (const sample of samples) await pageCall(page, 'POST', '/api/scheduled-contents', sample);
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/mixer/scheduler');
      const timeline = page.getByRole('region', { name: 'A következő 24 óra' });
      await expect(timeline).toContainText(samples[1]!.name);
      await expect(timeline).toContainText('Egy percben:');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `no sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
      if (width < 600) await timeline.getByRole('button', { name: /^Mind a \d+ óra mutatása$/ }).click();
      await timeline.screenshot({ path: test.info().outputPath(`scheduler-day-plan-${width}.png`) });
    }
  } finally {
    for (const sample of samples) await deleteByName(page, sample.name).catch(() => {});
    await pageCall(page, 'POST', '/api/music-plan', plan).catch(() => {});
    await pageCall(page, 'POST', '/api/opening-hours', before).catch(() => {});
  }
});
