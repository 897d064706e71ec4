import { rmSync } from 'node:fs';
import { randomSecrets } from '../../../contracts/secrets.mjs';
import { ensureWebBuild } from '../../../scripts/launch/web-build.mjs';
import { acquireRunLock, E2E, makeDataDir, startWeb } from '../../../scripts/launch/stack';
import { startCspReportCollector } from './csp-reports';
import { LARAVEL, startPeer } from './peer';

/**
 * A copy of the Laravel peer on its port, and the end-to-end build of the web app in front of it
 * (TENANT_API_URL = the peer). The build folder is the end-to-end suite's, so the suite holds that
 * suite's lock: neither may rebuild it under the other's running server.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const releaseBuild = await acquireRunLock(`pulzus-e2e-${E2E.webPort}`);
  const releasePorts = await acquireRunLock(`pulzus-laravel-${LARAVEL.webPort}`);
  const release = () => {
    releasePorts();
    releaseBuild();
  };
  const log = (line: string) => console.log(`[laravel] ${line}`);
  const dataDir = makeDataDir('pulzus-laravel-');
  let peer: Awaited<ReturnType<typeof startPeer>> | undefined;
  let csp: Awaited<ReturnType<typeof startCspReportCollector>> | undefined;
  try {
    await ensureWebBuild(E2E.distDir, log);
    peer = await startPeer(LARAVEL.peerPort, log);
    const secrets = randomSecrets();
    csp = await startCspReportCollector();
    const web = await startWeb({
      port: LARAVEL.webPort,
      apiPort: LARAVEL.peerPort,
      dataDir,
      secrets,
      distDir: E2E.distDir,
      // A Laravel API brings no realtime credentials of ours: the web starts without a Pusher key.
      env: { PUSHER_KEY: '', CSP_REPORT_URI: csp.url },
    });
    log(`web ${`http://demo.localhost:${LARAVEL.webPort}`} in front of the peer ${peer.url} (copy in ${peer.dir})`);
    process.env.LARAVEL_PEER_COPY = peer.dir;
    // The specs that age the sealed cookie unseal and reseal it as the web app does (support/sealed.ts).
    process.env.LARAVEL_WEB_SESSION_SECRET = secrets.sessionSecret;
    const running = peer;
    const reports = csp;
    return async () => {
      await web.stop();
      await running.stop();
      await reports.stop();
      if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
      release();
      // The pages run with the policy on: anything it blocked is something a Laravel deployment would lose.
      if (reports.received.length > 0) {
        throw new Error(`Content-Security-Policy violations:\n${[...new Set(reports.received)].join('\n')}`);
      }
    };
  } catch (err) {
    await peer?.stop();
    await csp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    release();
    throw err;
  }
}
