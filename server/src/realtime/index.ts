import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'node:http';
import { Redis } from 'ioredis';
import {
  presenceCustomerChannel,
  privatePlayerChannel,
  UPDATE_PLAYER_EVENT,
  type UpdatePlayerEvent,
} from '../../../contracts/realtime';
import type { Config } from '../env';
import type { PlayerService } from '../player/service';
import { createBuiltinBroadcaster, createPusherBroadcaster, type Broadcaster } from './broadcaster';
import { createRealtimeEvents, type RealtimeEvents } from './events';
import { createRedisFanout, Hub, type RedisFanout } from './hub';
import { createMemoryPresenceStore, createRedisPresenceStore, type PresenceStore } from './presence-store';
import { createMemoryGrantStore, createRedisGrantStore, type GrantStore } from './grants';
import { encode, loginRef, memberAdded, memberRemoved } from './protocol';
import { attachPusherServer, type PusherApp, type WsServer } from './ws-server';

/**
 * Real time in the tenant API: the built-in Pusher protocol 7 server on the API's own HTTP
 * server, the broadcaster (built-in or an external Pusher service), the app's events, and the
 * presence check the player service uses to tell whether an output device is still there.
 */

export interface Realtime extends RealtimeEvents {
  /** Our Pusher app (channel auth signs with it; the HTTP events API checks it). */
  readonly app: PusherApp;
  readonly broadcaster: Broadcaster;
  readonly hub: Hub;
  readonly presence: PresenceStore;
  readonly server: WsServer;
  /** Whether the device session has a socket in `presence-customer.{customerId}` (see docs/decisions.md). */
  isSessionPresent(q: { customerId: number; sessionId: string }): Promise<boolean>;
  /**
   * Whether presence can be read now: no Redis (one instance: its own memory), or Redis answering.
   * The alert evaluator judges no device absent while it cannot.
   */
  presenceKnown(): boolean;
  /**
   * These device logins ended (logout, password reset): every instance closes the sockets whose
   * channels they authorised, with 4009. With BROADCAST_DRIVER=pusher the hosted service's
   * sockets are beyond reach (see the README).
   */
  endLogins(customerId: number, sessionIds: string[]): void;
  /** Notes that this device login authorised `channel` for `socketId` (before the signature is answered). */
  grant(q: { socketId: string; channel: string; customerId: number; sessionId: string }): Promise<void>;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  config: Config;
  server: Server;
  players: PlayerService;
  log: FastifyBaseLogger;
  /** Which device logins (`{customerId}.{sessionId}`) are still live (a session or a remember token). */
  liveLogins?: (logins: string[]) => Promise<Set<string>>;
}

/**
 * Calls `back` each time the connection becomes ready after it was lost, or after it was not up yet
 * when this was called (an instance started while Redis was away): not at a first connect that was
 * already done.
 */
function onReturn(redis: Redis, back: () => void) {
  let lost = redis.status !== 'ready';
  redis.on('close', () => {
    lost = true;
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    back();
  });
}

/** A socket whose instance stops refreshing it counts as gone after this long. */
const SOCKET_TTL_MS = 60_000;
const REFRESH_MS = 20_000;
/**
 * After Redis was away, presence counts as known again only once every instance has had a refresh
 * to put its sockets back (a Redis restarted without its data lists nobody meanwhile).
 */
const PRESENCE_SETTLE_MS = REFRESH_MS + 5_000;
/**
 * A Redis command that has no answer after this long fails (a frozen Redis, a lost network): the
 * presence check then keeps the output where it is, and a publish is left to the re-send on return.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/** How long a start waits for Redis before it goes on without it. */
const REDIS_START_WAIT_MS = 2_000;

/** Settles when the connection is ready (at once if it is). */
function ready(redis: Redis): Promise<void> {
  return redis.status === 'ready' ? Promise.resolve() : new Promise((resolve) => redis.once('ready', () => resolve()));
}

/**
 * A Redis connection that is being made: it is returned at once, and ioredis keeps trying (as it
 * does after a loss) until Redis answers. An instance started while Redis is away starts all the
 * same, serving presses on its own, and joins the others when Redis comes (onReturn).
 */
function openRedis(url: string, name: string, log: FastifyBaseLogger): Redis {
  // No offline queue: while Redis is away a command fails at once instead of waiting (unbounded) for
  // its return; what matters is sent again when it is back (presence, the players' latest state).
  const redis = new Redis(url, {
    lazyConnect: true,
    connectionName: name,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Back within half a second of Redis, at most.
    retryStrategy: (times) => Math.min(times * 50, 500),
  });
  redis.on('error', () => {
    // ioredis reconnects by itself; failed commands are reported where they are awaited.
  });
  redis.connect().catch((err: Error) => {
    log.warn({ err: err.message }, `realtime: Redis does not answer yet (${name}); trying again meanwhile`);
  });
  return redis;
}

export async function createRealtime({ config, server, players, log, liveLogins }: RealtimeOptions): Promise<Realtime> {
  const app: PusherApp = { id: config.pusherAppId, key: config.pusherKey, secret: config.pusherSecret };
  const hub = new Hub();
  const prefix = `pulzus:realtime:${app.id}:`;

  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  let fanout: RedisFanout | undefined;
  let presence: PresenceStore;
  let grants: GrantStore;
  if (config.redisUrl) {
    publisher = openRedis(config.redisUrl, 'pulzus-realtime', log);
    subscriber = openRedis(config.redisUrl, 'pulzus-realtime-sub', log);
    fanout = createRedisFanout({
      publisher,
      subscriber,
      topic: `${prefix}events`,
      hub,
      onError: (err) => log.error({ err }, 'realtime: redis fan-out failed'),
    });
    hub.setFanout(fanout);
    // Normally Redis answers at once and the instance starts with its fan-out listening, as before;
    // when it does not, the start goes on without it after a short wait.
    await Promise.race([
      Promise.all([fanout.subscribed, ready(publisher)]),
      new Promise((resolve) => setTimeout(resolve, REDIS_START_WAIT_MS).unref()),
    ]);
    presence = createRedisPresenceStore(publisher, {
      prefix,
      socketTtlMs: SOCKET_TTL_MS,
      seenTtlMs: (config.sessionAbsoluteHours + 24) * 3_600_000,
    });
    grants = createRedisGrantStore(publisher, prefix);
  } else {
    presence = createMemoryPresenceStore();
    grants = createMemoryGrantStore();
  }

  const ws = attachPusherServer({
    server,
    app,
    hub,
    presence,
    grants,
    activityTimeout: config.pusherActivityTimeout,
    clientEvents: config.pusherClientEvents,
    maxConnectionsPerIp: config.realtimeMaxConnectionsPerIp,
    trustedProxies: config.trustedProxies,
    liveLogins,
    loginCheckMs: config.realtimeLoginCheckSeconds * 1000,
    log,
  });

  let refresh: NodeJS.Timeout | undefined;
  /** Players changed while the publishing connection was down (their events reached this instance only). */
  const unpublished = new Set<number>();
  const refreshPresence = (local = ws.localPresence()) =>
    presence
      .refresh(local)
      .then(({ gone, added }) => {
        for (const [channel, users] of gone) {
          for (const userId of users) hub.publish({ channel, frame: memberRemoved(channel, userId) });
        }
        // Sockets the store had lost, or that joined while it was away: the other instances' sockets
        // hear of them now (a member already known is known again, which changes nothing).
        for (const [channel, users] of added) {
          const here = local.get(channel) ?? [];
          for (const userId of users) {
            const socket = here.find((p) => p.member.user_id === userId);
            if (socket) hub.publish({ channel, frame: memberAdded(channel, socket.member), except: socket.socketId });
          }
        }
      })
      .catch((err) => log.error({ err }, 'realtime: presence refresh failed'));

  /**
   * Sends this instance's sockets the latest state of the players they follow: after Redis was away,
   * events published meanwhile (on any instance) never reached them. A device keeps the newest by `version`.
   */
  async function resendPlayers() {
    const ids = [...hub.localChannels().keys()].flatMap((channel) => {
      const m = /^private-player\.(\d+)$/.exec(channel);
      return m ? [Number(m[1])] : [];
    });
    for (let i = 0; i < ids.length; i += 500) {
      for (const player of await players.latest(ids.slice(i, i + 500))) {
        const channel = privatePlayerChannel(player.id);
        const payload: UpdatePlayerEvent = { player };
        hub.deliverLocal({
          channel,
          frame: encode({ event: UPDATE_PLAYER_EVENT, channel, data: JSON.stringify(payload) }),
        });
      }
    }
  }

  /**
   * Tells this instance's sockets of the members the shared store lists on their channels. While this
   * instance's subscription was away, the other instances' joins never reached them, nor did their
   * re-announcements at Redis's return when those came before this connection was back (they are
   * in the store by then: a refresh writes before it publishes). A member already known is known
   * again, which changes nothing; the members of this instance's own sockets are known here.
   */
  async function resendMembers(commands: Redis) {
    // The store is read through the other connection, which comes back on its own schedule.
    await ready(commands);
    // Every channel's read at once (one connection pipelines them); a failed one leaves the others.
    const failed = await Promise.allSettled(
      [...ws.localPresence()].map(async ([channel, sockets]) => {
        const here = new Set(sockets.map((s) => s.member.user_id));
        for (const member of await presence.members(channel)) {
          if (!here.has(member.user_id)) hub.deliverLocal({ channel, frame: memberAdded(channel, member) });
        }
      }),
    );
    const first = failed.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (first) throw first.reason;
  }

  // Since when both connections have been ready without a break (undefined: one is away).
  let redisReadySince: number | undefined;
  if (publisher && subscriber) {
    const both = [publisher, subscriber];
    const check = () => {
      const up = both.every((r) => r.status === 'ready');
      if (!up) redisReadySince = undefined;
      else redisReadySince ??= Date.now();
    };
    // At start the instance's own warm-up stands for the settling (ALERT_WARMUP_SECONDS).
    if (both.every((r) => r.status === 'ready')) redisReadySince = Date.now() - PRESENCE_SETTLE_MS;
    for (const r of both) {
      r.on('ready', check);
      r.on('close', check);
      r.on('end', check);
    }
  }
  if (publisher && subscriber) {
    // Keep this instance's presence sockets alive in Redis, and say goodbye for dead instances' users.
    refresh = setInterval(() => void refreshPresence(), REFRESH_MS);
    refresh.unref();
    // Redis back (a restart may have lost every key): this instance's members are announced again at once.
    // The players that changed here while this instance could not publish go out to every instance.
    onReturn(publisher, () => {
      void refreshPresence();
      const ids = [...unpublished];
      unpublished.clear();
      players
        .latest(ids)
        .then((list) => Promise.all(list.map((player) => events.updatePlayer(player))))
        .catch((err) => log.error({ err }, 'realtime: re-publishing the players failed'));
    });
    onReturn(subscriber, () => {
      resendPlayers().catch((err) => log.error({ err }, 'realtime: re-sending the players failed'));
      resendMembers(publisher).catch((err) => log.error({ err }, 'realtime: re-sending the members failed'));
    });
  }

  const broadcaster =
    config.broadcastDriver === 'pusher'
      ? createPusherBroadcaster({
          appId: app.id,
          key: app.key,
          secret: app.secret,
          cluster: config.pusherCluster,
          host: config.pusherHost,
          port: config.pusherPort,
          useTLS: config.pusherUseTls,
        })
      : createBuiltinBroadcaster(hub, (channel) => presence.members(channel));

  const events = createRealtimeEvents(broadcaster, players);

  async function isSessionPresent({ customerId, sessionId }: { customerId: number; sessionId: string }) {
    const channel = presenceCustomerChannel(customerId);
    try {
      if (broadcaster.driver === 'pusher') {
        // Unknown (the service did not answer): do not take output away on a network hiccup.
        const ids = await broadcaster.presenceUserIds(channel);
        return ids === undefined || ids.includes(sessionId);
      }
      if (await presence.hasUser(channel, sessionId)) return true;
      // A device that has never joined (since this server or the shared Redis set remembers) is
      // judged by its login alone: after a restart every device is back in seconds, and a
      // browser without a working socket still keeps the output it holds.
      return !(await presence.hasSeen(channel, sessionId));
    } catch (err) {
      log.error({ err }, 'realtime: presence check failed');
      return true;
    }
  }

  players.addListener(async (player, change) => {
    if (publisher && publisher.status !== 'ready') unpublished.add(player.id);
    try {
      await events.updatePlayer(player, { exceptSocketId: change.exceptSocketId });
    } catch (err) {
      log.error({ err, playerId: player.id }, 'realtime: UpdatePlayer broadcast failed');
    }
  });
  players.setPresenceCheck(isSessionPresent);

  let closed = false;
  return {
    ...events,
    async deviceRenamed(customerId, event, options) {
      // A device that subscribes later reads the members' user_info: it must carry the new name
      // (hosted Pusher keeps the user_info signed at subscription; there the name arrives on the
      // next subscription of the renamed device).
      if (broadcaster.driver !== 'pusher') {
        await presence.rename(presenceCustomerChannel(customerId), event.id, event.name).catch((err) => {
          log.error({ err }, 'realtime: presence rename failed');
        });
      }
      await events.deviceRenamed(customerId, event, options);
    },
    app,
    broadcaster,
    hub,
    presence,
    server: ws,
    isSessionPresent,
    presenceKnown: () =>
      !publisher ||
      (publisher.status === 'ready' &&
        subscriber?.status === 'ready' &&
        redisReadySince !== undefined &&
        Date.now() - redisReadySince >= PRESENCE_SETTLE_MS),
    async grant({ socketId, channel, customerId, sessionId }) {
      await grants.record(socketId, channel, loginRef(customerId, sessionId));
    },
    endLogins(customerId, sessionIds) {
      hub.endLogins(sessionIds.map((id) => loginRef(customerId, id)));
    },
    async close() {
      if (closed) return;
      closed = true;
      if (refresh) clearInterval(refresh);
      await ws.close();
      await fanout?.close();
      // A connection still trying (Redis away) is just dropped: QUIT cannot reach anyone.
      const end = (redis: Redis | undefined) =>
        redis?.status === 'ready' ? redis.quit().catch(() => redis.disconnect()) : redis?.disconnect();
      await Promise.all([end(publisher), end(subscriber)]);
    },
  };
}
