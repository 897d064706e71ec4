import Pusher from 'pusher';
import type { Hub } from './hub';
import { limits } from './protocol';

/**
 * The one way the API broadcasts. `builtin` delivers through our own Pusher server (and, with
 * Redis, every instance of it); `pusher` posts to an external Pusher-compatible service (hosted
 * Pusher, soketi) with the `pusher` library, as Laravel's PusherBroadcaster would.
 */

export type BroadcastDriver = 'builtin' | 'pusher';

export interface BroadcastOptions {
  /** The caller's socket (X-Socket-ID): it does not get the event (Laravel's toOthers()). */
  exceptSocketId?: string;
}

export interface Broadcaster {
  readonly driver: BroadcastDriver;
  /** `payload` is JSON-encoded once and relayed as the event's `data` string. */
  trigger(channels: string[], event: string, payload: unknown, options?: BroadcastOptions): Promise<void>;
  /** The user ids present in a presence channel, or undefined when it cannot be known right now. */
  presenceUserIds(channel: string): Promise<string[] | undefined>;
}

export function createBuiltinBroadcaster(
  hub: Hub,
  members: (channel: string) => Promise<{ user_id: string }[]>,
): Broadcaster {
  return {
    driver: 'builtin',
    async trigger(channels, event, payload, options = {}) {
      hub.trigger(channels, event, JSON.stringify(payload), options.exceptSocketId);
    },
    async presenceUserIds(channel) {
      return (await members(channel)).map((m) => m.user_id);
    },
  };
}

export interface ExternalPusherOptions {
  appId: string;
  key: string;
  secret: string;
  cluster: string;
  /** soketi or another self-hosted server; hosted Pusher when unset (api-<cluster>.pusher.com). */
  host?: string;
  port?: number;
  useTLS: boolean;
}

export function createPusherBroadcaster(options: ExternalPusherOptions): Broadcaster {
  const client = new Pusher(
    options.host
      ? {
          appId: options.appId,
          key: options.key,
          secret: options.secret,
          host: options.host,
          ...(options.port ? { port: String(options.port) } : {}),
          useTLS: options.useTLS,
        }
      : {
          appId: options.appId,
          key: options.key,
          secret: options.secret,
          cluster: options.cluster,
          useTLS: options.useTLS,
        },
  );
  return {
    driver: 'pusher',
    async trigger(channels, event, payload, opts = {}) {
      // Pusher takes at most 100 channels per call (Laravel chunks the same way).
      for (let i = 0; i < channels.length; i += limits.channelsPerEvent) {
        const chunk = channels.slice(i, i + limits.channelsPerEvent);
        await client.trigger(
          chunk,
          event,
          payload,
          opts.exceptSocketId ? { socket_id: opts.exceptSocketId } : undefined,
        );
      }
    },
    async presenceUserIds(channel) {
      try {
        const res = await client.get({ path: `/channels/${channel}/users` });
        if (res.status !== 200) return undefined;
        const body = (await res.json()) as { users?: Array<{ id: string | number }> };
        return (body.users ?? []).map((u) => String(u.id));
      } catch {
        return undefined;
      }
    },
  };
}
