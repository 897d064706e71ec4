import { expect, test, type Page } from '@playwright/test';
import {
  audioState,
  bar,
  closeDevice,
  LIVE,
  openDevice,
  playerOf,
  playHere,
  waitForSocket,
  type Device,
} from './support';

test.describe.configure({ timeout: 180_000 });

const UNKNOWN = /^Nem tudjuk, szól-e a zene\. Utoljára: .+ \((most|egy perce)\)\.$/;
const TAKE_OVER = 'A zenét szóló eszköz nem válaszol, lehet, hogy még szól. Ide hozza a zenét?';

let a: Device | undefined;
let b: Device | undefined;
let c: Device | undefined;

test.afterEach(async () => {
  await closeDevice(c);
  await closeDevice(b);
  await a?.context.close().catch(() => {});
  a = b = c = undefined;
});

const ownSession = (page: Page) =>
  page.evaluate(
    async () =>
      ((await (await fetch('/api/me', { headers: { Accept: 'application/json' } })).json()) as { session_id: string })
        .session_id,
  );

test('an audio device that stops answering is offered away on every other device; the first to take it gets the music, a later one hears so', async ({
  browser,
  baseURL,
}) => {
  a = await openDevice(browser, baseURL);
  await playHere(a.page);
  b = await openDevice(browser, baseURL);
  c = await openDevice(browser, baseURL);
  for (const d of [a, b, c]) await waitForSocket(d.page);
  for (const d of [b, c]) await expect(bar(d.page).getByText('A zene egy másik eszközön szól')).toBeVisible(LIVE);

  // A still holds its socket and its place in presence, but none of its calls arrive any more (a frozen
  // browser, a dead network card): not its position reports, nor the next track when this one ends
  // (a track change that does arrive rightly tells the others that A still plays).
  await a.page.route(/\/api\/players\/\d+\//, (route) => route.abort('connectionrefused'));
  const stoppedAt = Date.now();

  for (const d of [b, c]) {
    // It may still sound (issue 39): the bars say what they know.
    await expect(bar(d.page).getByText(UNKNOWN)).toBeVisible({
      timeout: 50_000,
    });
  }
  // Not before the 30 s the audio device has to answer (its last report may be up to 10 s old).
  expect(Date.now() - stoppedAt).toBeGreaterThan(18_000);

  // Both accept: C first, but its request is held on the way until B has taken the music.
  const offer = (d: Device) => bar(d.page).getByRole('button', { name: 'Lejátszás ezen az eszközön' });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await c.page.route('**/api/players/*/sessions/*', async (route) => {
    await held;
    await route.continue();
  });
  // The device that does not answer may still sound (it plays on alone): each asks first.
  const take = async (d: Device) => {
    await offer(d).click();
    const question = d.page.getByRole('dialog', { name: TAKE_OVER });
    await question.getByRole('button', { name: 'Ide hozom' }).click();
    await expect(question).toHaveCount(0);
  };
  await take(c);
  await take(b);
  await expect(b.page.getByTestId('toast').filter({ hasText: 'A zene mostantól ezen az eszközön szól.' })).toBeVisible(
    LIVE,
  );
  release();
  // C's answer names another holder than the one it saw: 409, and C hears so.
  await expect(
    c.page.getByTestId('toast').filter({ hasText: 'Közben egy másik eszköz vette át a lejátszást.' }),
  ).toBeVisible(LIVE);
  const winner = b;
  const loser = c;

  const player = await playerOf(winner.page);
  expect(player.session_id).toBe(await ownSession(winner.page));
  await expect.poll(async () => (await audioState(winner.page)).paused, { timeout: 15_000 }).toBe(false);
  // The other device now tells the usual story: the music plays elsewhere, and that device answers.
  await expect(bar(loser.page).getByText('A zene egy másik eszközön szól')).toBeVisible(LIVE);
  await expect(bar(loser.page).getByText('A zenét szóló eszköz nem válaszol')).toHaveCount(0);
});
