import { expect, test, type Page } from '@playwright/test';
import { browserGet, DEMO, logIn } from '../e2e/support/auth';
import { peerSessions } from './support/peer';
import { ageUpstreamSession } from './support/sealed';

// These end every Laravel session of the peer: nothing else may run meanwhile.
test.describe.configure({ mode: 'serial' });

/**
 * A Laravel session that expired, as it happens when its lifetime runs out: both sides lose it.
 * The browser's sealed cookie holds the upstream jar and the end Laravel's Set-Cookie gave it; the
 * lifetime passing means that end is behind us (so the web knows the jar holds no live session)
 * and Laravel no longer has the session (its file is gone). Ageing the recorded end in the sealed
 * cookie, resealed with the web app's own secret, and deleting the peer's session files is that
 * state without waiting for a lifetime: a peer with a one-minute SESSION_LIFETIME would need a
 * second peer and a real wait of over a minute for the same two facts. Deleting the files alone
 * is not an expiry: the recorded end would still be ahead, a state a browser reaches only when
 * the API drops sessions early.
 */
async function expireLaravelSession(page: Page): Promise<void> {
  await ageUpstreamSession(page.context());
  peerSessions().expireAll();
}

/** The session id of the logged-in user in the page's server render (the layout's /api/me). */
function renderedSessionId(html: string): string | null {
  // The user's record travels in the RSC payload, JSON inside a script string (quotes escaped).
  const email = DEMO.email.replace(/[.@]/g, (c) => `\\${c}`);
  const match = new RegExp(`\\\\"email\\\\":\\\\"${email}\\\\"[^}]*?\\\\"session_id\\\\":\\\\"([^"\\\\]+)\\\\"`).exec(
    html,
  );
  return match?.[1] ?? null;
}

test('when the Laravel session has expired, a login without remember me lands on /login', async ({ page }) => {
  await logIn(page);
  await expireLaravelSession(page);

  const response = await page.goto('/channels');
  expect(response?.status()).toBeLessThan(500);
  await expect(page).toHaveURL(/\/login$/);
  expect((await browserGet(page, '/api/me')).status).toBe(401);
});

test('with remember me, one page load after the Laravel session expired makes one new session, the one the browser keeps', async ({
  page,
}) => {
  await logIn(page, undefined, true);
  await expireLaravelSession(page);
  expect(peerSessions().ids()).toEqual([]);

  const response = await page.goto('/channels');
  await expect(page).toHaveURL(/\/channels$/);
  await expect(page.getByRole('heading', { name: 'Csatornák' })).toBeVisible();
  // One new Laravel session (the file driver names each session's file by its id, which /api/me
  // answers as session_id): the server render, the page's server calls and the browser share it.
  const rendered = renderedSessionId(await response!.text());
  const me = (await browserGet(page, '/api/me')).body as { session_id: string };
  expect(rendered).toBe(me.session_id);
  expect(peerSessions().ids()).toEqual([me.session_id]);

  // A live session again: a reload makes none.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Csatornák' })).toBeVisible();
  expect(peerSessions().ids()).toEqual([me.session_id]);
  expect(((await browserGet(page, '/api/me')).body as { session_id: string }).session_id).toBe(me.session_id);
});
