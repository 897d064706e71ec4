import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL in the outage tests, PostgreSQL and Redis in the
 * bench's bad day) that can freeze: while frozen it accepts connections and takes bytes but passes
 * nothing on either way, as a hung database or network does; unfrozen, it passes on what it held, in
 * order. `cut()` drops every connection; `down()` refuses new ones (the port closed, as a stopped
 * server's is) until `up()`.
 */
export interface TcpProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  freeze(): void;
  unfreeze(): void;
  /** Ends every connection through it now (the server side sees them drop). */
  cut(): void;
  /** Stops listening: a new connection is refused (the open ones stay until `cut()`). */
  down(): void;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  const held: Array<{ to: net.Socket; chunk: Buffer }> = [];
  const sockets = new Set<net.Socket>();
  const pass = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.push({ to, chunk });
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    pass(client, upstream);
    pass(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const cut = () => {
    for (const s of sockets) s.destroy();
  };
  let closed: Promise<void> = Promise.resolve();
  const down = () => {
    if (server.listening) closed = new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    port,
    through(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    freeze() {
      frozen = true;
    },
    unfreeze() {
      frozen = false;
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    cut,
    down,
    async up() {
      await closed;
      if (server.listening) return;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
    },
    async close() {
      down();
      cut();
      await closed;
    },
  };
}
