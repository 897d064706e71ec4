import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTcpProxy } from '../../scripts/launch/tcp-proxy';

/**
 * The scale suite's proxies in front of PostgreSQL and Redis: the cluster's DATABASE_URL and
 * REDIS_URL name them (global-setup.ts), and the tests freeze them (nothing passes, nothing closes:
 * a hung server) or take them down (every connection cut, new ones refused: a stopped server) over
 * HTTP (`POST <control>/freeze`, `/unfreeze`, `/down`, `/up`), since they live in the test runner's
 * process while the tests run in a worker.
 */
export async function startFaultProxy(url: string, defaultPort: number) {
  const target = new URL(url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || defaultPort) });
  const actions: Record<string, () => void | Promise<void>> = {
    '/freeze': () => proxy.freeze(),
    '/unfreeze': () => proxy.unfreeze(),
    '/down': () => {
      proxy.down();
      proxy.cut();
    },
    '/up': () => proxy.up(),
  };
  const control = http.createServer((req, res) => {
    const action = req.method === 'POST' ? actions[req.url ?? ''] : undefined;
    if (!action) {
      res.statusCode = 404;
      return void res.end();
    }
    Promise.resolve(action()).then(
      () => res.end(),
      () => {
        res.statusCode = 500;
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  return {
    url: proxy.through(url),
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

async function tell(env: string, action: string): Promise<void> {
  const url = process.env[env];
  if (!url) throw new Error(`${env} is not set: run the suite with playwright.scale.config.ts`);
  const res = await fetch(`${url}/${action}`, { method: 'POST' });
  if (!res.ok) throw new Error(`the proxy answered ${res.status}`);
}

/** Freezes (true) or unfreezes the cluster's way to PostgreSQL, from a test. */
export const freezeDatabase = (frozen: boolean) => tell('SCALE_PG_PROXY_CONTROL', frozen ? 'freeze' : 'unfreeze');

/** Takes the cluster's Redis away (true: connections cut and refused) or brings it back, from a test. */
export const redisAway = (away: boolean) => tell('SCALE_REDIS_PROXY_CONTROL', away ? 'down' : 'up');
