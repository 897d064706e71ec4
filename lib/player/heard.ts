import type { OutputState, Player, PlayerOutputState } from '@/contracts';

/**
 * What this device may tell of the shop's sound (pure, so the rules are tested without a browser).
 *
 * - `unknown`: nothing is known yet: the server's render and the first paint of the browser. Nothing
 *   then claims music ('Most szól', a pause icon,
 *   a running clock, 'A zene egy másik eszközön szól').
 * - `as-told`: the server's `is_playing` is all there is (an API without `output`, such as Laravel; an
 *   audio device that has not reported; a report the play state has overtaken): the bar behaves as it
 *   always did.
 * - an output state: what the audio device itself reports (or, on that device, what its element does),
 *   or the server's `logged_out`: that device's login ended, so it is gone.
 */
export type Heard = 'unknown' | 'as-told' | PlayerOutputState;

export function heardState(input: {
  /** False on the server and in the browser's first render (hydration), true after. */
  hydrated: boolean;
  player: Player | null;
  /** Whether this device is the audio device. */
  isOutput: boolean;
  /** On the audio device: what its engine says it does (null until it knows). */
  local: OutputState | null;
}): Heard {
  const { hydrated, player, isOutput, local } = input;
  if (!hydrated || !player) return 'unknown';
  // The audio device knows for itself. Its bar's button pauses or plays the server's player, so only a
  // refused start changes what it shows (the prompt); the stall is for the remotes to tell.
  if (isOutput) return local === 'needs_tap' ? 'needs_tap' : 'as-told';
  // No version: not the bundled API, which alone has the output call; no report: nothing to go on.
  if (typeof player.version !== 'number' || !player.output) return 'as-told';
  const { state } = player.output;
  // A report the play state has overtaken (play pressed, the device has not sounded yet; or paused).
  if (state === 'paused' && player.is_playing) return 'as-told';
  if (state === 'audible' && !player.is_playing) return 'as-told';
  return state;
}

/** Whether the music sounds as far as this device can tell: the server says playing and nothing says otherwise. */
export function heardPlaying(heard: Heard, player: Player | null): boolean {
  return !!player?.is_playing && (heard === 'audible' || heard === 'as-told');
}

/**
 * The output report to keep when two copies of the player meet (an answer and a push travel different
 * ways, and a report does not raise `version`): for the same audio device the later report wins, so
 * an older read cannot bring back a state the device has left. For another device, the incoming one.
 */
export function withLatestOutput(incoming: Player, current: Player | null | undefined): Player {
  if (!current || current.id !== incoming.id || current.session_id !== incoming.session_id) return incoming;
  const mine = current.output;
  if (!mine) return incoming;
  const theirs = incoming.output;
  if (theirs && Date.parse(theirs.since) >= Date.parse(mine.since)) return incoming;
  return { ...incoming, output: mine };
}
