import path from 'node:path';
import { expect, test } from '@playwright/test';
import { alertMessages } from '@/contracts/alerts';
import { startPushService, type PushService } from '../../support/push-service';
import { logIn } from '../support/auth';
import { pageCall } from './support';

test.describe.configure({ timeout: 150_000 });

let push: PushService | undefined;

test.afterEach(async () => {
  await push?.close();
  push = undefined;
});

/**
 * Web Push end to end, as far as Chromium here allows: it cannot subscribe to a real push service,
 * so the test subscribes on this device's login with an endpoint of its own push service on
 * loopback (which decrypts what the API sends, RFC 8291), and hands the decrypted message to the
 * page's worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`), as a browser's
 * push service would.
 */
test("'Próba értesítés küldése' reaches this device's subscription; the worker shows it and a tap opens the shop's page", async ({
  browser,
  baseURL,
}) => {
  const tls = process.env.E2E_PUSH_TLS_DIR;
  if (!tls) throw new Error('E2E_PUSH_TLS_DIR is not set (the global setup sets it)');
  push = await startPushService({ keyFile: path.join(tls, 'key.pem'), caFile: path.join(tls, 'cert.pem') });

  const context = await browser.newContext({ baseURL, locale: 'hu-HU', viewport: { width: 1366, height: 768 } });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const page = await context.newPage();
  await logIn(page);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Értesítések' });
  const toggle = section.getByRole('checkbox', { name: 'Értesítések erre az eszközre' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();

  // Turning it on registers the worker; the browser's own subscription then fails here (no push
  // service reachable), which the section says.
  await toggle.click();
  await expect(section.getByText('Az értesítések bekapcsolása nem sikerült.')).toBeVisible({ timeout: 20_000 });
  await expect(toggle).not.toBeChecked();
  await expect
    .poll(() =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.active?.scriptURL)),
    )
    .toEqual([expect.stringMatching(/\/media-sw\.js$/)]);

  // The device's subscription, with the test's own push service; a foreign service is refused.
  const subscriber = push.subscriber();
  const foreign = { ...subscriber.json, endpoint: 'https://push.example.com/send/abc' };
  const refused = await pageCall(page, 'POST', '/api/push-subscriptions', foreign);
  expect(refused.status).toBe(422);
  expect(refused.body).toMatchObject({ errors: { endpoint: [alertMessages.endpoint] } });
  expect((await pageCall(page, 'POST', '/api/push-subscriptions', subscriber.json)).status).toBe(201);

  await section.getByRole('button', { name: 'Próba értesítés küldése' }).click();
  await expect(page.getByRole('status', { name: 'Felugró üzenetek' })).toContainText(
    /Próba értesítés elküldve: \d+ e-mail, 1 eszköz\./,
  );
  const received = await push.waitFor((m) => m.endpoint === subscriber.json.endpoint, 30_000);
  expect(received.status).toBe(201);
  const message = received.json as { title: string; body: string; url: string };
  expect(message).toMatchObject({ title: 'Próba értesítés', url: expect.stringContaining(new URL(baseURL!).host) });

  // The push reaches the page's worker as a push service would deliver it.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(new URL(baseURL!).origin));
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registration = await registrationId;
  const shown = () =>
    page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return (await ready.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: n.data?.url }));
    });
  // Delivered again only while nothing shows: a worker woken on a busy machine can miss its first push
  // (the DevTools call answers before the worker has run), which a push service would retry too.
  await expect(async () => {
    if ((await shown()).length === 0) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(baseURL!).origin,
        registrationId: registration,
        data: received.text!,
      });
    }
    await expect
      .poll(shown, { timeout: 10_000 })
      .toContainEqual({ title: message.title, body: message.body, url: message.url });
  }).toPass({ timeout: 60_000 });

  // A tap: the worker brings the app's page to the shop's address.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await worker!.evaluate(async () => {
    // The worker's own scope (the web's TypeScript lib has no worker types).
    const sw = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await sw.registration.getNotifications();
    sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: notification! }));
  });
  await page.waitForURL((url) => url.pathname !== '/settings', { timeout: 15_000 });
  expect(new URL(page.url()).origin).toBe(new URL(message.url).origin);
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length))
    .toBe(0);
  await context.close();
});
