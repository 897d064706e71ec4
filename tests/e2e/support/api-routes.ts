import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../../scripts/launch/web-build.mjs';

export interface Route {
  method: string;
  /** Fastify's pattern, e.g. `/api/players/:id/toggle-play`. */
  url: string;
}

/** The tenant API's own route table (built in a child process with `buildApp`, see list-api-routes.ts). */
export function apiRoutes(): Route[] {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join('tests', 'e2e', 'support', 'list-api-routes.ts')],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '' },
      timeout: 120_000,
    },
  );
  if (run.status !== 0) throw new Error(`listing the API's routes failed:\n${run.stderr}`);
  const last = run.stdout.trim().split('\n').pop() ?? '[]';
  return JSON.parse(last) as Route[];
}

/** The BFF's write routes: every unsafe-method route of the API under /api/** and /broadcasting/**. */
export function bffWriteRoutes(routes: Route[] = apiRoutes()): Route[] {
  const unsafe = (m: string) => !['GET', 'HEAD', 'OPTIONS'].includes(m);
  return routes.filter((r) => unsafe(r.method) && (r.url.startsWith('/api/') || r.url.startsWith('/broadcasting/')));
}
