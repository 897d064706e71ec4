import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import PusherServer from 'pusher';
import Pusher, { type Channel } from 'pusher-js';
import WebSocket from 'ws';

/** Shared tools of the realtime suites: real pusher-js clients, the real `pusher` library, raw sockets. */

export interface AppKeys {
  id: string;
  key: string;
  secret: string;
}

export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

export const sign = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** What a channel authorization endpoint answers: `{auth, channel_data?}`. */
export type Authorize = (socketId: string, channel: string) => Promise<{ auth: string; channel_data?: string }>;

/** Signs like a Laravel backend would, with the given secret (a wrong one makes bad signatures). */
export function signer(
  keys: { key: string; secret: string },
  member?: { user_id: string; user_info?: unknown },
): Authorize {
  return async (socketId, channel) => {
    if (channel.startsWith('presence-')) {
      const channelData = JSON.stringify(member ?? { user_id: 'anonymous' });
      return {
        auth: `${keys.key}:${sign(keys.secret, `${socketId}:${channel}:${channelData}`)}`,
        channel_data: channelData,
      };
    }
    return { auth: `${keys.key}:${sign(keys.secret, `${socketId}:${channel}`)}` };
  };
}

const clients = new Set<Pusher>();

/** A pusher-js client (node build) on our server, authorizing channels through `authorize`. */
export function client(port: number, key: string, authorize: Authorize): Pusher {
  const pusher = new Pusher(key, {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      endpoint: '/unused',
      transport: 'ajax',
      customHandler: (params, callback) => {
        authorize(params.socketId, params.channelName).then(
          (data) => callback(null, data),
          (err: Error) => callback(err, null),
        );
      },
    },
  });
  clients.add(pusher);
  return pusher;
}

export function disconnectAll() {
  for (const p of clients) p.disconnect();
  clients.clear();
}

export function connected(pusher: Pusher, timeoutMs = 5000): Promise<string> {
  if (pusher.connection.state === 'connected') return Promise.resolve(pusher.connection.socket_id);
  return withTimeout(
    new Promise((resolve) => pusher.connection.bind('connected', () => resolve(pusher.connection.socket_id))),
    timeoutMs,
    'connected',
  );
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    }),
  ]);
}

/** Resolves with the next `event` on a channel (or the connection's global bind) that `match` accepts. */
export function next<T = unknown>(
  channel: Channel,
  event: string,
  timeoutMs = 5000,
  match: (data: T) => boolean = () => true,
): Promise<T> {
  return withTimeout(
    new Promise<T>((resolve) => {
      const handler = (data: T) => {
        if (!match(data)) return;
        channel.unbind(event, handler);
        resolve(data);
      };
      channel.bind(event, handler);
    }),
    timeoutMs,
    `${event} on ${channel.name}`,
  );
}

/** Subscribes and waits for success (or rejects with the subscription error). */
export function subscribe(pusher: Pusher, name: string, timeoutMs = 5000): Promise<Channel> {
  const channel = pusher.subscribe(name);
  return withTimeout(
    new Promise<Channel>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve(channel));
      channel.bind('pusher:subscription_error', (err: unknown) =>
        reject(Object.assign(new Error('subscription_error'), { data: err })),
      );
    }),
    timeoutMs,
    `subscription to ${name}`,
  );
}

export interface SeenEvent {
  event: string;
  data: unknown;
  metadata?: unknown;
}

const arrivals = new WeakMap<SeenEvent[], Set<() => void>>();

/** Collects every event a channel gets, to assert that something did NOT arrive (see `untilSentinel`). */
export function record(channel: Channel): SeenEvent[] {
  const seen: SeenEvent[] = [];
  const waiters = new Set<() => void>();
  arrivals.set(seen, waiters);
  channel.bind_global((event: string, data: unknown, metadata?: unknown) => {
    seen.push({ event, data, metadata });
    for (const wake of [...waiters]) wake();
  });
  return seen;
}

/**
 * Waits for the first event of `seen` (from `record`) that `isSentinel` matches; answers it and the
 * events before it. A socket delivers in order, so a harmless event sent after an action arrives
 * after anything that action sent to the same socket: what must not arrive is asserted on the
 * events before the sentinel, without a fixed wait.
 */
export async function untilSentinel(
  seen: SeenEvent[],
  isSentinel: (e: SeenEvent) => boolean,
  timeoutMs = 10_000,
): Promise<{ before: SeenEvent[]; sentinel: SeenEvent }> {
  const waiters = arrivals.get(seen);
  if (!waiters) throw new Error('untilSentinel needs the array record() returned');
  const found = () => {
    const at = seen.findIndex(isSentinel);
    return at < 0 ? undefined : { before: seen.slice(0, at), sentinel: seen[at]! };
  };
  let wake: (() => void) | undefined;
  try {
    return await withTimeout(
      new Promise<{ before: SeenEvent[]; sentinel: SeenEvent }>((resolve) => {
        wake = () => {
          const result = found();
          if (result) resolve(result);
        };
        waiters.add(wake);
        wake();
      }),
      timeoutMs,
      'the sentinel event',
    );
  } finally {
    if (wake) waiters.delete(wake);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The real server library, pointed at our HTTP API. */
export function backend(port: number, keys: AppKeys): PusherServer {
  return new PusherServer({
    appId: keys.id,
    key: keys.key,
    secret: keys.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });
}

/** A raw WebSocket that records every frame (parsed) and the close code. */
export class RawSocket {
  readonly frames: Array<{ event: string; channel?: string; data?: unknown }> = [];
  closeCode: number | undefined;
  private readonly waiters: Array<() => void> = [];
  readonly ws: WebSocket;
  readonly closed: Promise<number>;

  constructor(url: string, options: { answerPings?: boolean; headers?: Record<string, string> } = {}) {
    this.ws = new WebSocket(url, options.headers ? { headers: options.headers } : undefined);
    this.ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string; data?: unknown };
      this.frames.push(frame);
      if (frame.event === 'pusher:ping' && options.answerPings) this.send({ event: 'pusher:pong', data: {} });
      for (const w of this.waiters.splice(0)) w();
    });
    this.ws.on('error', () => {});
    this.closed = new Promise((resolve) =>
      this.ws.on('close', (code) => {
        this.closeCode = code;
        resolve(code);
        for (const w of this.waiters.splice(0)) w();
      }),
    );
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (from `from` on) for which `match` holds. */
  async frame(match: (f: { event: string; channel?: string; data?: unknown }) => boolean, timeoutMs = 5000, from = 0) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(this.frames).slice(0, 500)}`);
      await withTimeout(new Promise<void>((r) => this.waiters.push(r)), deadline - Date.now() + 10, 'a frame').catch(
        () => {},
      );
    }
  }

  async socketId(): Promise<string> {
    const f = await this.frame((x) => x.event === 'pusher:connection_established');
    return (JSON.parse(f.data as string) as { socket_id: string }).socket_id;
  }

  close() {
    this.ws.terminate();
  }
}

export function assertSocketId(id: string) {
  assert.match(id, /^\d+\.\d+$/);
}

/**
 * The skip reason of a test that needs Redis at `url` (false: it answers). CI provides Redis
 * (.ci/run starts it): there a missing Redis is a failure, not a skip.
 */
export async function redisSkip(url: string): Promise<string | false> {
  const { hostname, port } = new URL(url);
  const up = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('connect', () => done(true));
    socket.on('error', () => done(false));
  });
  if (!up && process.env.CI) throw new Error(`CI: Redis not reachable at ${url}`);
  return up ? false : `Redis not reachable at ${url}`;
}
