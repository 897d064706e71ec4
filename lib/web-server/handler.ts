/**
 * The web server's request handling (web-server.ts), apart from Next and the process around it, so
 * that tests can start it in-process with a stand-in for Next and a small upstream API.
 *
 * Where a request goes:
 *   /health/live and /health/ready → answered here (health.ts);
 *   /api/** and /broadcasting/auth → the BFF's streaming proxy (lib/bff/proxy.ts), answered here;
 *   everything else               → Next (pages, /auth/* route handlers, static files; proxy.ts runs there).
 */
import http from 'node:http';
import type { TrustedProxies } from '@/contracts/trusted-proxies';
import { drainUnreadBody, lingerOnClose, trackRequest } from './connections';
import { applyForwarded } from './forwarded';
import {
  answerMethodNotAllowed,
  hasBadPercentEscape,
  methodNotAllowed,
  NOT_FOUND_PATH,
  setSecurityHeaders,
} from './guards';
import { answerHealth, type HealthOptions } from './health';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

export interface WebHandlerOptions {
  trusted: TrustedProxies;
  health: HealthOptions;
  /** Next's request handler. */
  next: Handler;
  /** The BFF's proxy (lib/bff/proxy.ts). */
  proxiedPath: (url: string) => string | null;
  proxyCall: (req: http.IncomingMessage, res: http.ServerResponse, path: string) => Promise<void>;
}

/** The last resort of a handler that threw: a bare 500, or a cut connection when the answer had begun. */
function failed(res: http.ServerResponse, what: string, err: unknown): void {
  process.stderr.write(`[web] ${what} failed: ${(err as Error)?.stack ?? err}\n`);
  if (!res.headersSent) {
    res.statusCode = 500;
    res.end();
  } else {
    res.destroy();
  }
}

export function webRequestHandler(o: WebHandlerOptions): http.RequestListener {
  /** A path that cannot be decoded names nothing: the BFF's paths answer as the API would, pages with the not-found page. */
  function answerBadEscape(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (o.proxiedPath((req.url ?? '/').replace(/%/g, '%25')) !== null) {
      const body = JSON.stringify({ message: 'Nem található.' });
      res.writeHead(404, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
      return;
    }
    req.url = NOT_FOUND_PATH;
    o.next(req, res).catch((err: unknown) => failed(res, 'not-found page', err));
  }

  return (req, res) => {
    trackRequest(req);
    applyForwarded(req, o.trusted);
    drainUnreadBody(req, res);
    setSecurityHeaders(res);
    // The load balancer's probes: live (this process), ready (its API answers).
    if (answerHealth(req, res, o.health)) return;
    if (hasBadPercentEscape(req.url ?? '/')) return answerBadEscape(req, res);
    // The auth route handlers' other methods: a 405 in our words rather than Next's bare one.
    const allow = methodNotAllowed(req.method, req.url ?? '/');
    if (allow) return answerMethodNotAllowed(res, allow);
    // Here /api/** is answered: the BFF's proxy for its paths, Next for the rest.
    const proxied = o.proxiedPath(req.url ?? '/');
    (proxied !== null ? o.proxyCall(req, res, proxied) : o.next(req, res)).catch((err: unknown) =>
      failed(res, `${req.method} ${req.url}`, err),
    );
  };
}

/** The web server: the handler above on a Node HTTP server, each connection's close lingering (connections.ts). */
export function createWebServer(o: WebHandlerOptions): http.Server {
  const server = http.createServer(webRequestHandler(o));
  server.on('connection', lingerOnClose);
  // Next's own server keeps idle connections a little longer than common proxies do.
  server.keepAliveTimeout = 65_000;
  return server;
}
