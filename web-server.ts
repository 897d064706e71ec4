/**
 * The web app's server: Next's request handler in a small Node HTTP server (Next's custom-server
 * pattern). Not the tenant API: that is server/. `npm start`, `npm run dev`, the cluster, the test
 * stacks and the bench all run the web app in it, never `next start`.
 *
 * Where a request goes (lib/web-server/handler.ts):
 *   /health/live and /health/ready → answered here (lib/web-server/health.ts);
 *   /api/** and /broadcasting/auth → the BFF's streaming proxy (lib/bff/proxy.ts), answered here;
 *   everything else               → Next (pages, /auth/* route handlers, static files; proxy.ts runs there).
 * Next's route handler machinery alone cost more per call than the BFF may add, so the proxied paths
 * never reach it (docs/decisions.md, "The BFF's proxy runs in the web server").
 *
 * Before either, every request gets its X-Forwarded-* from the socket (TRUSTED_PROXIES,
 * lib/web-server/forwarded.ts) and the security headers (lib/web-server/guards.ts).
 *
 * Compiled at build time, not at run time: scripts/launch/web-build.mjs bundles this file and our own
 * modules it imports into the build folder (`<NEXT_DIST_DIR>/web-server.mjs`, packages left to Node),
 * resolving `server-only` to its empty server entry as Next's server bundles do:
 *
 *   node .next/web-server.mjs [--dev] [-p PORT] [-H HOST]
 *
 * The port is -p or PORT (default 3000); it listens on every interface unless -H names one. The
 * build folder is next.config.mjs's (NEXT_DIST_DIR). --dev runs Next in development mode.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { parseTrustedProxies, type TrustedProxies } from '@/contracts/trusted-proxies';
import { env } from '@/lib/env';
import { applyForwarded } from '@/lib/web-server/forwarded';
import { createWebServer } from '@/lib/web-server/handler';
import { apiProbeUrl, apiReachable, cachedProbe } from '@/lib/web-server/health';

/** The app's folder: the nearest one holding next.config.mjs above this file (the root for the source, the build folder's parent once compiled). */
function appDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'next.config.mjs'))) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

function option(args: string[], short: string, long: string): string | undefined {
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

let trusted: TrustedProxies;
try {
  trusted = parseTrustedProxies(process.env.TRUSTED_PROXIES);
} catch (err) {
  process.stderr.write(`[web] TRUSTED_PROXIES: ${(err as Error).message}\n`);
  process.exit(1);
}

// Next and React pick their development or production code by it (assigned so: Next's types make it read-only).
if (!process.env.NODE_ENV) Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' });

const app = next({ dev, dir: appDir(), hostname: hostname ?? 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

// The BFF loads once NODE_ENV is set and Next is ready, as a chunk of its own: its modules pull in
// next/headers and with it React, which picks its development or production build when first loaded.
const { proxiedPath, proxyCall } = await import('@/lib/bff/proxy');

const probeUrl = apiProbeUrl();

const server = createWebServer({
  trusted,
  health: { apiReady: cachedProbe(() => apiReachable(probeUrl)), secret: () => env().bffSecret },
  next: handle,
  proxiedPath,
  proxyCall,
});

// Next in dev mode hot-reloads over WebSocket upgrades.
if (dev) {
  const upgrade = app.getUpgradeHandler();
  server.on('upgrade', (req, socket, head) => {
    applyForwarded(req, trusted);
    void upgrade(req, socket, head);
  });
}

server.listen(port, hostname, () => {
  const proxies = trusted.entries.length > 0 ? `, trusting forwarded headers from ${trusted.entries.join(', ')}` : '';
  process.stdout.write(`[web] ready on http://${hostname ?? 'localhost'}:${port}${dev ? ' (dev)' : ''}${proxies}\n`);
});

function stop(): void {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
