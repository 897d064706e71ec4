#!/usr/bin/env node
/**
 * The web's own server: a small Node HTTP server around Next's request handler. `npm start`, `npm run
 * dev`, the end-to-end stack and the bench all run the web app through it.
 *
 * Why: a route handler cannot see the socket's address, and Next keeps an X-Forwarded-For the
 * client sent. The BFF forwards the client IP to the tenant API (which throttles logins per IP), so
 * a client could name any IP. Here X-Forwarded-For/-Proto/-Host are set from the socket; the
 * values a client sent are kept only when the socket's address is in TRUSTED_PROXIES.
 *
 * It also answers the BFF's proxied paths (/api/** and /broadcasting/auth) itself, with
 * lib/bff/proxy.ts, and hands every other request to Next: Next's route handler machinery alone
 * cost more per call than the BFF may add. That TypeScript is loaded through tsx's ESM API (the
 * tsconfig's `@/` paths honoured), with `server-only` resolved to its empty module for it alone
 * (scripts/bff-hooks.mjs); no build step, so `npm run dev` and `npm start` load the same file.
 *
 *   node scripts/web-server.mjs [--dev] [-p PORT] [-H HOST]
 *
 * The port is -p or PORT (default 3000); it listens on every interface unless -H names one. The
 * build folder is next.config.mjs's (NEXT_DIST_DIR). --dev runs Next in development mode.
 */
import http from 'node:http';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { tsImport } from 'tsx/esm/api';
import { applyForwarded, parseTrustedProxies } from './trusted-proxies.mjs';
import { hasBadPercentEscape, NOT_FOUND_PATH, setSecurityHeaders } from './web-guards.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(args, short, long) {
  const i = args.findIndex((a) => a === short || a === long);
  return i >= 0 ? args[i + 1] : undefined;
}

const args = process.argv.slice(2);
const dev = args.includes('--dev');
const port = Number(option(args, '-p', '--port') ?? (process.env.PORT || 3000));
// Not from HOSTNAME: shells and containers set it to the machine's name, which would narrow the listening address.
const hostname = option(args, '-H', '--hostname');

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`[web] not a port: ${port}\n`);
  process.exit(1);
}

let trusted;
try {
  trusted = parseTrustedProxies(process.env.TRUSTED_PROXIES);
} catch (err) {
  process.stderr.write(`[web] ${err.message}\n`);
  process.exit(1);
}

if (!process.env.NODE_ENV) process.env.NODE_ENV = dev ? 'development' : 'production';

const app = next({ dev, dir: root, hostname: hostname ?? 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

register('./bff-hooks.mjs', import.meta.url);
const { proxiedPath, proxyCall } = await tsImport('../lib/bff/proxy.ts', {
  parentURL: import.meta.url,
  tsconfig: path.join(root, 'tsconfig.json'),
});

/**
 * A handler may answer before reading the whole body (the API refusing an oversized upload with 413).
 * The client keeps sending until its body is out, and a kept-alive connection cannot carry the next
 * request before that: read and drop the rest (for at most DRAIN_MS, then close the connection).
 */
const DRAIN_MS = 30_000;
function drainUnreadBody(req, res) {
  const socket = req.socket;
  res.once('finish', () => {
    if (req.complete) return;
    const timer = setTimeout(() => socket.destroy(), req.destroyed ? 1_000 : DRAIN_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    if (req.destroyed) return;
    req.once('end', () => clearTimeout(timer));
    req.resume();
  });
}

/**
 * When such an answer also ends the connection, Node sends it and destroys the socket at once; with
 * the client's body still arriving, closing a socket that holds unread input makes the kernel reset
 * the connection, and the reset can reach the client before it has read the answer (it then sees
 * only a broken pipe). So the close lingers: the answer and a FIN go out, the rest of the body is
 * read and dropped until the client stops sending (or DRAIN_MS pass), then the socket is closed.
 */
const current = Symbol('current request');
function lingerOnClose(socket) {
  const destroySoon = socket.destroySoon;
  socket.destroySoon = function lingeringDestroySoon() {
    const req = socket[current];
    if (!req || req.complete || socket.destroyed) return destroySoon.call(socket);
    socket.end();
    socket.on('data', () => {});
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), DRAIN_MS);
    timer.unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
  };
}

/** A path that cannot be decoded names nothing: the BFF's paths answer as the API would, pages with the not-found page. */
function answerBadEscape(req, res) {
  if (proxiedPath(req.url.replace(/%/g, '%25')) !== null) {
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
  handle(req, res).catch((err) => {
    process.stderr.write(`[web] not-found page failed: ${err?.stack ?? err}\n`);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.end();
    } else {
      res.destroy();
    }
  });
}

const server = http.createServer((req, res) => {
  req.socket[current] = req;
  applyForwarded(req, trusted);
  drainUnreadBody(req, res);
  setSecurityHeaders(res);
  if (hasBadPercentEscape(req.url ?? '/')) return answerBadEscape(req, res);
  const proxied = proxiedPath(req.url ?? '/');
  (proxied !== null ? proxyCall(req, res, proxied) : handle(req, res)).catch((err) => {
    process.stderr.write(`[web] ${req.method} ${req.url} failed: ${err?.stack ?? err}\n`);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.end();
    } else {
      res.destroy();
    }
  });
});
server.on('connection', lingerOnClose);
// Next's own server keeps idle connections a little longer than common proxies do.
server.keepAliveTimeout = 65_000;

// Next in dev mode hot-reloads over WebSocket upgrades.
const upgrade = dev ? app.getUpgradeHandler?.() : undefined;
if (upgrade) {
  server.on('upgrade', (req, socket, head) => {
    applyForwarded(req, trusted);
    upgrade(req, socket, head);
  });
}

server.listen(port, hostname, () => {
  const proxies = trusted.entries.length > 0 ? `, trusting forwarded headers from ${trusted.entries.join(', ')}` : '';
  process.stdout.write(`[web] ready on http://${hostname ?? 'localhost'}:${port}${dev ? ' (dev)' : ''}${proxies}\n`);
});

function stop() {
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
