/**
 * Real time without our own call. A Laravel API has no /api/realtime-config: the web then uses the
 * settings it was started with (PUSHER_KEY, PUSHER_CLUSTER, PUSHER_PUBLIC_*). Without a key, or
 * while the socket keeps failing, the page asks for the player on a timer instead of showing
 * 'Kapcsolódás…' for ever. No React here, so the rules are unit-tested.
 */
import type { RealtimeConfig } from '@/contracts';

/** Failed connects in a row after which the page stops waiting for the socket and polls. */
export const MAX_FAILED_CONNECTS = 3;
/** How often a page without a socket asks for the player (only while it is visible). */
export const POLL_INTERVAL_MS = 15_000;

/** What GET /api/realtime-config answered: a config, or 'missing' (404/405: the API has no such call). */
export type ConfigAnswer = { kind: 'config'; config: RealtimeConfig } | { kind: 'missing' };

/** The API's own config wins; without one the web's; null means no socket at all (poll). */
export function chooseRealtimeConfig(answer: ConfigAnswer, fallback: RealtimeConfig | null): RealtimeConfig | null {
  if (answer.kind === 'config' && answer.config.key) return answer.config;
  return fallback && fallback.key ? fallback : null;
}

/** Whether an error status means the API does not serve the call at all (rather than failing it). */
export function isMissingCall(status: number): boolean {
  return status === 404 || status === 405 || status === 501;
}

export interface LinkState {
  /** Failed connects since the last success (a config fetch that failed counts too). */
  failures: number;
  /** 'socket' while the socket is, or may soon be, live; 'poll' while the page refetches instead. */
  mode: 'socket' | 'poll';
}

export const initialLink: LinkState = { failures: 0, mode: 'socket' };

export type LinkEvent = { type: 'connected' } | { type: 'failed' } | { type: 'no-socket' };

export function linkReducer(state: LinkState, event: LinkEvent): LinkState {
  switch (event.type) {
    case 'connected':
      return initialLink;
    case 'no-socket':
      return { failures: state.failures, mode: 'poll' };
    case 'failed': {
      const failures = state.failures + 1;
      return { failures, mode: failures >= MAX_FAILED_CONNECTS ? 'poll' : state.mode };
    }
  }
}

export interface VisibleDocument {
  visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/**
 * Calls `poll` every `intervalMs` while the page is visible; a page that becomes visible again polls
 * at once (it may have missed anything) and then on the interval. Returns the stop function.
 */
export function startVisiblePolling(
  poll: () => void,
  doc: VisibleDocument,
  intervalMs: number = POLL_INTERVAL_MS,
): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const run = () => {
    if (doc.visibilityState === 'visible') poll();
  };
  const start = () => {
    if (timer === null) timer = setInterval(run, intervalMs);
  };
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') {
      poll();
      start();
    } else {
      stop();
    }
  };
  doc.addEventListener('visibilitychange', onVisibility);
  if (doc.visibilityState === 'visible') start();
  return () => {
    stop();
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
