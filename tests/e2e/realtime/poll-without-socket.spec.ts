import { expect, test } from '../support/two-devices';
import { bar, playerOf, waitForSocket } from './support';

// pusher-js gives a connect 10 s before it calls it unavailable; three of those, then a 15 s poll.
test.describe.configure({ timeout: 150_000 });

test('a device whose socket never connects stops saying "Kapcsolódás…" and still sees the other device\'s changes within 15 s', async ({
  a,
  b,
}) => {
  await waitForSocket(a.page);

  // B's socket is refused every time (as a firewall that blocks WebSockets would); its HTTP calls
  // reach the real server.
  let refused = 0;
  await b.page.routeWebSocket(/\/app\//, (ws) => {
    refused += 1;
    void ws.close({ code: 1006, reason: 'blocked by the test' });
  });
  await b.page.reload();
  const barB = bar(b.page);
  const status = barB.locator('[data-connection]');

  // After three failed connects the device polls instead, and says nothing about connecting.
  await expect(status).toHaveAttribute('data-connection', 'polling', { timeout: 60_000 });
  expect(refused).toBeGreaterThanOrEqual(3);
  await expect(barB.getByText('Kapcsolódás…')).toHaveCount(0);

  // A changes the shuffle: B has no socket to hear it on, but its poll brings it within 15 s.
  const shuffleA = bar(a.page).getByRole('button', { name: 'Véletlen sorrend' });
  const shuffleB = barB.getByRole('button', { name: 'Véletlen sorrend' });
  const random = (await playerOf(a.page)).is_random;
  await expect(shuffleB).toHaveAttribute('aria-pressed', String(random));
  const polls: number[] = [];
  b.page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/players' && req.method() === 'GET') polls.push(Date.now());
  });
  await shuffleA.click();
  await expect(shuffleA).toHaveAttribute('aria-pressed', String(!random));
  const changedAt = Date.now();
  await expect(shuffleB).toHaveAttribute('aria-pressed', String(!random), { timeout: 20_000 });
  const seenAfter = Date.now() - changedAt;
  expect(seenAfter).toBeLessThanOrEqual(20_000);
  // And it was a poll that brought it, while still without a socket.
  expect(polls.length).toBeGreaterThanOrEqual(1);
  await expect(status).toHaveAttribute('data-connection', 'polling');
  await expect(barB.getByText('Kapcsolódás…')).toHaveCount(0);
  test.info().annotations.push({ type: 'seen after', description: `${seenAfter} ms` });
});
