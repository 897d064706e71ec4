/**
 * Why the player service refused a change. The service speaks in these, not in HTTP: it throws one
 * inside its transaction so the change rolls back, and the app's error handler gives each reason
 * its answer (src/http/errors.ts, `httpErrorOf`).
 */
export type PlayerRefusalReason =
  /** No such player, playable, track in the list, or live target login for this customer. */
  | 'not-found'
  /** The track to start from is not in the chosen playable (a field error on `track`). */
  | 'track-not-in-playable'
  /** Another device took the output since the caller last saw the player. */
  | 'output-taken'
  /** The caller reported an output state, but the player's output is another device (or none). */
  | 'not-output'
  /** The caller's Idempotency-Key was used before by this login for another command or body. */
  | 'key-reused';

export class PlayerRefusal extends Error {
  constructor(readonly reason: PlayerRefusalReason) {
    super(reason);
  }
}
