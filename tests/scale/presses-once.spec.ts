import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Player } from '../../contracts/player';
import { API, ApiClient, endLogins } from './support';

/**
 * A press is applied once however many times its request arrives (issue 29, defect 3): the same
 * toggle-play, with its idempotency key, sent through the load balancer and straight to an instance
 * at once, then once more. Runs after cluster.spec.ts (API instance 1 may be dead): the load balancer
 * and instance 2.
 */

test.afterEach(() => endLogins());

test('one press sent three times, through the load balancer and to an instance, is applied once and answered alike', async () => {
  const phone = await ApiClient.loggedIn(API.lb);
  // Something to play (a fresh player's toggle has nothing to start).
  const { id } = await phone.player();
  await phone.ok('POST', `/api/players/${id}/playable/channel/1`);
  const before = await phone.player();
  const key = { 'idempotency-key': randomUUID() };
  const toggle = (client: ApiClient) =>
    client.call<Player>('GET', `/api/players/${before.id}/toggle-play`, undefined, false, key);
  const [one, two] = await Promise.all([toggle(phone), toggle(phone.on(API.instance(2)))]);
  const three = await toggle(phone);
  for (const answer of [one, two, three]) expect(answer.status).toBe(200);
  expect(two.body).toEqual(one.body);
  expect(three.body).toEqual(one.body);
  const after = await phone.player();
  expect(after.version).toBe((before.version ?? 0) + 1);
  expect(after.is_playing).toBe(!before.is_playing);
});
