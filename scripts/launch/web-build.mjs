/**
 * The web build: where the repository is, when a build is stale, `next build` into a build folder,
 * and the web server (web-server.ts) compiled beside it. `npm start`, the cluster, the test stacks
 * and the bench all decide staleness here.
 *
 *   node scripts/launch/web-build.mjs   builds both into NEXT_DIST_DIR (default .next), stale or not (`npm run build`)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));
const nextBin = requireFromRoot.resolve('next/dist/bin/next');

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

/** Sources of the compiled web server: the entry and our own modules it bundles. */
const SERVER_SOURCES = ['web-server.ts', 'lib', 'contracts', 'package.json', 'tsconfig.json'];

/** The compiled web server of the build in `distDir`, for `node`. */
export function webServerPath(distDir) {
  return path.join(ROOT, distDir, 'web-server.mjs');
}

/** Whether `next build` into `distDir` must run (its BUILD_ID is missing or older than a source). */
export function buildIsStale(distDir) {
  const buildId = path.join(ROOT, distDir, 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return WEB_SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

/** Whether the compiled web server is missing, older than its sources or older than the Next build beside it. */
export function webServerIsStale(distDir) {
  const out = webServerPath(distDir);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  const buildId = path.join(ROOT, distDir, 'BUILD_ID');
  if (existsSync(buildId) && statSync(buildId).mtimeMs > built) return true;
  return SERVER_SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

/**
 * The specifier Node itself resolves for a package import of our code. A package without an
 * `exports` map (Next) is imported by subpath without an extension (`next/headers`), which Next's
 * bundler and tsx accept but Node's ESM loader does not: such a subpath is named by its file.
 */
function nodeSpecifier(specifier) {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  if (name === specifier) return specifier;
  const dir = path.join(ROOT, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (manifest.exports) return specifier;
  return `${name}/${path.relative(dir, requireFromRoot.resolve(specifier)).split(path.sep).join('/')}`;
}

/** Packages stay Node's to load from node_modules, except `server-only`, bundled for its empty server entry. */
const packagesLeftToNode = {
  name: 'packages-left-to-node',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@/') || isBuiltin(args.path) || args.path === 'server-only') return undefined;
      return { path: nodeSpecifier(args.path), external: true };
    });
  },
};

/**
 * Compiles web-server.ts with the modules of ours it imports into `<distDir>/web-server.mjs` (the BFF
 * it loads late in a chunk under `<distDir>/web-server/`), so the production process runs plain
 * JavaScript: no transpiler at run time. `server-only` resolves through the `react-server` condition
 * to its empty module, as in Next's server bundles; no other package is bundled. Throws on an error.
 */
export async function compileWebServer(distDir) {
  const outdir = path.join(ROOT, distDir);
  rmSync(path.join(outdir, 'web-server'), { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: { 'web-server': path.join(ROOT, 'web-server.ts') },
    outdir,
    entryNames: '[name]',
    chunkNames: 'web-server/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    conditions: ['react-server'],
    plugins: [packagesLeftToNode],
    logLevel: 'silent',
  });
}

/** Compiles the web server when `webServerIsStale`. */
async function compileWebServerIfStale(distDir, log) {
  if (!webServerIsStale(distDir)) return;
  log(`compiling the web server into ${path.join(distDir, 'web-server.mjs')}…`);
  await compileWebServer(distDir);
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
 * `next build` into `distDir` (NEXT_DIST_DIR in `childEnv`) when stale, its output on the terminal,
 * then the web server compiled beside it when stale. Throws when either fails.
 */
export async function buildWebIfStale(distDir, childEnv, log) {
  if (!buildIsStale(distDir)) {
    log(`the web build in ${distDir} is up to date`);
  } else {
    log(`building the web app into ${distDir} (next build)…`);
    const restore = keepTypeFiles();
    const built = spawnSync(process.execPath, [nextBin, 'build'], { cwd: ROOT, env: childEnv, stdio: 'inherit' });
    restore();
    if (built.status !== 0) throw new Error(`next build failed (${built.signal ?? `exit code ${built.status}`})`);
  }
  await compileWebServerIfStale(distDir, log);
}

/**
 * `next build` into `distDir` unless that build is newer than every source, its output kept and shown
 * only when it fails, then the web server compiled beside it when stale (the test stacks and the bench).
 */
export async function ensureWebBuild(distDir, log = console.log) {
  if (!buildIsStale(distDir)) {
    log(`web build in ${distDir} is up to date`);
  } else {
    await nextBuildQuietly(distDir, log);
  }
  await compileWebServerIfStale(distDir, log);
}

async function nextBuildQuietly(distDir, log) {
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

// `npm run build`: both parts, whatever their age.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  const restore = keepTypeFiles();
  const built = spawnSync(process.execPath, [nextBin, 'build'], { cwd: ROOT, stdio: 'inherit' });
  restore();
  if (built.status !== 0) process.exit(built.status ?? 1);
  console.log(`compiling the web server into ${path.join(distDir, 'web-server.mjs')}…`);
  await compileWebServer(distDir);
}
