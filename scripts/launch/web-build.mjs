/**
 * The web build: where the repository is, when a build is stale, and `next build` into a build folder.
 * `npm start`, the cluster, the test stacks and the bench all decide staleness here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');

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

/** The newest modification time under `entry`, skipping build output, installed packages and what `skip` names. */
export function newestMtime(entry, skip = () => false) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name.startsWith('.next') || skip(name)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name), skip));
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
 * Next adds a custom build folder's type globs to tsconfig.json and rewrites next-env.d.ts on every
 * build. The returned function puts both back, so that a start or a test run leaves the working tree
 * unchanged.
 */
function keepTypeFiles() {
  const kept = ['tsconfig.json', 'next-env.d.ts']
    .map((name) => path.join(ROOT, name))
    .filter((file) => existsSync(file))
    .map((file) => [file, readFileSync(file, 'utf8')]);
  return () => {
    for (const [file, text] of kept) if (readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  };
}

/**
 * `next build` into `distDir` (NEXT_DIST_DIR in `childEnv`) when stale, its output on the terminal.
 * Throws when the build fails.
 */
export function buildWebIfStale(distDir, childEnv, log) {
  if (!buildIsStale(distDir)) {
    log(`the web build in ${distDir} is up to date`);
    return;
  }
  log(`building the web app into ${distDir} (next build)…`);
  const restore = keepTypeFiles();
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: ROOT, env: childEnv, stdio: 'inherit' });
  restore();
  if (build.status !== 0) throw new Error(`next build failed (${build.signal ?? `exit code ${build.status}`})`);
}

/**
 * `next build` into `distDir` unless that build is newer than every source, its output kept and shown
 * only when it fails (the test stacks and the bench).
 */
export async function ensureWebBuild(distDir, log = console.log) {
  if (!buildIsStale(distDir)) {
    log(`web build in ${distDir} is up to date`);
    return;
  }
  log(`building the web app into ${distDir} (next build)…`);
  const restore = keepTypeFiles();
  const started = Date.now();
  const output = [];
  try {
    const code = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [nextBin, 'build'], {
        cwd: ROOT,
        env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const collect = (chunk) => output.push(chunk.toString());
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.on('error', reject);
      child.on('exit', resolve);
    });
    if (code !== 0) {
      throw new Error(`next build into ${distDir} failed (exit code ${code}):\n${output.join('').slice(-8000)}`);
    }
  } finally {
    restore();
  }
  log(`built ${distDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
