import type { Redis } from 'ioredis';

/**
 * Which device login authorised which subscription. Pusher's signature (`key:hmac(socket_id:channel)`,
 * CONTRACTS.md §1) names no login, so /broadcasting/auth writes it down here before answering, and
 * the instance that holds the socket reads it back when the subscription arrives, to close the
 * socket when that login ends. With Redis the note is shared, as the auth request and the socket
 * may reach different instances; without, one process holds both.
 *
 * A signature made straight from the secret (a Laravel backend, the benches) has no note: its
 * subscription is tied to no login.
 */
export interface GrantStore {
  record(socketId: string, channel: string, login: string): Promise<void>;
  find(socketId: string, channel: string): Promise<string | null>;
}

/**
 * pusher-js subscribes right after the auth answer (and asks anew for every subscription), so a
 * note is needed for seconds; the bound keeps what a flood of auth requests can leave behind small.
 */
export const GRANT_TTL_MS = 10 * 60_000;
/** A bound on the notes one process keeps, however many auth requests arrive within the TTL. */
const MEMORY_MAX = 100_000;

const grantKey = (socketId: string, channel: string) => `${socketId}|${channel}`;

export function createMemoryGrantStore(ttlMs = GRANT_TTL_MS): GrantStore {
  // Insertion order is age order: expired notes are dropped from the front.
  const notes = new Map<string, { login: string; at: number }>();
  return {
    async record(socketId, channel, login) {
      const now = Date.now();
      for (const [key, note] of notes) {
        if (now - note.at < ttlMs && notes.size < MEMORY_MAX) break;
        notes.delete(key);
      }
      const key = grantKey(socketId, channel);
      notes.delete(key);
      notes.set(key, { login, at: now });
    },
    async find(socketId, channel) {
      const note = notes.get(grantKey(socketId, channel));
      return note && Date.now() - note.at < ttlMs ? note.login : null;
    },
  };
}

/**
 * Shared through Redis, with this process's own notes beneath: while Redis is away a device still
 * subscribes (its note is kept here, and found when its socket is on this instance; on another, the
 * subscription is tied to no login, as a secret-signed one), rather than being turned away until
 * Redis returns.
 */
export function createRedisGrantStore(redis: Redis, prefix: string, ttlMs = GRANT_TTL_MS): GrantStore {
  const key = (socketId: string, channel: string) => `${prefix}grant:${grantKey(socketId, channel)}`;
  const here = createMemoryGrantStore(ttlMs);
  return {
    async record(socketId, channel, login) {
      await here.record(socketId, channel, login);
      await redis.set(key(socketId, channel), login, 'PX', ttlMs).catch(() => {
        // Redis away: the note above serves the sockets of this instance.
      });
    },
    async find(socketId, channel) {
      const shared = await redis.get(key(socketId, channel)).catch(() => null);
      return shared ?? here.find(socketId, channel);
    },
  };
}
