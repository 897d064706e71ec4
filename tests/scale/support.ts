import { readFileSync } from 'node:fs';
import path from 'node:path';
import Pusher, { type Channel } from 'pusher-js';
import { PID_FILE } from '../../scripts/launch/cluster.mjs';
import { readSecretsFileRaw } from '../../contracts/secrets.mjs';
import type { Player } from '../../contracts/player';
import type { User } from '../../contracts/auth';
import type { RealtimeConfig } from '../../contracts/realtime';
import { DEMO, type Login } from '../e2e/support/auth';
import {
  connected as connectedWithin,
  sleep,
  subscribe as subscribeWithin,
  withTimeout,
} from '../server/realtime-helpers';

/**
 * Ports, database and Redis of the scale suite's cluster (tests/scale/global-setup.ts). HAProxy
 * listens on the two ports, the instances on the next two of each. SCALE_* move them, so two
 * checkouts can run the suite on one machine at the same time.
 */
export const SCALE = {
  webPort: Number(process.env.SCALE_WEB_PORT || 3401),
  apiPort: Number(process.env.SCALE_API_PORT || 4401),
  databaseUrl: process.env.SCALE_DATABASE_URL || 'postgres://pulzus:pulzus@127.0.0.1:5432/pulzus_scale',
  redisUrl: process.env.SCALE_REDIS_URL || 'redis://127.0.0.1:6379/2',
} as const;

/** API base URLs: the load balancer's, and instance 1's and 2's. */
export const API = {
  lb: `http://127.0.0.1:${SCALE.apiPort}`,
  instance: (i: 1 | 2) => `http://127.0.0.1:${SCALE.apiPort + i}`,
  port: (i: 1 | 2) => SCALE.apiPort + i,
};

/** Web base URLs of the demo shop: through the load balancer, or on instance 1 or 2. */
export const WEB = {
  lb: `http://demo.localhost:${SCALE.webPort}`,
  instance: (i: 1 | 2) => `http://demo.localhost:${SCALE.webPort + i}`,
};

/**
 * A cluster process's current id ('api-1', 'web-2', 'load balancer'), from the pid file the cluster
 * rewrites whenever its supervisor starts a process again (the global setup names its data folder).
 */
export function clusterPid(name: string): number {
  const dataDir = process.env.SCALE_DATA_DIR;
  if (!dataDir) throw new Error('SCALE_DATA_DIR is not set: run the suite with playwright.scale.config.ts');
  const pids = JSON.parse(readFileSync(path.join(dataDir, PID_FILE), 'utf8')) as Record<string, number | null>;
  const pid = pids[name];
  if (!pid) throw new Error(`no process ${name} in the cluster's pid file`);
  return pid;
}

/**
 * The cluster's BFF secret as a header: the health answers give their details (a process's id) only
 * to a caller that sends it. The cluster's, as it took it: from the environment, else DATA_DIR's file.
 */
export function bffSecretHeader(): Record<string, string> {
  const dataDir = process.env.SCALE_DATA_DIR;
  if (!dataDir) throw new Error('SCALE_DATA_DIR is not set: run the suite with playwright.scale.config.ts');
  const secret = process.env.BFF_SECRET || (readSecretsFileRaw(dataDir) as { bffSecret: string }).bffSecret;
  return { 'x-bff-secret': secret };
}

/** The API instances' current process ids (the failover tests kill them). */
export function apiPid(i: 1 | 2): number {
  return clusterPid(`api-${i}`);
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/**
 * A device talking to the tenant API straight (as the BFF does, without it): its own cookie jar, so
 * its own login session, and the XSRF header on unsafe calls.
 */
export class ApiClient {
  constructor(
    readonly base: string,
    private jar = new Map<string, string>(),
  ) {}

  /** The same session (the same cookies) on another instance. */
  on(base: string): ApiClient {
    return new ApiClient(base, this.jar);
  }

  static async loggedIn(base: string, who: Login = DEMO): Promise<ApiClient> {
    const client = new ApiClient(base);
    await client.call('GET', '/sanctum/csrf-cookie');
    const res = await client.call('POST', '/login', { email: who.email, password: who.password });
    if (res.status !== 204) throw new Error(`login on ${base} failed: ${res.status} ${JSON.stringify(res.body)}`);
    logins.add(client);
    return client;
  }

  async call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    form = false,
    extra: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {
      ...extra,
      accept: 'application/json',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.jar.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    let payload: string | FormData | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      payload = form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    }
    const res = await fetch(this.base + path, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone) this.jar.delete(name);
      else this.jar.set(name, pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T };
  }

  async me(): Promise<User> {
    return (await this.ok<User>('GET', '/api/me')).body;
  }

  async player(): Promise<Player> {
    return (await this.ok<Player[]>('GET', '/api/players')).body[0]!;
  }

  /** A call that must answer 2xx. */
  async ok<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
    const res = await this.call<T>(method, path, body);
    if (res.status < 200 || res.status > 299)
      throw new Error(`${method} ${path} on ${this.base}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }
}

/** Every login a test made with `ApiClient.loggedIn`, until `endLogins`. */
const logins = new Set<ApiClient>();

/**
 * Pauses the player wherever a test's login left it playing and ends those logins. A press made
 * with a client that never opened a socket makes its login the shop's audio device, and the server
 * lets a live login that never joined presence keep it: a browser in a later test would otherwise
 * find the output held by a device that is nowhere ('A zenét szóló eszköz nem elérhető').
 */
export async function endLogins(): Promise<void> {
  const clients = [...logins];
  logins.clear();
  const paused = new Set<string>();
  for (const client of clients) {
    try {
      const player = await client.player();
      const key = `${client.base} ${player.id}`;
      if (player.is_playing && !paused.has(key)) await client.ok('GET', `/api/players/${player.id}/toggle-play`);
      paused.add(key);
    } catch {
      // An instance a test stopped, or a login already ended: nothing to pause through it.
    }
    await client.call('POST', '/api/logout').catch(() => undefined);
  }
}

const sockets = new Set<Pusher>();

/** What the API tells clients about its realtime socket (the key). */
export async function realtimeConfig(client: ApiClient): Promise<RealtimeConfig> {
  return (await client.ok<RealtimeConfig>('GET', '/api/realtime-config')).body;
}

/**
 * A real pusher-js client (its Node build) on the API port `wsPort` (an instance's or the load
 * balancer's), authorizing its channels through `client`'s session at POST /broadcasting/auth. It
 * starts connecting at once.
 */
export function realtimeClient(client: ApiClient, wsPort: number, config: RealtimeConfig): Pusher {
  const pusher = new Pusher(config.key, {
    cluster: config.cluster,
    wsHost: '127.0.0.1',
    wsPort,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      endpoint: '/broadcasting/auth',
      transport: 'ajax',
      customHandler: (params, callback) => {
        client
          .call<{ auth: string; channel_data?: string }>(
            'POST',
            '/broadcasting/auth',
            { socket_id: params.socketId, channel_name: params.channelName },
            true,
          )
          .then(
            (res) => (res.status === 200 ? callback(null, res.body) : callback(new Error(`auth ${res.status}`), null)),
            (err: Error) => callback(err, null),
          );
      },
    },
  });
  sockets.add(pusher);
  return pusher;
}

export function disconnectAll(): void {
  for (const p of sockets) p.disconnect();
  sockets.clear();
}

// The realtime suite's helpers, with the cluster's longer waits (two instances, a load balancer).
export const connected = (pusher: Pusher, timeoutMs = 15_000): Promise<string> => connectedWithin(pusher, timeoutMs);
export const subscribe = (pusher: Pusher, name: string, timeoutMs = 15_000): Promise<Channel> =>
  subscribeWithin(pusher, name, timeoutMs);

/** Resolves with the first `event` on `channel` that `match` accepts. */
export function nextEvent<T = unknown>(
  channel: Channel,
  event: string,
  match: (data: T) => boolean = () => true,
  timeoutMs = 15_000,
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

export { sleep };
