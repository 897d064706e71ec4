import type { Redis } from 'ioredis';

/**
 * Who is in each presence channel, by socket. Pusher counts a user once however many sockets
 * (tabs) it has, so joins and leaves answer whether this was the user's first or last socket.
 * One implementation keeps it in memory (one API instance); the other in Redis, shared by every
 * instance, with an expiry per socket that its instance keeps refreshing, so the sockets of an
 * instance that died without saying goodbye drop out on their own.
 */

export interface PresenceMember {
  /** Always a string on the wire (pusher-php coerces it; so do we). */
  user_id: string;
  user_info?: unknown;
}

/** One of this instance's sockets in a presence channel, with the member it joined as. */
export interface LocalPresence {
  socketId: string;
  member: PresenceMember;
}

export interface JoinResult {
  /** No other socket of this user was in the channel: the others get member_added. */
  first: boolean;
  /** Every user in the channel, once each, including the one who joined. */
  members: PresenceMember[];
  /** Users whose sockets expired meanwhile (a dead instance) and who have no socket left. */
  gone: string[];
}

export interface PresenceRefresh {
  gone: Map<string, string[]>;
  added: Map<string, string[]>;
}

export interface PresenceStore {
  join(channel: string, socketId: string, member: PresenceMember): Promise<JoinResult>;
  /** `last`: that was the user's last socket in the channel (the others get member_removed). */
  leave(channel: string, socketId: string, userId: string): Promise<{ last: boolean }>;
  members(channel: string): Promise<PresenceMember[]>;
  /**
   * Gives every socket of `userId` the name `name` in its user_info, so a device that subscribes
   * later lists it by that name (a member's user_info is otherwise what it signed in with).
   */
  rename(channel: string, userId: string, name: string): Promise<void>;
  hasUser(channel: string, userId: string): Promise<boolean>;
  /** Whether this user has joined the channel since the store began remembering (see decisions). */
  hasSeen(channel: string, userId: string): Promise<boolean>;
  /**
   * For many (channel, user) at once: whether each user has a live socket in the channel, or has
   * never joined it since the store remembers (`hasUser || !hasSeen`, the player service's check).
   * One round trip per few hundred, for the alert evaluator's every shop each minute.
   */
  presentOrUnseen(queries: ReadonlyArray<{ channel: string; userId: string }>): Promise<boolean[]>;
  /**
   * Keeps this instance's sockets alive, adding again any the store lost (a Redis restarted without
   * its data, a socket that joined while it was away), and drops expired ones; answers, per channel,
   * the users that expiry removed entirely (so that member_removed can still be sent for them) and
   * the users whose sockets it added (so that member_added reaches the other instances' sockets).
   */
  refresh(local: Map<string, LocalPresence[]>): Promise<PresenceRefresh>;
}

/** The member with `name` in its user_info (an object; a member without one gets one). */
function withName(member: PresenceMember, name: string): PresenceMember {
  const info = member.user_info && typeof member.user_info === 'object' ? member.user_info : {};
  return { ...member, user_info: { ...info, name } };
}

/** One entry per user, the first socket's user_info winning (as Pusher does). */
export function uniqueMembers(members: Iterable<PresenceMember>): PresenceMember[] {
  const byUser = new Map<string, PresenceMember>();
  for (const m of members) if (!byUser.has(m.user_id)) byUser.set(m.user_id, m);
  return [...byUser.values()];
}

export function createMemoryPresenceStore(): PresenceStore {
  const channels = new Map<string, Map<string, PresenceMember>>();
  const seen = new Map<string, Set<string>>();

  const hasUser = (channel: string, userId: string) => {
    for (const m of channels.get(channel)?.values() ?? []) if (m.user_id === userId) return true;
    return false;
  };

  return {
    async join(channel, socketId, member) {
      const first = !hasUser(channel, member.user_id);
      let sockets = channels.get(channel);
      if (!sockets) channels.set(channel, (sockets = new Map()));
      sockets.set(socketId, member);
      let users = seen.get(channel);
      if (!users) seen.set(channel, (users = new Set()));
      users.add(member.user_id);
      return { first, members: uniqueMembers(sockets.values()), gone: [] };
    },
    async leave(channel, socketId, userId) {
      const sockets = channels.get(channel);
      sockets?.delete(socketId);
      if (sockets && sockets.size === 0) channels.delete(channel);
      return { last: !hasUser(channel, userId) };
    },
    async members(channel) {
      return uniqueMembers(channels.get(channel)?.values() ?? []);
    },
    async rename(channel, userId, name) {
      const sockets = channels.get(channel);
      for (const [socketId, member] of sockets ?? []) {
        if (member.user_id === userId) sockets!.set(socketId, withName(member, name));
      }
    },
    async hasUser(channel, userId) {
      return hasUser(channel, userId);
    },
    async hasSeen(channel, userId) {
      return seen.get(channel)?.has(userId) ?? false;
    },
    async presentOrUnseen(queries) {
      return queries.map(
        ({ channel, userId }) => hasUser(channel, userId) || !(seen.get(channel)?.has(userId) ?? false),
      );
    },
    async refresh() {
      return { gone: new Map(), added: new Map() };
    },
  };
}

// Entries whose expiry (score) has passed are dead; `live` answers the members of the others.
const LIVE = `
local function live(zkey, hkey, now)
  local ids = redis.call('ZRANGEBYSCORE', zkey, '(' .. now, '+inf')
  if #ids == 0 then return {} end
  local out = {}
  local vals = redis.call('HMGET', hkey, unpack(ids))
  for i = 1, #vals do if vals[i] then out[#out + 1] = vals[i] end end
  return out
end
-- The users' hash (user → the latest expiry of the user's sockets): a later expiry wins.
local function extend(ukey, user, expires)
  local old = tonumber(redis.call('HGET', ukey, user) or '0')
  if tonumber(expires) > old then redis.call('HSET', ukey, user, expires) end
end
local function prune(zkey, hkey, now)
  local dead = redis.call('ZRANGEBYSCORE', zkey, '-inf', now)
  if #dead == 0 then return {} end
  local out = {}
  local vals = redis.call('HMGET', hkey, unpack(dead))
  for i = 1, #vals do if vals[i] then out[#out + 1] = vals[i] end end
  redis.call('HDEL', hkey, unpack(dead))
  redis.call('ZREMRANGEBYSCORE', zkey, '-inf', now)
  return out
end
`;

// KEYS: sockets (zset socket → expiry), members (hash socket → member JSON), seen (set of user ids),
// users (hash user id → the latest expiry of its sockets, 0 once its last socket left: what the alert
// evaluator reads, one field per shop, instead of searching the members)
// ARGV: now, expiresAt, keyTtlMs, seenTtlMs, then socketId, userId, memberJson for each joining socket.
// Answers the live sockets before the joins (ids and members, side by side) and the members that
// expiry removed. The joins are idempotent: a call sent again after a lost answer changes nothing more.
const JOIN = `${LIVE}
local gone = prune(KEYS[1], KEYS[2], ARGV[1])
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf')
local before = {}
if #ids > 0 then before = redis.call('HMGET', KEYS[2], unpack(ids)) end
for i = 5, #ARGV, 3 do
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[i])
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 2])
  redis.call('SADD', KEYS[3], ARGV[i + 1])
  extend(KEYS[4], ARGV[i + 1], ARGV[2])
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[4])
redis.call('PEXPIRE', KEYS[4], ARGV[4])
return {ids, before, gone}
`;

// KEYS: sockets, members, users; ARGV: now, socketId, userId. The user's expiry in the users' hash
// becomes its remaining live sockets' latest (0 for none); a user the hash does not list (it joined
// before the hash was kept) stays unlisted, and is looked up the slow way.
const LEAVE = `
redis.call('ZREM', KEYS[1], ARGV[2])
redis.call('HDEL', KEYS[2], ARGV[2])
local rows = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf', 'WITHSCORES')
local out = {}
local latest = 0
if #rows > 0 then
  local ids = {}
  for i = 1, #rows, 2 do ids[#ids + 1] = rows[i] end
  local vals = redis.call('HMGET', KEYS[2], unpack(ids))
  for i = 1, #vals do
    if vals[i] then
      out[#out + 1] = vals[i]
      local ok, member = pcall(cjson.decode, vals[i])
      if ok and type(member) == 'table' and member.user_id == ARGV[3] then
        local score = tonumber(rows[i * 2])
        if score > latest then latest = score end
      end
    end
  end
end
if redis.call('HEXISTS', KEYS[3], ARGV[3]) == 1 then redis.call('HSET', KEYS[3], ARGV[3], latest) end
return out
`;

// KEYS: sockets, members; ARGV: now
const MEMBERS = `${LIVE}
return live(KEYS[1], KEYS[2], ARGV[1])
`;

// ARGV: now, the channels' key prefix, and the queries as JSON ([[channel, user], …]). Answers a string
// with one digit per query: 1 for a user with a live socket in the channel or never seen there, 0 for
// one seen without a live socket, 2 for a user the users' hash does not list (it joined before the
// hash was kept, or never). One field read per query where the members would be searched; and a
// call's arguments are one string, not a few per query: for thousands of shops each minute, the
// arguments cost more than the reads. (The keys are made here, so the script names none: its queries
// span every shop's channel anyway, which a Redis Cluster would refuse in one call either way.)
const PRESENT_OR_UNSEEN = `
local now = tonumber(ARGV[1])
local prefix = ARGV[2]
local queries = cjson.decode(ARGV[3])
local out = {}
for q = 1, #queries do
  local channel, user = queries[q][1], queries[q][2]
  local expires = redis.call('HGET', prefix .. channel .. ':users', user)
  if not expires then
    out[q] = '2'
  elseif tonumber(expires) > now or redis.call('SISMEMBER', prefix .. channel .. ':seen', user) == 0 then
    out[q] = '1'
  else
    out[q] = '0'
  end
end
return table.concat(out)
`;

// KEYS: sockets, members, seen for each query; ARGV: now, then the user id of each query. Answers 1
// for a user with a live socket in the channel or never seen there, else 0: by the members
// themselves, for the users the users' hash does not list.
const PRESENT_OR_UNSEEN_SEARCH = `
local now = ARGV[1]
local out = {}
for q = 0, (#KEYS / 3) - 1 do
  local user = ARGV[q + 2]
  local found = 0
  local ids = redis.call('ZRANGEBYSCORE', KEYS[q * 3 + 1], '(' .. now, '+inf')
  if #ids > 0 then
    local vals = redis.call('HMGET', KEYS[q * 3 + 2], unpack(ids))
    -- The member JSON as JSON.stringify wrote it: a plain search, no decoding (thousands a call).
    local needle = '"user_id":' .. cjson.encode(user)
    for i = 1, #vals do
      if vals[i] and string.find(vals[i], needle, 1, true) then
        found = 1
        break
      end
    end
  end
  if found == 0 and redis.call('SISMEMBER', KEYS[q * 3 + 3], user) == 0 then found = 1 end
  out[#out + 1] = found
end
return out
`;

// KEYS: members; ARGV: userId, name. Every socket of the user gets the name in its user_info.
const RENAME = `
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local ok, member = pcall(cjson.decode, all[i + 1])
  if ok and type(member) == 'table' and member.user_id == ARGV[1] then
    if type(member.user_info) ~= 'table' then member.user_info = {} end
    member.user_info.name = ARGV[2]
    redis.call('HSET', KEYS[1], all[i], cjson.encode(member))
  end
end
return 0
`;

// KEYS: sockets, members, seen, users; ARGV: now, expiresAt, keyTtlMs, seenTtlMs, then socketId, userId,
// memberJson for each socket. A socket whose entry is gone (Redis restarted empty) is added again;
// an entry still there is left as it is (a rename may have changed its user_info since it joined).
const REFRESH = `${LIVE}
local added = {}
for i = 5, #ARGV, 3 do
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[i])
  if redis.call('HSETNX', KEYS[2], ARGV[i], ARGV[i + 2]) == 1 then added[#added + 1] = ARGV[i + 1] end
  redis.call('SADD', KEYS[3], ARGV[i + 1])
  extend(KEYS[4], ARGV[i + 1], ARGV[2])
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
if #ARGV >= 5 and redis.call('PTTL', KEYS[3]) < 0 then redis.call('PEXPIRE', KEYS[3], ARGV[4]) end
if #ARGV >= 5 and redis.call('PTTL', KEYS[4]) < 0 then redis.call('PEXPIRE', KEYS[4], ARGV[4]) end
local gone = prune(KEYS[1], KEYS[2], ARGV[1])
return {gone, live(KEYS[1], KEYS[2], ARGV[1]), added}
`;

type Script = (...args: Array<string | number>) => Promise<unknown>;

/** Queries per PRESENT_OR_UNSEEN call (one field read each): a few milliseconds of Redis's time. */
const PRESENCE_BATCH = 1000;
/** Queries per PRESENT_OR_UNSEEN_SEARCH call (a search of the members each). */
const SEARCH_BATCH = 250;

interface PendingJoin {
  socketId: string;
  member: PresenceMember;
  resolve: (result: JoinResult) => void;
  reject: (err: unknown) => void;
}

export interface RedisPresenceOptions {
  /** Key prefix, e.g. `pulzus:realtime:<appId>:`. */
  prefix: string;
  /** A socket not refreshed for this long counts as gone. */
  socketTtlMs: number;
  /** How long "has joined" is remembered (at least a login's lifetime). */
  seenTtlMs: number;
}

const parseMembers = (values: unknown): PresenceMember[] =>
  (Array.isArray(values) ? values : []).flatMap((v) => {
    try {
      const m = JSON.parse(String(v)) as PresenceMember;
      return typeof m?.user_id === 'string' ? [m] : [];
    } catch {
      return [];
    }
  });

export function createRedisPresenceStore(redis: Redis, options: RedisPresenceOptions): PresenceStore {
  const { prefix, socketTtlMs, seenTtlMs } = options;
  const keys = (channel: string) => [`${prefix}presence:${channel}:sockets`, `${prefix}presence:${channel}:members`];
  const seenKey = (channel: string) => `${prefix}presence:${channel}:seen`;
  const usersKey = (channel: string) => `${prefix}presence:${channel}:users`;
  const keyTtl = socketTtlMs * 4;

  redis.defineCommand('pulzusPresenceJoin', { numberOfKeys: 4, lua: JOIN });
  redis.defineCommand('pulzusPresenceLeave', { numberOfKeys: 3, lua: LEAVE });
  redis.defineCommand('pulzusPresenceMembers', { numberOfKeys: 2, lua: MEMBERS });
  redis.defineCommand('pulzusPresenceRefresh', { numberOfKeys: 4, lua: REFRESH });
  redis.defineCommand('pulzusPresenceRename', { numberOfKeys: 1, lua: RENAME });
  // Its keys vary in number: the count goes first in each call (ioredis's numberOfKeys unset).
  redis.defineCommand('pulzusPresenceOrUnseen', { lua: PRESENT_OR_UNSEEN });
  redis.defineCommand('pulzusPresenceOrUnseenSearch', { lua: PRESENT_OR_UNSEEN_SEARCH });
  const commands = redis as unknown as Record<string, Script>;
  const run = (name: string, ...args: Array<string | number>) => commands[name]!.call(redis, ...args);

  /**
   * Joins of one channel go to Redis one call at a time, those that came meanwhile together in the
   * next: when a shop's devices all join at once (an instance restarted, the shop's network back),
   * Redis gets a few calls rather than one per device, each answering the member list once. A call
   * that fails is sent once more (its writes are idempotent): an answer that came while the event
   * loop was held past the command deadline does not turn a device away.
   */
  const joining = new Map<string, PendingJoin[]>();

  /** A join or a refresh script over a channel's keys, for sockets with their members. */
  function runForSockets(
    script: 'pulzusPresenceJoin' | 'pulzusPresenceRefresh',
    channel: string,
    now: number,
    sockets: Array<{ socketId: string; member: { user_id: string | number } }>,
  ) {
    const args = sockets.flatMap(({ socketId, member }) => [socketId, member.user_id, JSON.stringify(member)]);
    return run(
      script,
      ...keys(channel),
      seenKey(channel),
      usersKey(channel),
      now,
      now + socketTtlMs,
      keyTtl,
      seenTtlMs,
      ...args,
    );
  }

  async function sendJoins(channel: string, batch: PendingJoin[]) {
    const now = Date.now();
    const call = () => runForSockets('pulzusPresenceJoin', channel, now, batch);
    let answer: [unknown, unknown, unknown];
    try {
      answer = (await call().catch(call)) as [unknown, unknown, unknown];
    } catch (err) {
      for (const join of batch) join.reject(err);
      return;
    }
    const [idsRaw, beforeRaw, goneRaw] = answer;
    const joiningIds = new Set(batch.map((j) => j.socketId));
    const ids = Array.isArray(idsRaw) ? idsRaw.map(String) : [];
    const values = Array.isArray(beforeRaw) ? beforeRaw : [];
    // The sockets already there (a call sent again finds this batch's own sockets: they are not "before").
    const before = parseMembers(values.filter((v, i) => v != null && !joiningIds.has(ids[i]!)));
    const present = new Set(before.map((m) => m.user_id));
    const gone = [...new Set(parseMembers(goneRaw).map((m) => m.user_id))].filter(
      (u) => !present.has(u) && !batch.some((j) => j.member.user_id === u),
    );
    const members = [...before];
    batch.forEach((join, i) => {
      const first = !present.has(join.member.user_id);
      present.add(join.member.user_id);
      members.push(join.member);
      // Those gone are told once, with the batch's first join.
      join.resolve({ first, members: uniqueMembers(members), gone: i === 0 ? gone : [] });
    });
  }

  async function drainJoins(channel: string) {
    for (;;) {
      const batch = joining.get(channel)!;
      if (batch.length === 0) {
        joining.delete(channel);
        return;
      }
      joining.set(channel, []);
      await sendJoins(channel, batch);
    }
  }

  const store: PresenceStore = {
    join(channel, socketId, member) {
      return new Promise<JoinResult>((resolve, reject) => {
        const queued = joining.get(channel);
        if (queued) {
          queued.push({ socketId, member, resolve, reject });
          return;
        }
        joining.set(channel, [{ socketId, member, resolve, reject }]);
        void drainJoins(channel);
      });
    },
    async leave(channel, socketId, userId) {
      const rest = parseMembers(
        await run('pulzusPresenceLeave', ...keys(channel), usersKey(channel), Date.now(), socketId, userId),
      );
      return { last: !rest.some((m) => m.user_id === userId) };
    },
    async members(channel) {
      return uniqueMembers(parseMembers(await run('pulzusPresenceMembers', ...keys(channel), Date.now())));
    },
    async rename(channel, userId, name) {
      await run('pulzusPresenceRename', keys(channel)[1]!, userId, name);
    },
    async hasUser(channel, userId) {
      return (await store.members(channel)).some((m) => m.user_id === userId);
    },
    async hasSeen(channel, userId) {
      return (await redis.sismember(seenKey(channel), userId)) === 1;
    },
    async presentOrUnseen(queries) {
      const now = Date.now();
      const batches = <T>(list: readonly T[], size: number) => {
        const parts: T[][] = [];
        for (let i = 0; i < list.length; i += size) parts.push(list.slice(i, i + size));
        return parts;
      };
      const answers = (
        await Promise.all(
          batches(queries, PRESENCE_BATCH).map(
            (part) =>
              run(
                'pulzusPresenceOrUnseen',
                0,
                now,
                `${prefix}presence:`,
                JSON.stringify(part.map((q) => [q.channel, q.userId])),
              ) as Promise<string>,
          ),
        )
      ).join('');
      const out: boolean[] = new Array<boolean>(queries.length);
      // The users the users' hash does not list: their channel's members are searched.
      const unlisted: number[] = [];
      for (let i = 0; i < queries.length; i += 1) {
        out[i] = answers[i] === '1';
        if (answers[i] === '2') unlisted.push(i);
      }
      const searched = (
        await Promise.all(
          batches(unlisted, SEARCH_BATCH).map(
            (part) =>
              run(
                'pulzusPresenceOrUnseenSearch',
                part.length * 3,
                ...part.flatMap((i) => [...keys(queries[i]!.channel), seenKey(queries[i]!.channel)]),
                now,
                ...part.map((i) => queries[i]!.userId),
              ) as Promise<unknown[]>,
          ),
        )
      ).flat();
      unlisted.forEach((q, k) => (out[q] = Number(searched[k]) === 1));
      return out;
    },
    async refresh(local) {
      const out: PresenceRefresh = { gone: new Map(), added: new Map() };
      const now = Date.now();
      // Every channel's script is sent at once, before any later leave of these sockets: one
      // connection keeps the order, so a socket that leaves meanwhile is not added back after its leave.
      const answers = await Promise.all(
        [...local].map(async ([channel, sockets]) => {
          const answer = (await runForSockets('pulzusPresenceRefresh', channel, now, sockets)) as [
            unknown,
            unknown,
            unknown,
          ];
          return [channel, answer] as const;
        }),
      );
      for (const [channel, [goneRaw, liveRaw, addedRaw]] of answers) {
        const present = new Set(parseMembers(liveRaw).map((m) => m.user_id));
        const gone = [...new Set(parseMembers(goneRaw).map((m) => m.user_id))].filter((u) => !present.has(u));
        if (gone.length) out.gone.set(channel, gone);
        const added = [...new Set(Array.isArray(addedRaw) ? addedRaw.map(String) : [])];
        if (added.length) out.added.set(channel, added);
      }
      return out;
    },
  };
  return store;
}
