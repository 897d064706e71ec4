import { expect, test, type WebSocketRoute } from '@playwright/test';
import { bar, closeDevice, LIVE, openDevice, playerOf, playHere, waitForSocket, type Device } from './support';

test.describe.configure({ timeout: 150_000 });

let a: Device | undefined;
let b: Device | undefined;

test.afterEach(async () => {
  await closeDevice(b);
  await closeDevice(a);
  a = b = undefined;
});

test('a device whose socket drops shows it, and after it returns it shows what changed meanwhile', async ({ browser, baseURL }) => {
  a = await openDevice(browser, baseURL);
  await playHere(a.page);

  // B's socket goes through the test, to the real server, until the test cuts it.
  b = await openDevice(browser, baseURL);
  let cut = false;
  const open = new Set<WebSocketRoute>();
  await b.page.routeWebSocket(/\/app\//, (ws) => {
    if (cut) {
      // Refuse while cut off; pusher-js backs off and tries again.
      void ws.close({ code: 4100, reason: 'cut off by the test' });
      return;
    }
    ws.connectToServer();
    open.add(ws);
  });
  await b.page.reload();
  await waitForSocket(b.page);
  await waitForSocket(a.page);

  const barA = bar(a.page);
  const barB = bar(b.page);
  const shuffleA = barA.getByRole('button', { name: 'Véletlen sorrend' });
  const shuffleB = barB.getByRole('button', { name: 'Véletlen sorrend' });
  const random = (await playerOf(a.page)).is_random;
  await expect(barB.getByRole('button', { name: 'Szünet', exact: true })).toBeVisible(LIVE);
  await expect(shuffleB).toHaveAttribute('aria-pressed', String(random));

  // Cut B off.
  cut = true;
  for (const ws of open) await ws.close({ code: 4100, reason: 'cut off by the test' }).catch(() => {});
  open.clear();
  await expect(barB.getByText('Kapcsolódás…')).toBeVisible(LIVE);

  // Meanwhile A pauses and toggles shuffle; B cannot hear about it.
  await barA.getByRole('button', { name: 'Szünet', exact: true }).click();
  await shuffleA.click();
  await expect(shuffleA).toHaveAttribute('aria-pressed', String(!random));
  await b.page.waitForTimeout(1_500);
  await expect(barB.getByRole('button', { name: 'Szünet', exact: true })).toBeVisible();

  // B comes back: it fetches the player again and shows the new state.
  cut = false;
  await expect(barB.getByText('Kapcsolódás…')).toHaveCount(0, { timeout: 30_000 });
  await expect(barB.getByRole('button', { name: 'Lejátszás', exact: true })).toBeVisible(LIVE);
  await expect(shuffleB).toHaveAttribute('aria-pressed', String(!random));

  // And it is live again: a new change arrives as an event.
  await shuffleA.click();
  await expect(shuffleB).toHaveAttribute('aria-pressed', String(random), LIVE);
});
