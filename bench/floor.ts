/**
 * The floor of the page budgets: bench/floor/, an empty Next.js app (a root layout, one dynamic page
 * with a heading and a counter button) on the repo's own `next`, `react` and `react-dom`; its /stack
 * page, "floor + stack", adds every package the design names that a logged-in page uses, loaded as a
 * page should load it. bench/pages.ts loads both interleaved with our pages; "floor + stack"'s JS before
 * `load`, its TBT over the first 10 s and its FCP are what the framework and the design's stack cost on
 * this machine in this run, and every logged-in page is judged against them.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newestMtime, ROOT } from '../scripts/launch/web-build.mjs';
import { ManagedProcess } from '../scripts/launch/stack';

export const FLOOR_DIR = path.join(ROOT, 'bench', 'floor');
/** As bench/floor/next.config.mjs names it; ignored by git like every `.next*` folder. */
const FLOOR_DIST = path.join(FLOOR_DIR, '.next-floor');
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');

/** Files Next writes into the app's folder itself: not sources. */
const generated = (name: string) => name === 'next-env.d.ts' || name.endsWith('.tsbuildinfo');

/** Stale when its sources or the installed framework are newer than its build. */
function floorBuildIsStale(): boolean {
  const buildId = path.join(FLOOR_DIST, 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  // The framework, and what the floor + stack page (app/stack) loads besides it.
  const packages = [
    'next',
    'react',
    'react-dom',
    'swr',
    'jotai',
    'laravel-echo',
    '@radix-ui/react-tabs',
    '@radix-ui/react-dialog',
    '@radix-ui/react-dropdown-menu',
    'embla-carousel-react',
    'embla-carousel-autoplay',
  ].map((name) => path.join(ROOT, 'node_modules', name, 'package.json'));
  const pusher = path.join(ROOT, 'lib', 'realtime', 'pusher-ws', 'pusher.js');
  return [FLOOR_DIR, ...packages, pusher].some((entry) => newestMtime(entry, generated) > built);
}

function run(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    child.stdout.on('data', (c: Buffer) => output.push(c.toString()));
    child.stderr.on('data', (c: Buffer) => output.push(c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output: output.join('') }));
  });
}

/**
 * `next build bench/floor` unless its build is current. Next writes its type globs into the floor's
 * tsconfig.json and regenerates next-env.d.ts; both are put back, so a bench run leaves the tree as it was.
 */
export async function ensureFloorBuild(log: (line: string) => void): Promise<void> {
  if (!floorBuildIsStale()) {
    log('floor build is up to date');
    return;
  }
  log('building the floor app (next build bench/floor)…');
  const tsconfig = path.join(FLOOR_DIR, 'tsconfig.json');
  const kept = readFileSync(tsconfig, 'utf8');
  const started = Date.now();
  try {
    const { code, output } = await run([nextBin, 'build', FLOOR_DIR], {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
    });
    if (code !== 0) throw new Error(`next build bench/floor failed (exit code ${code}):\n${output.slice(-8000)}`);
  } finally {
    if (readFileSync(tsconfig, 'utf8') !== kept) writeFileSync(tsconfig, kept);
  }
  log(`built the floor in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Serves the floor with `next start`. Fair against our app: the web server (web-server.ts) hands each request to
 * the same production request handler that `next start` runs, with Next's default gzip compression in
 * both; what it adds (forwarded headers from the socket, draining unread request bodies) costs nothing
 * on a page's GETs. A copy of that server pointed at another folder would measure the same thing.
 */
export async function startFloor(
  port: number,
  log: (line: string) => void,
): Promise<{ url: string; stop(): Promise<void> }> {
  const taken = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
  if (taken)
    throw new Error(`port ${port} is taken; is an earlier floor app still running? (BENCH_FLOOR_PORT moves it)`);
  const logDir = mkdtempSync(path.join(tmpdir(), 'pulzus-floor-'));
  const child = spawn(process.execPath, [nextBin, 'start', FLOOR_DIR, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = new ManagedProcess('floor', child, path.join(logDir, 'floor.log'));
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!proc.alive) throw new Error(`the floor app exited before answering on ${url}:\n${proc.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      const body = await res.text();
      if (res.status === 200 && body.includes('<h1')) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await proc.stop();
      throw new Error(`the floor app did not answer on ${url} within 60 s:\n${proc.output()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`floor up: ${url}`);
  return { url, stop: () => proc.stop() };
}
