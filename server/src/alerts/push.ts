import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../env';

/**
 * Web Push (RFC 8030 with VAPID, RFC 8292, and the aes128gcm payload of RFC 8291) through the
 * `web-push` library. The VAPID keys come from the environment, else from DATA_DIR/vapid.json,
 * created on the first start (published with link(2), so of two racing instances one file wins).
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const VAPID_FILE = 'vapid.json';

export function vapidKeys(config: Pick<Config, 'dataDir' | 'vapidPublicKey' | 'vapidPrivateKey'>): VapidKeys {
  if (config.vapidPublicKey && config.vapidPrivateKey) {
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  }
  const file = path.join(config.dataDir, VAPID_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, JSON.stringify(webpush.generateVAPIDKeys(), null, 2) + '\n', { mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (!keys.publicKey || !keys.privateKey) throw new Error(`${file}: publicKey and privateKey are required`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** Whether an endpoint is `https:` on one of the hosts (a leading '*.' matches any subdomain). */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => (h.startsWith('*.') ? host.endsWith(h.slice(1)) && host.length > h.length - 1 : host === h));
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What became of a send: delivered; `gone` (404/410: the subscription no longer exists); `failed`
 * (an answer that was an error, or no connection at all: nothing was delivered, a retry is safe);
 * `unknown` (no answer in time after the message went out: it may have arrived, never retried).
 */
export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; error: string }
  | { kind: 'failed'; error: string }
  | { kind: 'unknown'; error: string };

export function createPushSender(
  config: Pick<Config, 'dataDir' | 'vapidPublicKey' | 'vapidPrivateKey' | 'vapidSubject' | 'alertSendTimeoutMs'>,
) {
  const keys = vapidKeys(config);
  return {
    publicKey: keys.publicKey,
    async send(target: PushTarget, payload: unknown): Promise<SendOutcome> {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: 24 * 3600,
            timeout: config.alertSendTimeoutMs,
            contentEncoding: 'aes128gcm',
          },
        );
        return { kind: 'sent' };
      } catch (err) {
        const e = err as { statusCode?: number; message?: string; code?: string };
        const error = `${e.statusCode ?? e.code ?? ''} ${e.message ?? String(err)}`.trim().slice(0, 500);
        if (e.statusCode === 404 || e.statusCode === 410) return { kind: 'gone', error };
        if (typeof e.statusCode === 'number') return { kind: 'failed', error };
        // web-push's own timeout ('Socket timeout'), a reset after the request went out: unknown.
        if (/timeout/i.test(e.message ?? '') || e.code === 'ECONNRESET' || e.code === 'EPIPE') {
          return { kind: 'unknown', error };
        }
        return { kind: 'failed', error };
      }
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
