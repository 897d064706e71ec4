import { rmSync } from 'node:fs';
import { E2E, startStack, type Stack } from '../../../scripts/launch/stack';

/**
 * A stack of a test file's own (own ports, own DATA_DIR) on the end-to-end build, for tests that change
 * shared state (passwords) or restart the API. The global setup has built the web app already; it is
 * built here only when the file runs without it.
 */
export async function startOwnStack(
  apiPort: number,
  webPort: number,
  appVersion?: string,
  apiEnv?: Record<string, string>,
): Promise<Stack> {
  return startStack({
    apiPort,
    webPort,
    distDir: E2E.distDir,
    appVersion,
    apiEnv,
    build: !process.env.E2E_BUILT,
    log: () => undefined,
  });
}

export async function stopOwnStack(stack: Stack | undefined): Promise<void> {
  if (!stack) return;
  await stack.stop();
  if (!process.env.E2E_KEEP_DATA) rmSync(stack.dataDir, { recursive: true, force: true });
}
