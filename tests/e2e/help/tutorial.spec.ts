import { expect, test, type Page } from '@playwright/test';
import type { FaqTopic, TutorialTopic } from '@/contracts';
import { browserGet, logIn } from '../support/auth';
import { bar } from '../player/support';

test.beforeEach(async ({ page }) => {
  // The test's videos play muted (a shop's music may be playing; the test checks the picture runs).
  await page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (this instanceof HTMLVideoElement) this.muted = true;
      return play.call(this);
    };
  });
  await logIn(page);
});

async function tutorials(page: Page): Promise<TutorialTopic[]> {
  const { status, body } = await browserGet(page, '/api/tutorials');
  expect(status).toBe(200);
  return body as TutorialTopic[];
}

function video(page: Page) {
  return page.getByRole('main').locator('video');
}

test('a deep link to /tutorial/{id} opens its topic with that video playing', async ({ page }) => {
  const topics = await tutorials(page);
  const topic = topics[1]!;
  const item = topic.tutorial_items[0]!;
  await page.goto(`/tutorial/${item.id}`);
  await expect(page.getByLabel('Téma')).toHaveValue(String(topic.id));
  await expect(page.getByRole('heading', { level: 2, name: item.name })).toBeVisible();
  await expect(video(page)).toHaveAttribute('data-item-id', String(item.id));
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

  // Another item: it plays, and the address names it, without a reload.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const next = topic.tutorial_items[1] ?? topics[0]!.tutorial_items[1]!;
  if (next.tutorial_topic_id !== topic.id) await page.getByLabel('Téma').selectOption(String(next.tutorial_topic_id));
  await page
    .getByRole('list', { name: /videók$/ })
    .getByRole('button', { name: new RegExp(next.name) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/tutorial/${next.id}$`));
  await expect(video(page)).toHaveAttribute('data-item-id', String(next.id));
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(page.getByRole('list', { name: /videók$/ })).toContainText(/\d+:\d\d/);
});

test('the help bubble on /channels: a topic, a question, its answer, and its link to the tutorial', async ({
  page,
}) => {
  const { body } = await browserGet(page, '/api/faqs');
  const topic = (body as FaqTopic[])[0]!;
  const bubble = page.getByRole('button', { name: 'Segítség', exact: true });
  await expect(bubble).toBeVisible();

  // It stands above the player bar, never on its controls.
  const bubbleBox = (await bubble.boundingBox())!;
  const barBox = (await bar(page).boundingBox())!;
  expect(bubbleBox.y + bubbleBox.height).toBeLessThanOrEqual(barBox.y);

  await bubble.click();
  const panel = page.getByRole('dialog', { name: 'Segítség' });
  await expect(panel).toBeVisible();
  expect((await panel.boundingBox())!.y + (await panel.boundingBox())!.height).toBeLessThanOrEqual(barBox.y);
  await panel.getByRole('button', { name: new RegExp(topic.name) }).click();
  await expect(page.getByRole('dialog', { name: topic.name })).toBeVisible();

  const { body: detail } = await browserGet(page, `/api/faqs/${topic.id}`);
  const question = (detail as { faq_items: { name: string; tutorial_item_id: number | null }[] }).faq_items.find(
    (item) => item.tutorial_item_id !== null,
  )!;
  await page.getByRole('dialog').getByRole('button', { name: question.name }).click();
  const answer = page.getByRole('dialog', { name: question.name });
  await expect(answer).toBeVisible();
  await answer.getByRole('link', { name: 'Megnézem a videós útmutatót' }).click();

  await expect(page).toHaveURL(new RegExp(`/tutorial/${question.tutorial_item_id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(video(page)).toHaveAttribute('data-item-id', String(question.tutorial_item_id));
  // Followed by a click: it starts.
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
});

test('the help bubble by keyboard: Enter opens it, Escape closes it and focus returns to the bubble', async ({
  page,
}) => {
  const bubble = page.getByRole('button', { name: 'Segítség', exact: true });
  await bubble.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Segítség' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Segítség' })).toBeFocused();
  await expect(panel.getByRole('button', { name: /kérdés/ }).first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: /kérdés/ }).first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bubble).toBeFocused();
});

test('on a phone the help opens as a sheet across the screen, above the player bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/channels');
  await page.getByRole('button', { name: 'Segítség', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Segítség' });
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  const barBox = (await bar(page).boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(389);
  expect(box.y + box.height).toBeLessThanOrEqual(barBox.y + 1);
  expect(box.y).toBeGreaterThanOrEqual(0);
});
