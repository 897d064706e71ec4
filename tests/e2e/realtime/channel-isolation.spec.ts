import { expect, test } from '@playwright/test';
import { OTHER, submitLogin } from '../support/auth';
import { E2E, webUrl } from '../../../scripts/launch/stack';
import { closeDevice, openDevice, pageCall, playerOf, type Device } from './support';

let demo: Device | undefined;

test.afterEach(async () => {
  await closeDevice(demo);
  demo = undefined;
});

test('a user of another shop cannot subscribe to this shop’s channels nor move its playback', async ({
  browser,
  baseURL,
  page,
}) => {
  demo = await openDevice(browser, baseURL);
  const demoPlayer = await playerOf(demo.page);
  const demoCustomer = (await pageCall(demo.page, 'GET', '/api/customer')).body as { id: number };
  const demoSession = ((await pageCall(demo.page, 'GET', '/api/me')).body as { session_id: string }).session_id;

  const other = webUrl(E2E.webPort, 'other');
  await page.goto(`${other}/login`);
  await submitLogin(page, OTHER);
  await expect(page).toHaveURL(`${other}/channels`);

  const auth = (channel: string) =>
    page.evaluate(async (channelName) => {
      const res = await fetch('/broadcasting/auth', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ socket_id: '123.456', channel_name: channelName }).toString(),
      });
      return res.status;
    }, channel);

  // The own player is allowed (the route works through the BFF) …
  const own = await playerOf(page);
  expect(await auth(`private-player.${own.id}`)).toBe(200);
  // … demo's player and demo's presence channel are not.
  expect(own.id).not.toBe(demoPlayer.id);
  expect(await auth(`private-player.${demoPlayer.id}`)).toBe(403);
  expect(await auth(`presence-customer.${demoCustomer.id}`)).toBe(403);

  const move = await pageCall(page, 'POST', `/api/players/${demoPlayer.id}/sessions/${demoSession}`, {
    currentTime: 0,
  });
  expect(move.status).toBe(404);
  expect((await playerOf(demo.page)).session_id).toBe(demoPlayer.session_id);

  await page.evaluate(() => fetch('/auth/logout', { method: 'POST' })).catch(() => {});
});
