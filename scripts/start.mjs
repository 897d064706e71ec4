#!/usr/bin/env node
/**
 * `npm start`: takes a fresh clone to a running product.
 *
 *  1. makes sure DATA_DIR (default ./data) and DATA_DIR/secrets.json exist (random secrets, exclusive create);
 *  2. builds the web app when the build is missing or older than any source file (skipped with --dev);
 *  3. starts the tenant API (server/, default port 4000), waits for it, then the web app (default port 3000);
 *  4. prints the URLs and the demo logins, forwards SIGINT/SIGTERM, and exits non-zero when a child dies.
 *
 * The web app runs in scripts/web-server.mjs (Next's request handler in a small Node server).
 *
 * Flags: --dev runs Next in development mode instead of build + start; --no-api starts only the web app (for a real
 * tenant API named by TENANT_API_URL). Every variable of the environment reaches both children.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const withApi = !args.has('--no-api');

/** Sources of the web build: a file here newer than the build's BUILD_ID makes the build stale. */
const WEB_SOURCES = ['app', 'components', 'lib', 'contracts', 'styles', 'public', 'proxy.ts', 'next.config.mjs', 'package.json'];

/** The secrets both sides share; the file's key and the environment variable that overrides it. */
const SECRETS = [
  ['appKey', 'APP_KEY'],
  ['bffSecret', 'BFF_SECRET'],
  ['sessionSecret', 'SESSION_SECRET'],
  ['pusherAppId', 'PUSHER_APP_ID'],
  ['pusherKey', 'PUSHER_KEY'],
  ['pusherSecret', 'PUSHER_SECRET'],
];

const env = (name) => (process.env[name] === '' ? undefined : process.env[name]);

const port = Number(env('PORT') ?? 3000);
const apiPort = Number(env('API_PORT') ?? 4000);
const apiHost = env('API_HOST') ?? '127.0.0.1';
const apiProbeHost = ['0.0.0.0', '::', '[::]'].includes(apiHost) ? '127.0.0.1' : apiHost;
const dataDir = path.resolve(root, env('DATA_DIR') ?? 'data');
const distDir = env('NEXT_DIST_DIR') ?? '.next';

function log(message) {
  process.stdout.write(`[start] ${message}\n`);
}

function fail(message) {
  process.stderr.write(`[start] ${message}\n`);
  process.exit(1);
}

function randomSecret() {
  return randomBytes(32).toString('base64url');
}

/** Reads DATA_DIR/secrets.json, creating it (exclusively, so a racing API start keeps one file) when missing. */
function ensureSecrets() {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  const fresh = Object.fromEntries(SECRETS.map(([key]) => [key, randomSecret()]));
  // Pusher ids look like Pusher's own: a numeric app id and a hex key.
  fresh.pusherAppId = String(100000 + (randomBytes(4).readUInt32BE() % 900000));
  fresh.pusherKey = randomBytes(10).toString('hex');
  try {
    writeFileSync(file, JSON.stringify(fresh, null, 2) + '\n', { flag: 'wx', mode: 0o600 });
    log(`created ${file} with new random secrets`);
    return fresh;
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
  }
  let stored;
  for (let attempt = 0; ; attempt++) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8'));
      break;
    } catch (err) {
      // Another process may be between creating and writing the file.
      if (!(err instanceof SyntaxError) || attempt > 50) fail(`cannot read ${file}: ${err.message}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  // appKey, bffSecret and sessionSecret must be at least 32 characters (iron-session needs that).
  const minLength = (key) => (key.startsWith('pusher') ? 1 : 32);
  const missing = SECRETS.filter(([key]) => typeof stored[key] !== 'string' || stored[key].length < minLength(key));
  if (missing.length > 0) {
    for (const [key] of missing) stored[key] = randomSecret();
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
    renameSync(tmp, file);
    log(`added missing secrets to ${file}: ${missing.map(([key]) => key).join(', ')}`);
  }
  return stored;
}

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name.startsWith('.next')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function buildIsStale() {
  const buildId = path.join(root, distDir, 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return WEB_SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

const nextBin = require.resolve('next/dist/bin/next');
const children = new Set();
let shuttingDown = false;

function startChild(name, argv, childEnv) {
  const child = spawn(process.execPath, argv, { cwd: root, env: childEnv, stdio: 'inherit' });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (shuttingDown) {
      if (children.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    process.stderr.write(`[start] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest\n`);
    shutdown('SIGTERM', code && code > 0 ? code : 1);
  });
  return child;
}

function shutdown(signal, exitCode) {
  if (exitCode !== undefined) process.exitCode = exitCode;
  if (shuttingDown) return;
  shuttingDown = true;
  for (const child of children) child.kill(signal);
  if (children.size === 0) process.exit(process.exitCode ?? 0);
  // A child that ignores the signal must not keep the terminal hostage.
  setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(process.exitCode ?? 1);
  }, 10_000).unref();
}

process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

/** Polls until the URL answers with any HTTP status (a 404 still proves the server listens). */
async function waitForHttp(name, url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (shuttingDown) return;
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer().catch(() => undefined);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  process.stderr.write(`[start] ${name} did not answer on ${url} within ${timeoutMs / 1000} s\n`);
  shutdown('SIGTERM', 1);
}

async function main() {
  const stored = ensureSecrets();
  const secretsEnv = Object.fromEntries(SECRETS.map(([key, name]) => [name, env(name) ?? stored[key]]));
  const childEnv = {
    ...process.env,
    ...secretsEnv,
    NEXT_TELEMETRY_DISABLED: '1',
    DATA_DIR: dataDir,
    PORT: String(port),
    API_PORT: String(apiPort),
    TENANT_API_URL: env('TENANT_API_URL') ?? `http://${apiProbeHost}:${apiPort}`,
    // Reset mails link back to this web app.
    WEB_URL: env('WEB_URL') ?? `http://{tenant}.localhost:${port}`,
    // A log line per request buries the URLs and logins printed below; LOG_LEVEL=info shows them.
    LOG_LEVEL: env('LOG_LEVEL') ?? 'warn',
  };
  // The generated key is the bundled API's own; in front of another API (--no-api) the web would take
  // it for a hosted Pusher key. Only a PUSHER_KEY given to this start reaches the web app then.
  if (!withApi && !env('PUSHER_KEY')) delete childEnv.PUSHER_KEY;
  // The scheduler's test control (a no-login route that fires any minute) is for test stacks only.
  if (childEnv.SCHEDULER_TEST_CONTROL !== undefined) {
    delete childEnv.SCHEDULER_TEST_CONTROL;
    log('SCHEDULER_TEST_CONTROL is for test stacks only; ignored');
  }

  if (!dev) {
    if (buildIsStale()) {
      log(`building the web app into ${distDir} (next build)…`);
      // Next adds a custom build folder's type globs to tsconfig.json (and rewrites next-env.d.ts):
      // put both back, so that starting the app never leaves the working tree changed.
      const keep = ['tsconfig.json', 'next-env.d.ts']
        .map((name) => path.join(root, name))
        .filter((file) => existsSync(file))
        .map((file) => [file, readFileSync(file, 'utf8')]);
      const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env: childEnv, stdio: 'inherit' });
      for (const [file, text] of keep) if (readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
      if (build.status !== 0) fail(`next build failed (${build.signal ?? `exit code ${build.status}`})`);
    } else {
      log(`the web build in ${distDir} is up to date`);
    }
  }

  if (withApi) {
    log(`starting the tenant API on http://${apiProbeHost}:${apiPort}…`);
    startChild('tenant API', ['--import', 'tsx', 'server/src/main.ts'], childEnv);
    await waitForHttp('the tenant API', `http://${apiProbeHost}:${apiPort}/api/customer`, 120_000);
  }
  if (shuttingDown) return;

  log(`starting the web app on port ${port}${dev ? ' (dev mode)' : ''}…`);
  // The web's own server around Next's handler: it sets X-Forwarded-* from the socket (TRUSTED_PROXIES).
  startChild('web app', [path.join(root, 'scripts', 'web-server.mjs'), ...(dev ? ['--dev'] : []), '-p', String(port)], childEnv);
  await waitForHttp('the web app', `http://127.0.0.1:${port}/login`, dev ? 300_000 : 120_000);
  if (shuttingDown) return;

  const lines = [
    '',
    'Pulzus is running:',
    '',
    `  http://localhost:${port}          (the default tenant)`,
    `  http://demo.localhost:${port}     login: demo@pulzus.hu / pulzus-demo`,
    `  http://other.localhost:${port}    login: other@pulzus.hu / pulzus-other`,
    '',
    withApi ? `  tenant API: http://${apiProbeHost}:${apiPort}   data: ${dataDir}` : `  tenant API: ${childEnv.TENANT_API_URL}`,
    '',
    'Press Ctrl+C to stop.',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err) => {
  process.stderr.write(`[start] ${err?.stack ?? err}\n`);
  shutdown('SIGTERM', 1);
});
