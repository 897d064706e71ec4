import type { ConnectionStatus } from './atoms';
import { checkLogin, resolveRealtimeConfig } from './api';
import { connectRealtime, type RealtimeConnection, type StateChange } from './echo';
import type { RealtimeEvents } from './events';
import { initialLink, linkReducer, startVisiblePolling, type LinkEvent, type LinkState } from './fallback';
import { watchWake, whenIdle } from './wake';

const CONFIG_RETRY_MS = [2_000, 5_000, 15_000, 30_000];
/** After the service refused the socket, the next try waits this long. */
const REFUSED_RETRY_MS = 5_000;

/** The longest the connection waits for an idle moment after the page has hydrated. */
const KICKOFF_LIMIT_MS = 1500;

let connection: RealtimeConnection | null = null;

/** The live connection, for tests through the page and for the device list. */
export function getRealtimeConnection(): RealtimeConnection | null {
  return connection;
}

/** The running keeper's fresh connect (set while one runs). */
let reconnectAtOnce: (() => void) | null = null;

/**
 * The server is known to answer again (an outage just ended): a socket that is not connected starts a
 * fresh connect now instead of waiting for pusher-js's back-off or its attempt at the dead server to
 * time out; once connected, the keeper reads the player again (`events.missed`). Nothing when connected.
 */
export function reconnectRealtimeNow(): void {
  reconnectAtOnce?.();
}

export interface KeepConnectedOptions {
  /** The socket's state as the UI shows it (connectionAtom). */
  setStatus(status: ConnectionStatus): void;
  events: Pick<RealtimeEvents, 'missed' | 'loginEnded'>;
  /** Each connection once made; pusher-js keeps it up by itself until it is restarted. */
  onConnection(connection: RealtimeConnection): void;
}

/**
 * Keeps this page's socket (no React): loaded once the browser is idle, polled for instead when there
 * is none, restarted after a failure or a refusal, `events.missed` after a drop or a sleep, and a 4009
 * close settled through /api/me. Answers the stop.
 */
export function keepConnected({ setStatus, events, onConnection }: KeepConnectedOptions): () => void {
  let cancelled = false;
  let current: RealtimeConnection | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let everConnected = false;

  const resync = () => {
    // While polling the bar says nothing about connecting; the poll keeps the player current.
    if (link.mode !== 'poll') setStatus('offline');
    events
      .missed()
      .then(() => {
        if (!cancelled && current?.state() === 'connected') setStatus('connected');
      })
      .catch(() => {
        // Still unreachable: the indicator stays until the next state change or wake-up.
      });
  };

  let link: LinkState = initialLink;
  let stopPolling: (() => void) | null = null;
  /** Set while this keeper itself drops the socket, whose 'disconnected' is then no failure. */
  let restarting = false;
  let restartTimer: ReturnType<typeof setTimeout> | null = null;

  /** A fresh connect at once when not connected (a wake-up, the API back); its 'disconnected' is no failure. */
  const restartNow = () => {
    if (cancelled || !current || unauthorized || current.state() === 'connected') return;
    if (restartTimer) clearTimeout(restartTimer);
    restartTimer = null;
    restarting = true;
    try {
      current.reconnectNow();
    } finally {
      restarting = false;
    }
  };

  const restartSoon = (delayMs: number) => {
    if (restartTimer) clearTimeout(restartTimer);
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (cancelled || !current) return;
      restarting = true;
      try {
        current.restart();
      } finally {
        restarting = false;
      }
    }, delayMs);
  };

  /** Polls while the link is in 'poll' mode; the socket, when it comes back, ends it. */
  const applyLink = (event: LinkEvent) => {
    link = linkReducer(link, event);
    if (link.mode === 'poll') {
      setStatus('polling');
      stopPolling ??= startVisiblePolling(() => void events.missed().catch(() => {}), document);
    } else if (stopPolling) {
      stopPolling();
      stopPolling = null;
    }
  };

  /** Set from a 4009 close until /api/me has said whether this browser is still logged in. */
  let unauthorized = false;
  const onUnauthorized = () => {
    unauthorized = true;
    void checkLogin().then(async (login) => {
      if (login === 'live') {
        // Still logged in (a remember-me renewal keeps the device): connect and subscribe again,
        // each channel authorised by the login that is live now.
        unauthorized = false;
        if (!cancelled && current) restartSoon(0);
        return;
      }
      if (cancelled) return;
      if (login === 'ended') {
        await events.loginEnded();
        // The BFF route clears the stale cookie and shows /login (as useMe does on a 401).
        window.location.assign('/auth/expired');
        return;
      }
      // The API did not answer: try the socket again later, which asks anew if refused again.
      unauthorized = false;
      if (current) restartSoon(REFUSED_RETRY_MS);
    });
  };

  const onState = ({ current: now }: StateChange) => {
    if (now === 'connected') {
      const wasPolling = link.mode === 'poll';
      applyLink({ type: 'connected' });
      if (everConnected || wasPolling) resync();
      else setStatus('connected');
      everConnected = true;
      return;
    }
    if (now === 'failed') {
      // pusher-js cannot open a socket in this browser at all.
      applyLink({ type: 'no-socket' });
      return;
    }
    if (now === 'disconnected' && unauthorized) {
      // Not a failure of the link: onUnauthorized decides what comes next.
      setStatus('offline');
      return;
    }
    if (now === 'unavailable' || (now === 'disconnected' && !restarting)) {
      // A connect that did not succeed in pusher-js's time (10 s), or one the service refused (a
      // key it does not know): counted, then a fresh try.
      applyLink({ type: 'failed' });
      restartSoon(now === 'unavailable' ? 0 : REFUSED_RETRY_MS);
    }
    if (link.mode === 'poll') return;
    if (now === 'connecting' && !everConnected) setStatus('connecting');
    else setStatus('offline');
  };

  const start = async () => {
    if (link.mode !== 'poll') setStatus('connecting');
    try {
      const config = await resolveRealtimeConfig();
      if (cancelled) return;
      if (!config) {
        // No key anywhere: no socket, and no 'Kapcsolódás…' for ever either.
        applyLink({ type: 'no-socket' });
        return;
      }
      const made = await connectRealtime(config);
      if (cancelled) {
        made.disconnect();
        return;
      }
      current = made;
      connection = made;
      // Before the state listener: pusher-js reports the close's error before 'disconnected'.
      made.onUnauthorized(onUnauthorized);
      made.onStateChange(onState);
      if (made.state() === 'connected') onState({ previous: 'connecting', current: 'connected' });
      onConnection(made);
    } catch {
      if (cancelled) return;
      applyLink({ type: 'failed' });
      if (link.mode !== 'poll') setStatus('offline');
      retry = setTimeout(() => void start(), CONFIG_RETRY_MS[Math.min(attempt++, CONFIG_RETRY_MS.length - 1)]);
    }
  };

  const stopWatching = watchWake(() => {
    if (!current) return;
    if (current.state() === 'connected') resync();
    else restartNow();
  });
  reconnectAtOnce = restartNow;

  // Off the critical path: Echo and pusher-js come in their own chunk once the page has hydrated
  // and the browser is idle (at the latest after KICKOFF_LIMIT_MS), so loading them never lengthens
  // the page's start on a weak PC; the first connect fetches the player again anyway.
  const cancelKickoff = whenIdle(() => void start(), KICKOFF_LIMIT_MS);

  return () => {
    cancelled = true;
    if (reconnectAtOnce === restartNow) reconnectAtOnce = null;
    stopPolling?.();
    if (restartTimer) clearTimeout(restartTimer);
    cancelKickoff();
    stopWatching();
    if (retry) clearTimeout(retry);
    current?.disconnect();
    if (connection === current) connection = null;
  };
}
