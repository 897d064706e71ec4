import type { PushSubscriptionBody } from '@/contracts/alerts';
import { alertsApi } from '@/lib/api/alerts';
import { MEDIA_WORKER_URL, registerMediaWorker } from './media-cache';

/**
 * This device's push notifications ('Értesítések erre az eszközre'): standard Web Push through the
 * media worker (public/media-sw.js shows them). The subscription is the browser's; the API keeps its
 * endpoint and keys for this login, and a logout deletes it before the session ends.
 */
export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** Whether this browser can receive push at all (a PushManager and service workers), and may. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The worker's registration if it is registered already (never registers it). */
async function existingRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() === 'unsupported') return null;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    return (
      registrations.find((r) =>
        [r.active, r.waiting, r.installing].some((w) => w && new URL(w.scriptURL).pathname === MEDIA_WORKER_URL),
      ) ?? null
    );
  } catch {
    return null;
  }
}

/** This device's current subscription, or null. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await existingRegistration();
  if (!registration) return null;
  return registration.pushManager.getSubscription().catch(() => null);
}

/** The body `POST /api/push-subscriptions` takes, from a browser subscription. */
function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Push is turned on here: permission, the worker, the browser's subscription, then the API's record of it. */
export async function enablePush(): Promise<void> {
  if (pushSupport() === 'unsupported') throw new Error('push unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(`notifications ${permission}`);
  const registration = await registerMediaWorker();
  if (!registration) throw new Error('no service worker');
  const { public_key } = await alertsApi.pushConfig();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(public_key),
    }));
  await alertsApi.subscribe(subscriptionBody(subscription));
}

/** Push is turned off here: the API forgets this device's subscription, then the browser does. */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await alertsApi.unsubscribe(subscription.endpoint);
  await subscription.unsubscribe().catch(() => false);
}

/**
 * The login ends: the API deletes this device's subscription while the session can still ask it
 * (a failure is ignored, as a failed logout is: a push service's 404/410 removes it later).
 */
export async function forgetPush(): Promise<void> {
  try {
    await disablePush();
  } catch {
    /* the logout goes on */
  }
}
