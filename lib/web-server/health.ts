/**
 * The web server's health answers (web-server.ts), what a load balancer routes by:
 *   GET /health/live   the process answers: 200;
 *   GET /health/ready  200 once its tenant API answers (TENANT_API_URL), else 503.
 * Answered before Next and the BFF, for any host.
 *
 * Anyone may ask, so the answer is `{status}` alone. The details (this process's id, what the API
 * probe found) only go to a caller that sends the BFF secret as X-BFF-Secret, as the API's own
 * trusted calls do: not to loopback callers, since in the scale mode HAProxy reaches the instances
 * from there on everyone's behalf.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long the readiness probe waits for the API. */
const PROBE_MS = 1_500;
/** How long one look at the API answers every readiness probe: HAProxy asks each second, per instance. */
export const READY_CACHE_MS = 2_000;

/** Where the probe asks the API whether it is there: TENANT_API_URL's /health/live. */
export function apiProbeUrl(source: Record<string, string | undefined> = process.env): string {
  const base = (source.TENANT_API_URL || 'http://127.0.0.1:4000').replaceAll(
    '{tenant}',
    source.DEFAULT_TENANT || 'demo',
  );
  return `${base.replace(/\/+$/, '')}/health/live`;
}

/** Whether the API answers at all: any answer but a gateway's "no server" (502, 503, 504) counts. */
export async function apiReachable(url: string, timeoutMs = PROBE_MS): Promise<boolean> {
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer().catch(() => undefined);
    return ![502, 503, 504].includes(res.status);
  } catch {
    return false;
  }
}

/**
 * `look` with its answer kept for `ttlMs` after it came, and one look at a time: probes arriving
 * meanwhile share it instead of each asking the API.
 */
export function cachedProbe(
  look: () => Promise<boolean>,
  ttlMs = READY_CACHE_MS,
  now: () => number = Date.now,
): () => Promise<boolean> {
  let kept: { value: boolean; at: number } | undefined;
  let pending: Promise<boolean> | undefined;
  return () => {
    if (kept && now() - kept.at < ttlMs) return Promise.resolve(kept.value);
    pending ??= look().then(
      (value) => {
        kept = { value, at: now() };
        pending = undefined;
        return value;
      },
      () => {
        pending = undefined;
        return false;
      },
    );
    return pending;
  };
}

export interface HealthOptions {
  /** Whether the API answers (a `cachedProbe`). */
  apiReady: () => Promise<boolean>;
  /** The BFF secret a caller must send (X-BFF-Secret) to see the details; read when asked. */
  secret: () => string;
}

/** Whether the request carries the BFF secret, compared in constant time. */
export function sentSecret(req: IncomingMessage, secret: string): boolean {
  const sent = req.headers['x-bff-secret'];
  if (typeof sent !== 'string' || !secret) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Answers /health/live and /health/ready; false for any other request. */
export function answerHealth(req: IncomingMessage, res: ServerResponse, o: HealthOptions): boolean {
  const pathname = (req.url ?? '/').split('?', 1)[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (pathname !== '/health/live' && pathname !== '/health/ready') return false;
  let details = false;
  try {
    details = sentSecret(req, o.secret());
  } catch {
    // A configuration that does not load (no secret readable) shows no details; the status still answers.
  }
  if (pathname === '/health/live') {
    send(res, 200, details ? { status: 'ok', pid: process.pid } : { status: 'ok' });
    return true;
  }
  void o.apiReady().then((api) => {
    const status = api ? 'ready' : 'unavailable';
    send(res, api ? 200 : 503, details ? { status, api: api ? 'ok' : 'unavailable', pid: process.pid } : { status });
  });
  return true;
}
