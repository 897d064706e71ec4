import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { forwardedClient, normalizeIp } from '../../../contracts/trusted-proxies';
import type { GrantStore } from './grants';
import type { Hub, Subscriber } from './hub';
import {
  uniqueMembers,
  type JoinResult,
  type LocalPresence,
  type PresenceMember,
  type PresenceStore,
} from './presence-store';
import {
  channelKind,
  codes,
  encode,
  errorFrame,
  hmacHex,
  isValidChannelName,
  limits,
  memberAdded,
  memberRemoved,
  newSocketId,
  PING_FRAME,
  PONG_FRAME,
  PROTOCOL_VERSION,
  safeEqual,
  verifyChannelAuth,
} from './protocol';

/**
 * The WebSocket side of the Pusher protocol, on the API's own HTTP server: `/app/{key}`
 * upgrades are taken here (ws in noServer mode), everything else on `upgrade` is refused.
 */

export interface PusherApp {
  id: string;
  key: string;
  secret: string;
}

export interface WsServerOptions {
  server: Server;
  app: PusherApp;
  hub: Hub;
  presence: PresenceStore;
  /** Which login authorised a subscription (written by /broadcasting/auth). */
  grants: GrantStore;
  /** Seconds; sent in the handshake. The server pings a socket silent this long, and drops it after as long again. */
  activityTimeout: number;
  /** Pusher's app setting "client events" (off unless PUSHER_CLIENT_EVENTS, see docs/decisions.md). */
  clientEvents: boolean;
  /** Open sockets per client address; the next one is refused with 4100. */
  maxConnectionsPerIp: number;
  /** Peers whose X-Forwarded-For names the client (the load balancer in front of the instances). */
  trustedProxies: { contains(address: string): boolean };
  /**
   * Which of these logins (`{customerId}.{sessionId}`) are still live: asked every `loginCheckMs`
   * for the logins behind this instance's subscriptions, so a login that simply expires closes its
   * sockets too (an explicit end comes at once through Hub.endLogins).
   */
  liveLogins?: (logins: string[]) => Promise<Set<string>>;
  loginCheckMs?: number;
  log: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

export interface WsServer {
  /**
   * Sockets of this instance in presence channels: channel → its sockets with their members (for the
   * shared store's refresh, which re-adds a member the store lost).
   */
  localPresence(): Map<string, LocalPresence[]>;
  connectionCount(): number;
  /** Closes every socket with 4200 (reconnect at once) and waits for their presence to be left. */
  close(): Promise<void>;
}

interface Subscription {
  member?: PresenceMember;
  /** The login whose /broadcasting/auth signed it; null for a signature without a note (made from the secret). */
  login?: string | null;
}

/** How long an ended login is remembered here, so that a signature it got earlier cannot subscribe after its end. */
const ENDED_MEMORY_MS = 15 * 60_000;

function byteLength(raw: RawData): number {
  if (Array.isArray(raw)) return raw.reduce((n, b) => n + b.length, 0);
  return raw instanceof ArrayBuffer ? raw.byteLength : raw.length;
}

/** The client's address: the socket's peer, or the client a trusted proxy names (contracts/trusted-proxies.ts). */
export function clientAddress(req: IncomingMessage, trusted: { contains(address: string): boolean }): string {
  const peer = normalizeIp(req.socket.remoteAddress) ?? req.socket.remoteAddress ?? '';
  return forwardedClient(peer, req.headers['x-forwarded-for'], trusted);
}

const APP_PATH = /^\/app\/([^/?#]+)\/?$/;

function parseData(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

export function attachPusherServer(options: WsServerOptions): WsServer {
  const {
    server,
    app,
    hub,
    presence,
    grants,
    activityTimeout,
    clientEvents,
    maxConnectionsPerIp,
    trustedProxies,
    log,
  } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.framePayloadBytes, perMessageDeflate: false });
  const connections = new Set<Connection>();

  /** This instance's sockets in presence channels, with their members. */
  function localPresence(): Map<string, LocalPresence[]> {
    const out = new Map<string, LocalPresence[]>();
    for (const conn of connections) {
      for (const [channel, sub] of conn.subscriptions) {
        if (!sub.member) continue;
        const entry = { socketId: conn.id, member: sub.member };
        const list = out.get(channel);
        if (list) list.push(entry);
        else out.set(channel, [entry]);
      }
    }
    return out;
  }

  /** A join answered from this instance's own sockets alone (the shared store away). */
  function joinedHere(channel: string, socketId: string, member: PresenceMember): JoinResult {
    const here = (localPresence().get(channel) ?? []).filter((p) => p.socketId !== socketId).map((p) => p.member);
    return {
      first: !here.some((m) => m.user_id === member.user_id),
      members: uniqueMembers([...here, member]),
      gone: [],
    };
  }
  const activityMs = activityTimeout * 1000;
  const perAddress = new Map<string, number>();
  const endedLogins = new Map<string, number>();

  class Connection implements Subscriber {
    readonly id = newSocketId();
    readonly subscriptions = new Map<string, Subscription>();
    lastActivity = Date.now();
    pingSentAt = 0;
    closed = false;
    private windowStart = 0;
    private windowCount = 0;
    /** Subscribe, unsubscribe and close run one after another per socket (presence joins may await Redis). */
    private queue: Promise<void> = Promise.resolve();

    constructor(
      readonly ws: WebSocket,
      readonly address: string,
    ) {}

    send(frame: string) {
      if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame);
    }

    enqueue(task: () => Promise<void>) {
      this.queue = this.queue.then(task).catch((err) => log.error({ err }, 'realtime: socket task failed'));
      return this.queue;
    }

    fail(code: number, message: string) {
      this.send(errorFrame(code, message));
      this.ws.close(code, message);
    }

    onMessage(raw: RawData, isBinary: boolean) {
      this.lastActivity = Date.now();
      this.pingSentAt = 0;
      if (byteLength(raw) > limits.messageBytes) {
        return this.fail(codes.clientEventRejected, `Message is too large (over ${limits.messageBytes} bytes)`);
      }
      if (isBinary) return this.send(errorFrame(null, 'Binary frames are not supported'));
      let message: Record<string, unknown> | undefined;
      try {
        message = asRecord(JSON.parse(raw.toString()));
      } catch {
        message = undefined;
      }
      const event = message?.event;
      if (!message || typeof event !== 'string') return this.send(errorFrame(null, 'Invalid message format'));
      const data = parseData(message.data);

      switch (event) {
        case 'pusher:ping':
          return this.send(PONG_FRAME);
        case 'pusher:pong':
          return;
        case 'pusher:subscribe':
          return void this.enqueue(() => this.subscribe(asRecord(data) ?? {}));
        case 'pusher:unsubscribe': {
          const channel = asRecord(data)?.channel;
          if (typeof channel === 'string') void this.enqueue(() => this.unsubscribe(channel));
          return;
        }
        case 'pusher:signin':
          return this.signin(asRecord(data) ?? {});
        default:
          if (event.startsWith('client-')) {
            const channel = message.channel;
            return void this.enqueue(async () => this.clientEvent(event, channel, message.data));
          }
      }
    }

    subscriptionError(channel: string, error: string, status: number, type = 'AuthError') {
      this.send(encode({ event: 'pusher:subscription_error', channel, data: { type, error, status } }));
    }

    async subscribe(data: Record<string, unknown>) {
      const channel = data.channel;
      if (this.closed) return;
      if (!isValidChannelName(channel)) {
        if (typeof channel === 'string' && channel.length <= limits.channelNameLength) {
          return this.subscriptionError(channel, 'Invalid channel name', 400, 'InvalidChannel');
        }
        return this.send(errorFrame(null, 'Invalid channel name'));
      }
      const kind = channelKind(channel);
      const existing = this.subscriptions.get(channel);
      if (!existing && this.subscriptions.size >= limits.channelsPerConnection) {
        return this.subscriptionError(
          channel,
          `Subscription limit reached (${limits.channelsPerConnection} channels per connection)`,
          400,
          'LimitReached',
        );
      }

      if (kind === 'public') {
        this.subscribed(channel, null);
        return;
      }
      if (kind === 'private' || kind === 'private-encrypted') {
        if (!verifyChannelAuth(app, data.auth, this.id, channel)) {
          return this.subscriptionError(channel, 'Invalid signature', 401);
        }
        const login = await this.loginOf(channel);
        if (this.closed || this.loginEnded(login)) return;
        this.subscribed(channel, login);
        return;
      }

      // presence: the signature covers the exact channel_data string received.
      const channelData = data.channel_data;
      if (typeof channelData !== 'string' || !verifyChannelAuth(app, data.auth, this.id, channel, channelData)) {
        return this.subscriptionError(channel, 'Invalid signature', 401);
      }
      const login = await this.loginOf(channel);
      if (this.closed || this.loginEnded(login)) return;
      const member = parseMember(channelData);
      if (!member) return this.subscriptionError(channel, 'Invalid channel_data', 400, 'InvalidChannelData');
      if (existing?.member && existing.member.user_id !== member.user_id) {
        // Another identity on the same socket: leave as the old one first.
        await this.unsubscribe(channel);
      } else if (existing?.member) {
        existing.login = login;
        this.send(presenceSucceeded(channel, await presence.members(channel)));
        return;
      }
      let joined: JoinResult;
      try {
        joined = await presence.join(channel, this.id, member);
      } catch (err) {
        // The shared store away (Redis down): the socket joins with what this instance knows, its own
        // sockets. It is kept in the store's refresh, which adds it once the store answers and tells
        // the other instances' sockets then (a device turned away would stay out until it reconnects).
        log.warn({ err }, 'realtime: presence join failed; joined on this instance until the store answers');
        joined = joinedHere(channel, this.id, member);
      }
      if (this.closed) {
        // The socket went away while joining: undo, and tell the others if it had counted.
        await this.leavePresence(channel, member);
        return;
      }
      if (this.loginEnded(login)) {
        await this.leavePresence(channel, member);
        return;
      }
      this.subscriptions.set(channel, { member, login: login });
      hub.add(channel, this);
      this.send(presenceSucceeded(channel, joined.members));
      if (joined.first) {
        hub.publish({ channel, frame: memberAdded(channel, member), except: this.id });
      }
      for (const userId of joined.gone) hub.publish({ channel, frame: memberRemoved(channel, userId) });
    }

    async loginOf(channel: string): Promise<string | null> {
      try {
        return await grants.find(this.id, channel);
      } catch (err) {
        log.error({ err }, 'realtime: grant lookup failed');
        return null;
      }
    }

    /** A signature its login got before it ended: the socket goes as it would have at the end. */
    loginEnded(login: string | null): boolean {
      if (login === null || !endedLogins.has(login)) return false;
      this.fail(codes.unauthorized, 'The login that authorised this connection has ended');
      return true;
    }

    subscribed(channel: string, login: string | null) {
      const existing = this.subscriptions.get(channel);
      if (existing) {
        // The newest authorisation is the one that counts (a renewed login re-subscribes).
        existing.login = login;
      } else {
        this.subscriptions.set(channel, { login });
        hub.add(channel, this);
      }
      this.send(encode({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' }));
    }

    async unsubscribe(channel: string) {
      const sub = this.subscriptions.get(channel);
      if (!sub) return;
      this.subscriptions.delete(channel);
      hub.remove(channel, this);
      if (sub.member) await this.leavePresence(channel, sub.member);
    }

    async leavePresence(channel: string, member: PresenceMember) {
      try {
        const { last } = await presence.leave(channel, this.id, member.user_id);
        if (last) hub.publish({ channel, frame: memberRemoved(channel, member.user_id) });
      } catch (err) {
        log.error({ err }, 'realtime: presence leave failed');
      }
    }

    clientEvent(event: string, channel: unknown, data: unknown) {
      const reject = (message: string, code: number = codes.clientEventRejected) =>
        this.send(errorFrame(code, message));
      const now = Date.now();
      if (now - this.windowStart >= 1000) {
        this.windowStart = now;
        this.windowCount = 0;
      }
      this.windowCount += 1;
      if (this.windowCount > limits.clientEventsPerSecond) {
        return reject(`Client event rate limit reached (${limits.clientEventsPerSecond} per second)`);
      }
      if (!clientEvents) return reject('Client events are not enabled for this app');
      if (typeof channel !== 'string') return reject('Client event without a channel');
      const kind = channelKind(channel);
      if (kind !== 'private' && kind !== 'presence') {
        return reject('Client events are only allowed on private and presence channels');
      }
      const sub = this.subscriptions.get(channel);
      if (!sub) return reject('The client is not subscribed to the channel', codes.unauthorized);
      if (event.length > limits.eventNameLength) return reject('Client event name is too long');
      if (Buffer.byteLength(JSON.stringify(data ?? null)) > limits.clientEventDataBytes) {
        return reject('Client event payload is too large');
      }
      const frame = encode({ event, channel, data, ...(sub.member ? { user_id: sub.member.user_id } : {}) });
      hub.publish({ channel, frame, except: this.id });
    }

    signin(data: Record<string, unknown>) {
      const userData = data.user_data;
      const auth = data.auth;
      const expected = `${app.key}:${hmacHex(app.secret, `${this.id}::user::${String(userData)}`)}`;
      if (typeof userData !== 'string' || typeof auth !== 'string' || !safeEqual(auth, expected)) {
        return this.fail(codes.unauthorized, 'Connection is unauthorized');
      }
      this.send(encode({ event: 'pusher:signin_success', data: JSON.stringify({ user_data: userData }) }));
    }

    onClose() {
      if (this.closed) return;
      this.closed = true;
      connections.delete(this);
      const left = (perAddress.get(this.address) ?? 1) - 1;
      if (left > 0) perAddress.set(this.address, left);
      else perAddress.delete(this.address);
      return this.enqueue(async () => {
        for (const channel of [...this.subscriptions.keys()]) await this.unsubscribe(channel);
      });
    }
  }

  function onConnection(ws: WebSocket, key: string, query: URLSearchParams, address: string) {
    const conn = new Connection(ws, address);
    const refuse = (code: number, message: string) => {
      ws.send(errorFrame(code, message));
      ws.close(code, message);
    };
    if (!safeEqual(key, app.key)) return refuse(codes.appNotFound, `Application does not exist`);
    const protocol = query.get('protocol');
    if (protocol === null || protocol === '') return refuse(codes.noProtocol, 'No protocol version supplied');
    const version = Number(protocol);
    if (!Number.isInteger(version) || version < 5 || version > PROTOCOL_VERSION) {
      return refuse(codes.unsupportedProtocol, 'Unsupported protocol version');
    }
    const open = perAddress.get(address) ?? 0;
    if (open >= maxConnectionsPerIp) {
      return refuse(codes.overCapacity, `Too many connections from this address (at most ${maxConnectionsPerIp})`);
    }
    perAddress.set(address, open + 1);
    connections.add(conn);
    ws.on('message', (raw, isBinary) => conn.onMessage(raw, isBinary));
    ws.on('close', () => void conn.onClose());
    ws.on('error', () => {
      // A 1009 (frame too big) or a broken socket: 'close' follows.
    });
    conn.send(
      encode({
        event: 'pusher:connection_established',
        data: JSON.stringify({ socket_id: conn.id, activity_timeout: activityTimeout }),
      }),
    );
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = APP_PATH.exec(url.pathname);
    if (!match) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    let key: string;
    try {
      key = decodeURIComponent(match[1]!);
    } catch {
      key = '';
    }
    const address = clientAddress(req, trustedProxies);
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, key, url.searchParams, address));
  }
  server.on('upgrade', onUpgrade);

  // Idle sockets get a ping; one that stays silent for another activity timeout is dropped (4201).
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const conn of connections) {
        if (conn.pingSentAt) {
          if (now - conn.pingSentAt >= activityMs) conn.fail(codes.pongTimeout, 'Pong reply not received in time');
        } else if (now - conn.lastActivity >= activityMs) {
          conn.pingSentAt = now;
          conn.send(PING_FRAME);
        }
      }
    },
    Math.max(200, Math.min(5000, activityMs / 4)),
  );
  sweep.unref();

  function closeEnded(logins: Iterable<string>) {
    const ended = new Set(logins);
    if (ended.size === 0) return;
    for (const conn of connections) {
      for (const sub of conn.subscriptions.values()) {
        if (sub.login && ended.has(sub.login)) {
          conn.fail(codes.unauthorized, 'The login that authorised this connection has ended');
          break;
        }
      }
    }
  }
  const offEnded = hub.onLoginsEnded((logins) => {
    const now = Date.now();
    for (const [login, at] of endedLogins) if (now - at > ENDED_MEMORY_MS) endedLogins.delete(login);
    for (const login of logins) endedLogins.set(login, now);
    closeEnded(logins);
  });

  // A login that expires (no remember-me renews it) is noticed here, on each instance for its own sockets.
  let checking = false;
  const loginCheck = options.liveLogins
    ? setInterval(() => {
        if (checking) return;
        const logins = new Set<string>();
        for (const conn of connections)
          for (const sub of conn.subscriptions.values()) if (sub.login) logins.add(sub.login);
        if (logins.size === 0) return;
        checking = true;
        options.liveLogins!([...logins])
          .then((live) => closeEnded([...logins].filter((l) => !live.has(l))))
          .catch((err) => log.error({ err }, 'realtime: login check failed'))
          .finally(() => {
            checking = false;
          });
      }, options.loginCheckMs ?? 60_000)
    : undefined;
  loginCheck?.unref();

  return {
    localPresence() {
      return localPresence();
    },
    connectionCount: () => connections.size,
    async close() {
      clearInterval(sweep);
      if (loginCheck) clearInterval(loginCheck);
      offEnded();
      server.off('upgrade', onUpgrade);
      const pending: Array<Promise<void> | undefined> = [];
      for (const conn of [...connections]) {
        conn.send(errorFrame(codes.restarting, 'Server is restarting'));
        conn.ws.close(codes.restarting, 'Server is restarting');
        pending.push(conn.onClose());
      }
      await Promise.all(pending);
      // Sockets that do not finish the closing handshake quickly are cut.
      const stragglers = [...wss.clients];
      if (stragglers.length) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        for (const ws of wss.clients) ws.terminate();
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function parseMember(channelData: string): PresenceMember | undefined {
  if (Buffer.byteLength(channelData) > limits.presenceChannelDataBytes) return undefined;
  let parsed: Record<string, unknown> | undefined;
  try {
    parsed = asRecord(JSON.parse(channelData));
  } catch {
    return undefined;
  }
  const raw = parsed?.user_id;
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const userId = String(raw);
  if (userId === '' || userId.length > limits.presenceUserIdLength) return undefined;
  return parsed && 'user_info' in parsed ? { user_id: userId, user_info: parsed.user_info } : { user_id: userId };
}

export function presenceSucceeded(channel: string, members: PresenceMember[]): string {
  const hash: Record<string, unknown> = {};
  for (const m of members) hash[m.user_id] = m.user_info ?? null;
  const presence = { ids: members.map((m) => m.user_id), hash, count: members.length };
  return encode({ event: 'pusher_internal:subscription_succeeded', channel, data: JSON.stringify({ presence }) });
}
