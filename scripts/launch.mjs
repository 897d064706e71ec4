/**
 * What `npm start` (scripts/start.mjs) and `npm run start:cluster` (scripts/cluster.mjs) share: the
 * secrets in DATA_DIR/secrets.json, the web build's staleness and the build itself, a group of
 * supervised child processes, and waiting for a server to answer.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Sources of the web build: a file here newer than the build's BUILD_ID makes the build stale. */
const WEB_SOURCES = [
  'app',
  'components',
  'lib',
  'contracts',
  'styles',
  'public',
  'proxy.ts',
  'next.config.mjs',
  'package.json',
];

/** The secrets both sides share; the file's key and the environment variable that overrides it. */
export const SECRETS = [
  ['appKey', 'APP_KEY'],
  ['bffSecret', 'BFF_SECRET'],
  ['sessionSecret', 'SESSION_SECRET'],
  ['pusherAppId', 'PUSHER_APP_ID'],
  ['pusherKey', 'PUSHER_KEY'],
  ['pusherSecret', 'PUSHER_SECRET'],
];

/** An environment variable, with an empty value counting as unset. */
export const env = (name) => (process.env[name] === '' ? undefined : process.env[name]);

/** Log and failure lines with the script's tag (`[start] …`). */
export function logger(tag) {
  return {
    log: (message) => process.stdout.write(`[${tag}] ${message}\n`),
    warn: (message) => process.stderr.write(`[${tag}] ${message}\n`),
  };
}

function randomSecret() {
  return randomBytes(32).toString('base64url');
}

/**
 * Reads DATA_DIR/secrets.json, creating it (exclusively, so a racing API start keeps one file) when
 * missing. Throws when the file cannot be read.
 */
export function ensureSecrets(dataDir, log) {
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
      if (!(err instanceof SyntaxError) || attempt > 50) throw new Error(`cannot read ${file}: ${err.message}`);
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

/** The secrets as environment variables; a variable already set wins over the file. */
export function secretsEnv(stored) {
  return Object.fromEntries(SECRETS.map(([key, name]) => [name, env(name) ?? stored[key]]));
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

export function buildIsStale(distDir) {
  const buildId = path.join(ROOT, distDir, 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return WEB_SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

/**
 * `next build` into `distDir` (NEXT_DIST_DIR in `childEnv`) when stale. Throws when the build fails.
 */
export function buildWebIfStale(distDir, childEnv, log) {
  if (!buildIsStale(distDir)) {
    log(`the web build in ${distDir} is up to date`);
    return;
  }
  log(`building the web app into ${distDir} (next build)…`);
  // Next adds a custom build folder's type globs to tsconfig.json (and rewrites next-env.d.ts):
  // put both back, so that starting the app never leaves the working tree changed.
  const keep = ['tsconfig.json', 'next-env.d.ts']
    .map((name) => path.join(ROOT, name))
    .filter((file) => existsSync(file))
    .map((file) => [file, readFileSync(file, 'utf8')]);
  const nextBin = require.resolve('next/dist/bin/next');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: ROOT, env: childEnv, stdio: 'inherit' });
  for (const [file, text] of keep) if (readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  if (build.status !== 0) throw new Error(`next build failed (${build.signal ?? `exit code ${build.status}`})`);
}

/**
 * Child processes started and stopped together. `onUnexpectedExit(name, code, signal)` is called
 * when a child ends that nobody stopped (neither `stop()` nor `kill(name)`).
 */
export class ChildGroup {
  constructor({ onUnexpectedExit }) {
    this.onUnexpectedExit = onUnexpectedExit;
    this.children = new Map();
    this.stopping = false;
  }

  /** Starts `command args` under `name`; stdio 'inherit' or an open file descriptor for both outputs. */
  start(name, command, args, { env: childEnv, stdio = 'inherit' }) {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: childEnv,
      stdio: stdio === 'inherit' ? 'inherit' : ['ignore', stdio, stdio],
    });
    child.expected = false;
    this.children.set(name, child);
    child.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        if (this.children.get(name) === child) this.children.delete(name);
        resolve();
        if (!this.stopping && !child.expected) this.onUnexpectedExit(name, code, signal);
      });
      child.on('error', (err) => {
        if (this.children.get(name) === child) this.children.delete(name);
        resolve();
        if (!this.stopping) this.onUnexpectedExit(name, null, err.message);
      });
    });
    return child;
  }

  alive(name) {
    const child = this.children.get(name);
    return child !== undefined && child.exitCode === null && child.signalCode === null;
  }

  pid(name) {
    return this.children.get(name)?.pid;
  }

  /** Ends one child on purpose (the others keep running); resolves once it is gone. */
  async kill(name, signal = 'SIGKILL') {
    const child = this.children.get(name);
    if (!child) return;
    child.expected = true;
    child.kill(signal);
    await child.exited;
  }

  /** Sends `signal` to every child, SIGKILL after `graceMs`; resolves once all are gone. */
  async stop(signal = 'SIGTERM', graceMs = 10_000) {
    this.stopping = true;
    const all = [...this.children.values()];
    for (const child of all) child.kill(signal);
    // A child that ignores the signal must not keep the terminal hostage.
    const timer = setTimeout(() => {
      for (const child of all) child.kill('SIGKILL');
    }, graceMs);
    await Promise.all(all.map((child) => child.exited));
    clearTimeout(timer);
  }
}

/**
 * Polls until the URL answers with any HTTP status (a 404 still proves the server listens). Resolves
 * false when `timeoutMs` passed or `giveUp()` turned true first.
 */
export async function waitForHttp(url, timeoutMs, giveUp = () => false) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (giveUp()) return false;
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer().catch(() => undefined);
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  return false;
}

/** The URLs and demo logins of a running web app on `port`, then `details` (lines) and how to stop. */
export function printRunning(port, details) {
  const lines = [
    '',
    'Pulzus is running:',
    '',
    `  http://localhost:${port}          (the default tenant)`,
    `  http://demo.localhost:${port}     login: demo@pulzus.hu / pulzus-demo`,
    `  http://other.localhost:${port}    login: other@pulzus.hu / pulzus-other`,
    '',
    ...details,
    '',
    'Press Ctrl+C to stop.',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
