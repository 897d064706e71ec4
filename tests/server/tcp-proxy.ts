import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL or Redis in the outage tests) that can freeze: while
 * frozen it accepts connections and takes bytes but passes nothing on either way, as a hung database
 * or network does; unfrozen, it passes on what it held, in order. `cut()` drops every connection;
 * `down()` does and refuses new ones (the server stopped) until `up()`.
 */
export interface TcpProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  freeze(): void;
  unfreeze(): void;
  /** Ends every connection through it now (the server side sees them drop). */
  cut(): void;
  /** The server is gone: every connection ends and new ones are refused. */
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  let refusing = false;
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
    if (refusing) return void client.destroy();
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
    down() {
      refusing = true;
      cut();
    },
    up() {
      refusing = false;
    },
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
