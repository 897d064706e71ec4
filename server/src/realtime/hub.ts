import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { encode } from './protocol';

/**
 * The local registry of sockets by channel, and the one way to deliver a frame to a channel:
 * `publish` delivers to this instance's sockets and, with Redis, to every other instance's
 * (each instance delivers to its own sockets; socket ids are random, so `except` works anywhere).
 */

export interface Subscriber {
  readonly id: string;
  send(frame: string): void;
}

export interface Fanout {
  publish(message: FanoutMessage): void;
  /** Logins that ended (see Hub.endLogins), for the other instances. */
  publishEnded(logins: string[]): void;
  close(): Promise<void>;
}

/** The Redis fan-out, with when it first listens. */
export interface RedisFanout extends Fanout {
  /** Settles once the topic is first subscribed (never rejects). */
  readonly subscribed: Promise<void>;
}

export interface FanoutMessage {
  channel: string;
  /** The encoded frame, sent as it is. */
  frame: string;
  except?: string;
}

export class Hub {
  private readonly channels = new Map<string, Set<Subscriber>>();
  private fanout: Fanout | undefined;
  private readonly endedListeners = new Set<(logins: string[]) => void>();

  setFanout(fanout: Fanout | undefined) {
    this.fanout = fanout;
  }

  add(channel: string, subscriber: Subscriber) {
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(subscriber);
  }

  remove(channel: string, subscriber: Subscriber) {
    const set = this.channels.get(channel);
    if (!set) return;
    set.delete(subscriber);
    if (set.size === 0) this.channels.delete(channel);
  }

  /** This instance's sockets only. */
  deliverLocal({ channel, frame, except }: FanoutMessage) {
    const set = this.channels.get(channel);
    if (!set) return;
    for (const s of set) if (s.id !== except) s.send(frame);
  }

  publish(message: FanoutMessage) {
    // Redis first: the other instances deliver to their sockets while this one loops over its own,
    // instead of after it (bench/realtime-scale.ts: the other instance's p50 fell to the same instance's).
    this.fanout?.publish(message);
    this.deliverLocal(message);
  }

  /** Called with logins that ended, on this instance or (through Redis) another. */
  onLoginsEnded(listener: (logins: string[]) => void) {
    this.endedListeners.add(listener);
    return () => void this.endedListeners.delete(listener);
  }

  endedLocal(logins: string[]) {
    for (const listener of this.endedListeners) listener(logins);
  }

  /** Closes, on every instance, the sockets whose channels these logins authorised. */
  endLogins(logins: string[]) {
    if (logins.length === 0) return;
    this.fanout?.publishEnded(logins);
    this.endedLocal(logins);
  }

  /** An app event (HTTP API or our broadcaster): `data` is the JSON string relayed as it is. */
  trigger(channels: string[], event: string, data: string, except?: string) {
    for (const channel of channels) this.publish({ channel, frame: encode({ event, channel, data }), except });
  }

  /** Local subscription counts, for the channels endpoints of the HTTP API. */
  localChannels(): Map<string, number> {
    return new Map([...this.channels].map(([name, set]) => [name, set.size]));
  }
}

/**
 * Redis pub/sub between API instances: one Redis channel per Pusher app; every instance
 * publishes what it delivered locally and delivers what the others published.
 */
export function createRedisFanout(options: {
  publisher: Redis;
  subscriber: Redis;
  topic: string;
  hub: Hub;
  onError: (err: unknown) => void;
}): RedisFanout {
  const { publisher, subscriber, topic, hub, onError } = options;
  const origin = randomBytes(8).toString('hex');
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== topic) return;
    try {
      const m = JSON.parse(text) as { o: string; c: string; f: string; x?: string; e?: string[] };
      if (m.o === origin) return;
      if (Array.isArray(m.e)) return hub.endedLocal(m.e.filter((l) => typeof l === 'string'));
      hub.deliverLocal({ channel: m.c, frame: m.f, except: m.x });
    } catch (err) {
      onError(err);
    }
  });
  // Subscribed whenever the connection is ready: at once if it is, else when Redis first answers
  // (ioredis subscribes again by itself after a loss; a repeated SUBSCRIBE is harmless).
  let first: () => void;
  const subscribed = new Promise<void>((resolve) => (first = resolve));
  const subscribeNow = () => void subscriber.subscribe(topic).then(() => first(), onError);
  if (subscriber.status === 'ready') subscribeNow();
  subscriber.on('ready', subscribeNow);
  return {
    subscribed,
    publish({ channel, frame, except }) {
      // Redis away: the instance delivered it locally, and re-publishes its players' latest state
      // when Redis is back (realtime/index.ts), so an attempt now would only fail (and log) per event.
      if (publisher.status !== 'ready') return;
      publisher.publish(topic, JSON.stringify({ o: origin, c: channel, f: frame, x: except })).catch(onError);
    },
    publishEnded(logins) {
      publisher.publish(topic, JSON.stringify({ o: origin, e: logins })).catch(onError);
    },
    async close() {
      await subscriber.unsubscribe(topic).catch(() => {});
    },
  };
}
