/**
 * The tenant API compiled to one ES module ahead of its start, for the scale mode
 * (scripts/launch/cluster.mjs): a start then loads one file instead of resolving and transforming
 * every module of server/src through tsx's loader, which was most of a cold start's time on a busy
 * machine (and a restarting instance is out of the load balancer until it is ready).
 *
 * Packages stay Node's to load (node_modules). The few `import.meta.url`s of server/src (where the
 * migrations, assets and package.json are) keep naming their own source file, so the bundle runs
 * from anywhere in the checkout. Written aside and renamed: two clusters starting at once never
 * load half a file. Compiling takes a fraction of a second, so each cluster start compiles anew.
 */
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ROOT } from './web-build.mjs';

/** Where the compiled API goes (ignored by git). */
export const API_BUNDLE = path.join(ROOT, 'server', '.build', 'main.mjs');

/** Each source file's `import.meta.url` replaced by the file's own URL. */
const ownUrls = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]server[\\/]src[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const contents = source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

/** Compiles server/src/main.ts into API_BUNDLE; resolves with its path. */
export async function buildApiBundle() {
  mkdirSync(path.dirname(API_BUNDLE), { recursive: true });
  const temp = `${API_BUNDLE}.${process.pid}.tmp.mjs`;
  await build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, 'server', 'src', 'main.ts')],
    outfile: temp,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(ROOT, 'server', 'tsconfig.json'),
    plugins: [ownUrls],
    logLevel: 'silent',
  });
  renameSync(temp, API_BUNDLE);
  return API_BUNDLE;
}
