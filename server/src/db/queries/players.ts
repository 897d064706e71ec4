import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { customers, playerCommands, players, zones } from '../schema';
import { liveSessionIds } from './sessions';

/*
 * A customer's players and the device logins that may hold their output. Every function takes
 * `customerId`; the `lock…` ones take `FOR UPDATE` locks and belong inside a transaction (the
 * player service's: it is the only writer of `players`).
 */

export type PlayerRow = typeof players.$inferSelect;
export type PlayerChanges = Partial<
  Omit<PlayerRow, 'id' | 'customerId' | 'createdAt' | 'version' | 'outputState' | 'outputSince'>
> & {
  /** Only ever cleared here (the output moved); reports go through setPlayerOutput. */
  outputState?: null;
  outputSince?: null;
};

type Scope = { customerId: number };
type One = { customerId: number; id: number };

/** The customer's players in their zones' order, each with its zone's name. */
export async function listPlayers(db: Db, { customerId }: Scope): Promise<Array<PlayerRow & { zoneName: string }>> {
  const rows = await db
    .select({ player: players, zoneName: zones.name })
    .from(players)
    .innerJoin(zones, eq(zones.id, players.zoneId))
    .where(eq(players.customerId, customerId))
    .orderBy(asc(zones.position), asc(zones.id));
  return rows.map((r) => ({ ...r.player, zoneName: r.zoneName }));
}

/** The player of the shop's zone, locked for the rest of the transaction. */
export async function lockPlayerOfZone(tx: Db, { customerId, zoneId }: Scope & { zoneId: number }) {
  const [row] = await tx
    .select()
    .from(players)
    .where(and(eq(players.customerId, customerId), eq(players.zoneId, zoneId)))
    .for('update')
    .limit(1);
  return row;
}

/**
 * A device sounds for at most one zone (issue 43): the shop's other players whose audio device is
 * `sessionId` lose it (paused, no audio device), in the caller's transaction. Answers them changed.
 */
export async function releaseOutputElsewhere(
  tx: Db,
  { customerId, sessionId, exceptPlayerId }: Scope & { sessionId: string; exceptPlayerId: number },
): Promise<PlayerRow[]> {
  return tx
    .update(players)
    .set({
      sessionId: null,
      isPlaying: false,
      outputState: null,
      outputSince: null,
      version: sql`${players.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(players.customerId, customerId), eq(players.sessionId, sessionId), ne(players.id, exceptPlayerId)))
    .returning();
}

export async function getPlayer(db: Db, { customerId, id }: One): Promise<PlayerRow | undefined> {
  const [row] = await db
    .select()
    .from(players)
    .where(and(eq(players.id, id), eq(players.customerId, customerId)))
    .limit(1);
  return row;
}

/** The customer's player, locked for the rest of the transaction. */
export async function lockPlayer(tx: Db, { customerId, id }: One): Promise<PlayerRow | undefined> {
  const [row] = await tx
    .select()
    .from(players)
    .where(and(eq(players.id, id), eq(players.customerId, customerId)))
    .for('update')
    .limit(1);
  return row;
}

/** The customer's players that have this playable, locked, in id order (the lock order). */
export async function lockPlayersOfPlayable(
  tx: Db,
  { customerId, type, id }: Scope & { type: string; id: number },
): Promise<PlayerRow[]> {
  return tx
    .select()
    .from(players)
    .where(and(eq(players.customerId, customerId), eq(players.playableType, type), eq(players.playableId, id)))
    .orderBy(asc(players.id))
    .for('update');
}

/** Locks every player of the customer, by id (the order every multi-player lock takes). */
export async function lockPlayersOfCustomer(tx: Db, { customerId }: Scope): Promise<PlayerRow[]> {
  return tx.select().from(players).where(eq(players.customerId, customerId)).orderBy(asc(players.id)).for('update');
}

/** Locks the customer row: serialises the creation of a customer's first player. */
export async function lockCustomer(tx: Db, { customerId }: Scope): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

/** A shop without any zone (none is made so; a safety net) gets its first zone, 'Üzlettér', and its player. */
export async function createPlayer(tx: Db, { customerId, zoneName }: Scope & { zoneName: string }): Promise<PlayerRow> {
  const [zone] = await tx.insert(zones).values({ customerId, name: zoneName, position: 0 }).returning();
  const [row] = await tx.insert(players).values({ customerId, zoneId: zone!.id }).returning();
  return row!;
}

/** Writes `values` to a player already found for its customer (and locked), raising its version. */
export async function updatePlayer(tx: Db, id: number, values: PlayerChanges): Promise<PlayerRow> {
  const [row] = await tx
    .update(players)
    .set({ ...values, version: sql`${players.version} + 1`, updatedAt: new Date() })
    .where(eq(players.id, id))
    .returning();
  return row!;
}

/**
 * Notes what the audio device reports it does, on a player found for its customer (and locked).
 * The version stays: the device's account of its sound is no change of the player, and the
 * return-from-outage logic compares versions.
 */
export async function setPlayerOutput(tx: Db, id: number, output: { state: string; since: Date }): Promise<PlayerRow> {
  const [row] = await tx
    .update(players)
    .set({ outputState: output.state, outputSince: output.since })
    .where(eq(players.id, id))
    .returning();
  return row!;
}

/**
 * Whether the device login `sessionId` of the customer is live: a logged-in session active since
 * `idleAfter` and created since `createdAfter`, or a remember token still valid at `now` (a
 * remembered device comes back with the same session id, so it has not logged out).
 */
export async function isLoginLive(
  db: Db,
  {
    customerId,
    sessionId,
    idleAfter,
    createdAfter,
    now,
  }: Scope & { sessionId: string; idleAfter: Date; createdAfter: Date; now: Date },
): Promise<boolean> {
  return (await liveSessionIds(db, { customerId, sessionIds: [sessionId], idleAfter, createdAfter, now })).has(
    sessionId,
  );
}

/** How long a command's idempotency key is remembered (a repeat after that is a new press). */
export const PLAYER_COMMAND_KEY_MINUTES = 10;

/** Whose key, and for which request: the login that sent it and the hash of its method, path and body. */
export interface CommandKey {
  login: string;
  key: string;
  requestHash: string;
}

/**
 * The command this login's key was first used for on this player, if it was applied: its answer and
 * the hash of the request (method, path, body) it came with.
 */
export async function findPlayerCommand(
  tx: Db,
  { playerId, login, key }: { playerId: number } & Omit<CommandKey, 'requestHash'>,
) {
  const [row] = await tx
    .select({ answer: playerCommands.answer, requestHash: playerCommands.requestHash })
    .from(playerCommands)
    .where(and(eq(playerCommands.playerId, playerId), eq(playerCommands.login, login), eq(playerCommands.key, key)))
    .limit(1);
  return row;
}

/**
 * Notes that the command with this key was applied and what it answered, dropping the player's keys
 * older than PLAYER_COMMAND_KEY_MINUTES in the same statement. Inside the command's transaction, under
 * the player's lock: a repeat waits for the first and then finds its key.
 */
export async function recordPlayerCommand(
  tx: Db,
  { playerId, login, key, requestHash, answer }: { playerId: number; answer: unknown } & CommandKey,
): Promise<void> {
  await tx.execute(sql`
    with pruned as (
      delete from ${playerCommands}
      where ${playerCommands.playerId} = ${playerId}
        and ${playerCommands.createdAt} < now() - make_interval(mins => ${PLAYER_COMMAND_KEY_MINUTES})
    )
    insert into ${playerCommands} (player_id, login, key, request_hash, answer)
    values (${playerId}, ${login}, ${key}, ${requestHash}, ${JSON.stringify(answer)}::jsonb)
    on conflict (player_id, login, key) do nothing`);
}

/** Players by id whatever their shop (the realtime layer re-sends the latest state to its own sockets). */
export async function getPlayersByIds(db: Db, ids: readonly number[]): Promise<PlayerRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(players)
    .where(inArray(players.id, [...ids]))
    .orderBy(asc(players.id));
}
