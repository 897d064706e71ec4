import type { Db } from '../db/client';
import { isLoginLive as isLoginLiveQuery, type PlayerRow } from '../db/queries/players';
import type { Actor, PresenceCheck } from './types';

/** The output holder as a play press saw it before locking the player, and whether it was present. */
export type OwnerSeen = { sessionId: string; online: boolean };

type Who = { customerId: number; sessionId: string };

export interface PresenceOwner {
  /** Whether a device login is live (not ended, not logged out); `q`: inside a transaction, through it. */
  isLoginLive(who: Who, q?: Db): Promise<boolean>;
  /** Live and, once a presence check is set, present in the customer's presence channel. */
  isSessionOnline(who: Who, q?: Db): Promise<boolean>;
  setPresenceCheck(check: PresenceCheck | undefined): void;
  /**
   * Whether the device holding output is still there, looked up before the player is locked: presence
   * lives in Redis, and nothing under the player's lock may wait on it (a slow or absent Redis would
   * hold every press of the shop). Undefined when the caller's play cannot take output anyway.
   */
  ownerBeforePlay(
    actor: Actor,
    row: PlayerRow | undefined,
    options?: { toggle?: boolean },
  ): Promise<OwnerSeen | undefined>;
  /** The owner after a device asks to play: it takes over when nobody live holds output. */
  ownerAfterPlay(tx: Db, row: PlayerRow, actor: Actor, seen: OwnerSeen | undefined): Promise<string | null>;
}

/** Who holds a player's audio output: a device login that is live and present, or the device that asks to play. */
export function createPresenceOwner(options: {
  db: Db;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
}): PresenceOwner {
  const { db } = options;
  let presence: PresenceCheck | undefined;

  // Inside a mutation this must use the transaction: PGlite has one connection, and a query
  // outside an open transaction would wait for it forever (tests/server/player-deadlock.test.ts,
  // run on PGlite by npm run test:server:pglite, catches that).
  async function isLoginLive({ customerId, sessionId }: Who, q: Db = db) {
    const now = Date.now();
    return isLoginLiveQuery(q, {
      customerId,
      sessionId,
      idleAfter: new Date(now - options.sessionIdleMinutes * 60_000),
      createdAfter: new Date(now - options.sessionAbsoluteHours * 3_600_000),
      now: new Date(now),
    });
  }

  async function isSessionOnline(who: Who, q: Db = db) {
    if (!(await isLoginLive(who, q))) return false;
    return presence ? Boolean(await presence(who)) : true;
  }

  async function ownerBeforePlay(
    actor: Actor,
    row: PlayerRow | undefined,
    { toggle = false }: { toggle?: boolean } = {},
  ): Promise<OwnerSeen | undefined> {
    if (!actor.sessionId) return undefined;
    if (!row || row.sessionId === null || row.sessionId === actor.sessionId) return undefined;
    // A toggle that will pause takes no output.
    if (toggle && row.isPlaying) return undefined;
    return {
      sessionId: row.sessionId,
      online: await isSessionOnline({ customerId: row.customerId, sessionId: row.sessionId }),
    };
  }

  async function ownerAfterPlay(tx: Db, row: PlayerRow, actor: Actor, seen: OwnerSeen | undefined) {
    if (!actor.sessionId || row.sessionId === actor.sessionId) return row.sessionId ?? actor.sessionId;
    if (row.sessionId === null) return actor.sessionId;
    if (seen?.sessionId === row.sessionId) return seen.online ? row.sessionId : actor.sessionId;
    // The owner changed between the look and the lock: judged by its login alone, which needs no Redis.
    const live = await isLoginLive({ customerId: row.customerId, sessionId: row.sessionId }, tx);
    return live ? row.sessionId : actor.sessionId;
  }

  return {
    isLoginLive,
    isSessionOnline,
    setPresenceCheck(check) {
      presence = check;
    },
    ownerBeforePlay,
    ownerAfterPlay,
  };
}
