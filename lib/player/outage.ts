import type { Player } from '@/contracts';
import { BrowserApiError, DeadlineError } from '@/lib/api/fetcher';
import type { AlonePosition } from './alone';

/**
 * The audio device while the API (or the network) is away: it plays on by itself (the engine's
 * `beginAlone`), asks every half second whether the API is back, and then tells the server where it is.
 * No React here (tested with fake timers and plain objects).
 */
export const RETURN_PROBE_MS = 500;
/**
 * The return's first call (reading the player) ends within this, not the 5 s of every player call: a
 * probe that hangs (sent as the line went or came back) must not keep the device playing on alone
 * long after the API is back, as the next probe waits for it.
 */
export const RETURN_PROBE_DEADLINE_MS = 1_500;

/**
 * Whether a failed call means the server could not be reached: no answer at all (fetch's TypeError),
 * none within the call's deadline (a hung API or database), or the BFF's word that the API did not
 * answer (502) or a gateway's (503, 504). A 4xx or a 500 is an answer, and is handled as before.
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof BrowserApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  return error instanceof TypeError || error instanceof DeadlineError;
}

export type ReturnPlan = { kind: 'follow' } | { kind: 'catch-up'; steps: number };

/**
 * What the device does once the API answers again. If the server's player is where the device left
 * it (same version; or, for a change that did not touch what plays, the same track, list, output
 * device and play state), the server is brought to where the device is (`next` once per track it
 * went on to: the server's order prefers the announced `next_tracks`), and the music goes on without
 * a jump. If the server's state really changed meanwhile (another device pressed next, chose another
 * channel, paused, took the output), the device follows the server.
 */
export function planReturn(server: Player | null, position: AlonePosition): ReturnPlan {
  const base = position.base;
  if (!server || server.id !== base.id) return { kind: 'follow' };
  const sameVersion = typeof server.version === 'number' && server.version === base.version;
  const samePlay =
    server.track?.id === base.track?.id &&
    server.playable_type === base.playable_type &&
    server.playable_id === base.playable_id &&
    server.session_id === base.session_id &&
    server.is_playing === base.is_playing;
  if (!sameVersion && !samePlay) return { kind: 'follow' };
  return { kind: 'catch-up', steps: position.advanced };
}

export interface ReturnCalls {
  /** The probe: aborted by `signal` when a sign of the network's return makes a fresh one worth more. */
  list(signal?: AbortSignal): Promise<Player[]>;
  next(playerId: number): Promise<Player>;
  /** The position report; `volume` is the server's (a change another device made meanwhile stays). */
  report(playerId: number, currentTime: number, volume: number): Promise<Player>;
}

/**
 * Brings the server to where the device is (or finds that the server moved on): the player to apply,
 * then. Rejects while the API is still away. `position` is read again before the position report, so
 * the time sent is the one sounding.
 */
export async function returnFromAlone(
  calls: ReturnCalls,
  position: () => AlonePosition | null,
  signal?: AbortSignal,
): Promise<Player | null> {
  const start = position();
  if (!start) return null;
  const players = await calls.list(signal);
  const server = players.find((p) => p.id === start.base.id) ?? null;
  const plan = planReturn(server, start);
  if (plan.kind === 'follow') return server ?? players[0] ?? null;
  let latest: Player = server!;
  for (let step = 0; step < plan.steps; step += 1) latest = await calls.next(start.base.id);
  const now = position();
  // The server's order went where the device went: it hears the position, and the answer matches what sounds.
  if (now && now.trackId !== null && latest.track?.id === now.trackId)
    latest = await calls.report(start.base.id, now.time, latest.volume);
  return latest;
}

export interface OutageHooks {
  /**
   * One attempt to come back (returnFromAlone and applying its answer); rejects while the API is away.
   * `signal` aborts its probe (the first call, which changes nothing): a nudge drops a probe still on
   * its way for a fresh one.
   */
  tryReturn(signal: AbortSignal): Promise<void>;
  /** True from the outage's start until the attempt that succeeded. */
  onAway(away: boolean): void;
  intervalMs?: number;
}

export interface Outage {
  /** The API was found away (idempotent). */
  begin(): void;
  /** Something suggests it is back (the socket reconnected, the browser is online): try now. */
  nudge(): void;
  readonly away: boolean;
  dispose(): void;
}

export function createOutage(hooks: OutageHooks): Outage {
  const interval = hooks.intervalMs ?? RETURN_PROBE_MS;
  let away = false;
  let trying = false;
  let disposed = false;
  // The attempt under way (its probe's abort), and whether a nudge came while it ran.
  let probe: AbortController | null = null;
  let nudged = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const schedule = () => {
    clear();
    if (!disposed && away) timer = setTimeout(attempt, interval);
  };
  const attempt = () => {
    timer = null;
    if (disposed || !away || trying) return;
    trying = true;
    nudged = false;
    probe = new AbortController();
    hooks.tryReturn(probe.signal).then(
      () => {
        trying = false;
        probe = null;
        if (disposed || !away) return;
        away = false;
        hooks.onAway(false);
      },
      () => {
        trying = false;
        probe = null;
        // The network came back while this attempt hung: the next one goes at once.
        if (nudged) attempt();
        else schedule();
      },
    );
  };

  return {
    begin() {
      if (disposed || away) return;
      away = true;
      hooks.onAway(true);
      schedule();
    },
    nudge() {
      if (!away) return;
      if (trying) {
        // A probe sent while the line was down may hang until its deadline: dropped, and tried afresh
        // (an attempt past its probe is not aborted; it ends by itself).
        nudged = true;
        probe?.abort();
        return;
      }
      clear();
      attempt();
    },
    get away() {
      return away;
    },
    dispose() {
      disposed = true;
      probe?.abort();
      clear();
    },
  };
}
