/**
 * The Laravel peer (tests/laravel/peer/): a real Laravel 8 application (Sanctum's SPA cookie and
 * CSRF flow) that serves part of the tenant API. The suite runs a private copy of it, so the
 * repository's folder is never written to (its .env, SQLite database, sessions and logs are made in
 * the copy).
 */
import { execFile } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../../scripts/launch/web-build.mjs';

const run = promisify(execFile);

/** Ports of the Laravel suite: the peer and the web app in front of it. */
export const LARAVEL = {
  peerPort: Number(process.env.LARAVEL_PEER_PORT || 4121),
  webPort: Number(process.env.LARAVEL_WEB_PORT || 3121),
} as const;

/** The peer's sources: the repository's own, unless LARAVEL_PEER_DIR names another copy. */
export const PEER_SOURCE = process.env.LARAVEL_PEER_DIR || path.join(ROOT, 'tests', 'laravel', 'peer');

/**
 * What start.sh and Laravel make at run time (the peer's .gitignore): never copied, should a start
 * in the folder itself have left them, so each run starts from a fresh, seeded state.
 */
const RUNTIME_FILES = new Set(['.env', 'server.pid']);
const RUNTIME_DIRS = ['bootstrap/cache', 'storage'];

function isRuntimeFile(rel: string): boolean {
  const posix = rel.split(path.sep).join('/');
  if (RUNTIME_FILES.has(posix) || /^database\/[^/]*\.sqlite/.test(posix)) return true;
  return RUNTIME_DIRS.some((dir) => posix === dir || posix.startsWith(`${dir}/`));
}

/** The shipped folder may be read-only; the copy must let start.sh write its .env, database and storage. */
function makeWritable(dir: string): void {
  for (const name of readdirSync(dir)) {
    const entry = path.join(dir, name);
    const stat = statSync(entry);
    chmodSync(entry, stat.mode | 0o200 | (stat.isDirectory() ? 0o100 : 0));
    if (stat.isDirectory()) makeWritable(entry);
  }
}

export interface Peer {
  readonly url: string;
  /** The running copy's folder. */
  readonly dir: string;
  stop(): Promise<void>;
}

export async function startPeer(port = LARAVEL.peerPort, log: (line: string) => void = console.log): Promise<Peer> {
  if (!existsSync(path.join(PEER_SOURCE, 'start.sh'))) {
    throw new Error(`the Laravel peer is missing: no start.sh in ${PEER_SOURCE} (LARAVEL_PEER_DIR names another copy)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'pulzus-laravel-peer-'));
  cpSync(PEER_SOURCE, dir, {
    recursive: true,
    filter: (src) => !isRuntimeFile(path.relative(PEER_SOURCE, src)),
  });
  chmodSync(dir, 0o755);
  makeWritable(dir);

  const env = {
    ...process.env,
    LARAVEL_PEER_HOST: '127.0.0.1',
    LARAVEL_PEER_PORT: String(port),
    PHP_CLI_SERVER_WORKERS: process.env.PHP_CLI_SERVER_WORKERS || '4',
    // The demo media the peer's tracks are (its seeder copies the files it needs into the copy).
    LARAVEL_PEER_ASSETS: process.env.LARAVEL_PEER_ASSETS || path.join(ROOT, 'server', 'assets'),
  };
  try {
    const { stdout } = await run('bash', [path.join(dir, 'start.sh')], { cwd: dir, env, timeout: 60_000 });
    log(stdout.trim().split('\n').at(-1) ?? 'laravel-peer started');
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the Laravel peer did not start on port ${port}: ${e.stdout ?? ''}${e.stderr ?? ''}${e.message}`);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    async stop() {
      await run('bash', [path.join(dir, 'stop.sh')], { cwd: dir, timeout: 30_000 }).catch(() => undefined);
      if (!process.env.E2E_KEEP_DATA) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The Laravel sessions of the running copy, for the specs (the global setup names the copy in
 * LARAVEL_PEER_COPY). The file driver keeps one file per session, named by its id; deleting them
 * ends every session, as a lifetime running out would.
 */
export function peerSessions(): { ids(): string[]; expireAll(): void } {
  const dir = process.env.LARAVEL_PEER_COPY;
  if (!dir) throw new Error('LARAVEL_PEER_COPY is not set: run the specs through playwright.laravel.config.ts');
  const sessions = path.join(dir, 'storage', 'framework', 'sessions');
  const ids = () => readdirSync(sessions).filter((name) => !name.startsWith('.'));
  return { ids, expireAll: () => ids().forEach((name) => rmSync(path.join(sessions, name), { force: true })) };
}
