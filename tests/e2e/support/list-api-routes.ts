/**
 * Prints the tenant API's route table as JSON (`[{ method, url }]`): builds the app as main.ts does,
 * on a throwaway DATA_DIR, without listening, and reads Fastify's `printRoutes()` tree. Run by
 * `apiRoutes()` (api-routes.ts) under tsx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/src/app';
import { loadConfig } from '../../../server/src/env';

/**
 * The tree has one line per node, e.g. `│   ├── /:id/next (GET, HEAD)`: four columns per level, the
 * segment continuing its parent's path. Sibling parameters print as one (`/:trackId|:page`).
 */
export function parseRouteTree(tree: string): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?\s*$/.exec(line);
    if (!match) continue;
    const depth = Math.round(match[1]!.length / 4);
    stack.length = depth;
    const url = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack.push(url);
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean))
      routes.push({ method, url });
  }
  return routes;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'pulzus-routes-'));
process.env.DATA_DIR = dataDir;
let routes: { method: string; url: string }[] = [];
try {
  const app = await buildApp({ config: loadConfig(), logger: false });
  await app.ready();
  routes = parseRouteTree(app.printRoutes({ commonPrefix: false }));
  await app.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write(`${JSON.stringify(routes)}\n`);
