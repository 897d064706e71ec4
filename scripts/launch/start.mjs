#!/usr/bin/env node
/**
 * `npm start`: takes a fresh clone to a running product.
 *
 *  1. makes sure DATA_DIR (default ./data) and DATA_DIR/secrets.json exist (random secrets, exclusive create);
 *  2. builds the web app when the build is missing or older than any source file (skipped with --dev);
 *  3. starts the tenant API (server/, default port 4000), waits for it, then the web app (default port 3000);
 *  4. prints the URLs and the demo logins, forwards SIGINT/SIGTERM, and exits non-zero when a child dies.
 *
 * The web app runs in its own server (web-server.ts: Next's request handler in a small Node server),
 * compiled into the build folder with the build (for --dev too), and run by plain Node.
 *
 * Flags: --dev runs Next in development mode instead of build + start; --no-api starts only the web app (for a real
 * tenant API named by TENANT_API_URL). Every variable of the environment reaches both children.
 */
import path from 'node:path';
import { ensureSecrets, secretsEnv } from '../../contracts/secrets.mjs';
import { ChildGroup, env, logger, printRunning, waitForHttp } from './supervise.mjs';
import { buildWebIfStale, compileWebServer, ROOT as root, webServerPath } from './web-build.mjs';
import { webRealtimeEnv } from './web-env.mjs';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const withApi = !args.has('--no-api');

const port = Number(env('PORT') ?? 3000);
const apiPort = Number(env('API_PORT') ?? 4000);
const apiHost = env('API_HOST') ?? '127.0.0.1';
const apiProbeHost = ['0.0.0.0', '::', '[::]'].includes(apiHost) ? '127.0.0.1' : apiHost;
const dataDir = path.resolve(root, env('DATA_DIR') ?? 'data');
const distDir = env('NEXT_DIST_DIR') ?? '.next';
const { log, warn } = logger('start');

function fail(message) {
  warn(message);
  process.exit(1);
}

const children = new ChildGroup({
  onUnexpectedExit(name, code, signal) {
    warn(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest`);
    shutdown('SIGTERM', code && code > 0 ? code : 1);
  },
});
let shuttingDown = false;

function shutdown(signal, exitCode) {
  if (exitCode !== undefined) process.exitCode = exitCode;
  if (shuttingDown) return;
  shuttingDown = true;
  void children.stop(signal).then(() => process.exit(process.exitCode ?? 0));
}

process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

async function waitFor(name, url, timeoutMs, accept) {
  if (await waitForHttp(url, timeoutMs, () => shuttingDown, accept)) return;
  if (shuttingDown) return;
  warn(`${name} did not answer on ${url} within ${timeoutMs / 1000} s`);
  shutdown('SIGTERM', 1);
}

async function main() {
  const childEnv = {
    ...process.env,
    ...secretsEnv(ensureSecrets(dataDir, log), process.env),
    NEXT_TELEMETRY_DISABLED: '1',
    DATA_DIR: dataDir,
    PORT: String(port),
    API_PORT: String(apiPort),
    TENANT_API_URL: env('TENANT_API_URL') ?? `http://${apiProbeHost}:${apiPort}`,
    // Reset mails link back to this web app.
    WEB_URL: env('WEB_URL') ?? `http://{tenant}.localhost:${port}`,
    // A log line per request buries the URLs and logins printed below; LOG_LEVEL=info shows them.
    LOG_LEVEL: env('LOG_LEVEL') ?? 'warn',
    // The demo shop's music plan is seeded on here only: test, bench and tutorial stacks keep it off.
    DEMO_MUSIC_PLAN: env('DEMO_MUSIC_PLAN') ?? '1',
  };
  // The generated key is the bundled API's own; in front of another API (--no-api) the web would take
  // it for a hosted Pusher key. Only a PUSHER_KEY given to this start reaches the web app then.
  if (!withApi && !env('PUSHER_KEY')) delete childEnv.PUSHER_KEY;
  // The scheduler's test control (a no-login route that fires any minute) is for test stacks only.
  if (childEnv.SCHEDULER_TEST_CONTROL !== undefined) {
    delete childEnv.SCHEDULER_TEST_CONTROL;
    log('SCHEDULER_TEST_CONTROL is for test stacks only; ignored');
  }

  try {
    if (dev) await compileWebServer(distDir);
    else await buildWebIfStale(distDir, childEnv, log);
  } catch (err) {
    fail(err.message);
  }

  if (withApi) {
    log(`starting the tenant API on http://${apiProbeHost}:${apiPort}…`);
    children.start('tenant API', process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env: childEnv });
    // Ready: listening, its migrations and the seed's syncs done.
    await waitFor('the tenant API', `http://${apiProbeHost}:${apiPort}/health/ready`, 120_000, (s) => s === 200);
  }
  if (shuttingDown) return;

  log(`starting the web app on port ${port}${dev ? ' (dev mode)' : ''}…`);
  // The web's own server around Next's handler: it sets X-Forwarded-* from the socket (TRUSTED_PROXIES).
  const webArgs = [webServerPath(distDir), ...(dev ? ['--dev'] : []), '-p', String(port)];
  // Beside the bundled API the web's PUSHER_* name its socket only for an external service (web-env.mjs).
  const webEnv = withApi ? webRealtimeEnv(childEnv, apiPort) : childEnv;
  children.start('web app', process.execPath, webArgs, { env: webEnv });
  await waitFor('the web app', `http://127.0.0.1:${port}/login`, dev ? 300_000 : 120_000);
  if (shuttingDown) return;

  printRunning(port, [
    withApi
      ? `  tenant API: http://${apiProbeHost}:${apiPort}   data: ${dataDir}`
      : `  tenant API: ${childEnv.TENANT_API_URL}`,
  ]);
}

main().catch((err) => {
  warn(err?.stack ?? err);
  shutdown('SIGTERM', 1);
});
