import { expect, test } from '@playwright/test';
import { DEMO, throwawayEmail } from '../support/auth';
import { rawRequest } from '../support/raw-http';
import { E2E } from '../../../scripts/launch/stack';

/**
 * The login throttle (5 wrong passwords per shop + e-mail + IP a minute) counts the address the web
 * server saw on its socket: an X-Forwarded-For the client wrote is not believed (TRUSTED_PROXIES is
 * empty here), so it neither dodges the throttle nor locks out the address it names.
 */
const host = `demo.localhost:${E2E.webPort}`;

function wrongLogin(email: string, headers: Record<string, string> = {}, localAddress?: string) {
  return rawRequest({
    method: 'POST',
    path: '/auth/login',
    host,
    port: E2E.webPort,
    localAddress,
    // The page's own origin, as the login form's call carries it.
    headers: { 'content-type': 'application/json', origin: `http://${host}`, ...headers },
    body: JSON.stringify({ email, password: 'wrong-password' }),
  });
}

test('ten wrong logins with ten made-up X-Forwarded-For addresses meet the throttle', async () => {
  const email = throwawayEmail('xff');
  const statuses: number[] = [];
  for (let i = 1; i <= 10; i++) {
    const answer = await wrongLogin(email, { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `203.0.113.${i}` });
    statuses.push(answer.status);
  }
  expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
  expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
});

test("a victim's address named in X-Forwarded-For is not locked out", async () => {
  const email = throwawayEmail('victim');
  const victim = '127.0.0.2';
  // The attacker (127.0.0.1) names the victim's address six times.
  for (let i = 0; i < 6; i++) await wrongLogin(email, { 'x-forwarded-for': victim });
  // The victim, connecting from that address, still gets an answer on its own password.
  const own = await wrongLogin(email, {}, victim);
  expect(own.status).toBe(422);
  // And the attacker is the one throttled.
  expect((await wrongLogin(email)).status).toBe(429);
});

test('a client-sent X-Forwarded-Proto does not make the session cookie Secure', async () => {
  const answer = await rawRequest({
    method: 'POST',
    path: '/auth/login',
    host,
    port: E2E.webPort,
    headers: { 'content-type': 'application/json', origin: `http://${host}`, 'x-forwarded-proto': 'https' },
    body: JSON.stringify(DEMO),
  });
  expect(answer.status).toBe(204);
  const cookie = (answer.headers['set-cookie'] ?? []).find((line) => line.startsWith('pulzus='));
  expect(cookie).toBeDefined();
  expect(cookie).not.toMatch(/;\s*secure/i);
});
