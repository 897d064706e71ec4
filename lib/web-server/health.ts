/**
 * The web server's health answers (web-server.ts), what a load balancer routes by:
 *   GET /health/live   the process answers: 200;
 *   GET /health/ready  200 once its tenant API answers (TENANT_API_URL), else 503.
 * Answered before Next and the BFF, for any host.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long the readiness probe waits for the API. */
const PROBE_MS = 1_500;

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
export function answerHealth(req: IncomingMessage, res: ServerResponse, probeUrl: string): boolean {
  const pathname = (req.url ?? '/').split('?', 1)[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (pathname === '/health/live') {
    send(res, 200, { status: 'ok', pid: process.pid });
    return true;
  }
  if (pathname === '/health/ready') {
    void apiReachable(probeUrl).then((api) =>
      send(res, api ? 200 : 503, {
        status: api ? 'ready' : 'unavailable',
        api: api ? 'ok' : 'unavailable',
        pid: process.pid,
      }),
    );
    return true;
  }
  return false;
}
