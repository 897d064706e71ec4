import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTcpProxy } from '../../scripts/launch/tcp-proxy';

/**
 * The scale suite's PostgreSQL proxy: the cluster's DATABASE_URL names it (global-setup.ts), and the
 * tests freeze and unfreeze it over HTTP (`POST <control>/freeze`, `/unfreeze`), since it lives in
 * the test runner's process while the tests run in a worker.
 */
export async function startPgProxy(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const control = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/freeze') proxy.freeze();
    else if (req.method === 'POST' && req.url === '/unfreeze') proxy.unfreeze();
    else res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  return {
    databaseUrl: proxy.through(databaseUrl),
    controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    async close() {
      proxy.unfreeze();
      const closed = new Promise<void>((resolve) => control.close(() => resolve()));
      control.closeAllConnections();
      await closed;
      await proxy.close();
    },
  };
}

/** Freezes (true) or unfreezes the cluster's way to PostgreSQL, from a test. */
export async function freezeDatabase(frozen: boolean): Promise<void> {
  const url = process.env.SCALE_PG_PROXY_CONTROL;
  if (!url) throw new Error('SCALE_PG_PROXY_CONTROL is not set: run the suite with playwright.scale.config.ts');
  const res = await fetch(`${url}/${frozen ? 'freeze' : 'unfreeze'}`, { method: 'POST' });
  if (!res.ok) throw new Error(`the database proxy answered ${res.status}`);
}
