import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureWebBuild } from '../../../scripts/launch/web-build.mjs';
import { acquireRunLock, E2E, makeDataTemplate, startStack } from '../../../scripts/launch/stack';
import { makePushCertificate } from '../../support/push-service';

/**
 * Builds the web app into its own folder (when stale) and starts a fresh stack on the test ports:
 * the tenant API on a new temporary DATA_DIR (fresh PGlite, demo seed) and the built web app.
 * Tests find the DATA_DIR (for the mail outbox) in E2E_DATA_DIR; the returned function is the teardown.
 * The API trusts a certificate made here for a push service of the tests' own on loopback
 * (tests/support/push-service.ts, started by a spec with it: E2E_PUSH_TLS_DIR), and allows its host.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const release = await acquireRunLock(`pulzus-e2e-${E2E.webPort}`);
  try {
    return await setUp(release);
  } catch (err) {
    release();
    throw err;
  }
}

async function setUp(release: () => void): Promise<() => Promise<void>> {
  await ensureWebBuild(E2E.distDir);
  // Built once here: tests that start their own stack reuse this build and must not rebuild it
  // under the running web server.
  process.env.E2E_BUILT = '1';
  const pushTls = mkdtempSync(path.join(tmpdir(), 'pulzus-e2e-push-'));
  const { caFile } = makePushCertificate(pushTls);
  process.env.E2E_PUSH_TLS_DIR = pushTls;
  // Every stack of the run (this one and the specs' own) starts on a copy of one seeded DATA_DIR.
  const template = await makeDataTemplate(E2E.apiPort);
  process.env.STACK_DATA_TEMPLATE = template;
  const stack = await startStack({
    apiPort: E2E.apiPort,
    webPort: E2E.webPort,
    distDir: E2E.distDir,
    build: false,
    apiEnv: {
      NODE_EXTRA_CA_CERTS: caFile,
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      // The alert specs drive the evaluator with the test clock from the suite's first minute.
      ALERT_WARMUP_SECONDS: '0',
    },
  });
  process.env.E2E_DATA_DIR = stack.dataDir;
  return async () => {
    await stack.stop();
    rmSync(pushTls, { recursive: true, force: true });
    rmSync(template, { recursive: true, force: true });
    if (!process.env.E2E_KEEP_DATA) rmSync(stack.dataDir, { recursive: true, force: true });
    release();
  };
}
