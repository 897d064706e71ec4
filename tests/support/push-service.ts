/**
 * A Web Push service of the tests' own, on loopback over HTTPS: what the API posts to when a test
 * subscribes with one of its endpoints. It decrypts every message it receives (RFC 8291,
 * aes128gcm, with the subscriber's private key and auth secret, as a browser would) and records
 * it; it can be told to answer 410 (the subscription is gone), 500 (a failure), or nothing at all.
 *
 *   const push = await startPushService();
 *   // The API must trust its certificate and allow its host: start the API process with
 *   //   NODE_EXTRA_CA_CERTS=push.caFile PUSH_SERVICE_HOSTS=127.0.0.1
 *   // or, for an API inside the test process, call push.trustInThisProcess() (same effect).
 *   const sub = push.subscriber();          // sub.json is the body of POST /api/push-subscriptions
 *   ...
 *   const msg = await push.waitFor((m) => m.endpoint === sub.json.endpoint);
 *   msg.json // { title, body, url }
 *   push.answer(410);                        // every next request answered 410 (null: back to 201)
 *   await push.close();
 *
 * Subscriber keys are made with node's crypto ECDH on P-256, as a browser's PushManager does.
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// http_ece (web-push's own dependency) has no types: the one call used here.
const ece = require('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface PushSubscriber {
  /** What a browser's PushSubscription.toJSON() gives: the body of POST /api/push-subscriptions. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload (null when it could not be decrypted: an unknown endpoint, bad keys). */
  text: string | null;
  /** The payload parsed as JSON, when it is. */
  json: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** What the service answered. */
  status: number;
  at: number;
}

export interface PushService {
  /** `https://127.0.0.1:<port>`. */
  origin: string;
  /** The self-signed certificate's PEM file: NODE_EXTRA_CA_CERTS for an API process. */
  caFile: string;
  /** Every message received, in order (answered ones and refused ones alike). */
  messages: ReceivedPush[];
  /** A new subscriber with its own endpoint on this service. */
  subscriber(): PushSubscriber;
  /** From now on every request is answered `status` (410, 404, 500…), or 201 again with null; 'hang': never. */
  answer(status: number | 'hang' | null): void;
  /** The first message (already received or to come) that matches, else a rejection after `timeoutMs`. */
  waitFor(match?: (m: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  /** Makes this process's HTTPS requests trust the certificate (for an API running in the test process). */
  trustInThisProcess(): void;
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');

export async function startPushService(): Promise<PushService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pulzus-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(caFile, 'utf8');
  const subscribers = new Map<string, PushSubscriber>();
  const messages: ReceivedPush[] = [];
  const waiters: Array<{ match: (m: ReceivedPush) => boolean; resolve: (m: ReceivedPush) => void }> = [];
  let forced: number | 'hang' | null = null;
  const hanging = new Set<import('node:http').ServerResponse>();

  const server = https.createServer({ key: readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const sub = subscribers.get(id);
      let text: string | null = null;
      if (sub && body.length) {
        try {
          text = ece
            .decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: b64url(sub.authSecret) })
            .toString('utf8');
        } catch {
          text = null;
        }
      }
      let json: unknown;
      try {
        json = text === null ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      const status = forced === 'hang' ? 0 : (forced ?? (sub ? 201 : 404));
      const m: ReceivedPush = {
        endpoint: `${origin}${req.url ?? ''}`,
        text,
        json,
        headers: req.headers,
        status,
        at: Date.now(),
      };
      messages.push(m);
      for (const w of [...waiters]) {
        if (w.match(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
      if (forced === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? '' : 'refused (test push service)');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    caFile,
    messages,
    subscriber() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomBytes(12).toString('hex');
      const sub: PushSubscriber = {
        json: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) },
        },
        ecdh,
        authSecret,
      };
      subscribers.set(id, sub);
      return sub;
    },
    answer(status) {
      forced = status;
    },
    waitFor(match = () => true, timeoutMs = 10_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = { match, resolve };
        waiters.push(w);
        setTimeout(() => {
          const i = waiters.indexOf(w);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`push service: no matching message in ${timeoutMs} ms (${messages.length} received)`));
          }
        }, timeoutMs).unref();
      });
    },
    trustInThisProcess() {
      const agent = https.globalAgent as https.Agent & { options: https.AgentOptions };
      const ca = agent.options.ca;
      const list = Array.isArray(ca) ? ca : ca ? [ca] : [...tls.rootCertificates];
      agent.options.ca = [...list, cert];
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
