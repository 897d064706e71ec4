import type { Player } from '../../../contracts/player';
import type { Db } from '../db/client';
import { findPlayerCommand, recordPlayerCommand } from '../db/queries/players';
import { PlayerRefusal } from './refusals';
import type { Actor } from './types';

/** A press sent with an `Idempotency-Key`: the login's own key, for one request (method, path, body). */
export interface KeyedCommand {
  login: string;
  key: string;
  requestHash: string;
}

/** The caller's keyed command, or undefined when it sent no key. */
export function keyedCommand(actor: Actor): KeyedCommand | undefined {
  return actor.commandKey
    ? { login: actor.sessionId ?? '', key: actor.commandKey, requestHash: actor.commandHash ?? '' }
    : undefined;
}

/**
 * Under the player's lock: the same press again (a connection lost after the API took it, sent once
 * more) answers its first answer. The same key on another command or body is no repeat: refused,
 * never answered so. Undefined: a command not seen before.
 */
export async function earlierAnswer(tx: Db, playerId: number, command: KeyedCommand): Promise<Player | undefined> {
  const done = await findPlayerCommand(tx, { playerId, login: command.login, key: command.key });
  if (done && done.requestHash !== command.requestHash) throw new PlayerRefusal('key-reused');
  return done ? (done.answer as Player) : undefined;
}

/** Under the same lock: the command's answer, kept for its repeats. */
export async function recordAnswer(tx: Db, playerId: number, command: KeyedCommand, answer: Player): Promise<void> {
  await recordPlayerCommand(tx, { playerId, ...command, answer });
}
