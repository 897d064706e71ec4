import type Echo from 'laravel-echo';
import type { RealtimeConfig } from '@/contracts';
import { setSocketId } from '@/lib/api/socket-id';
import { ECHO_NAMESPACE } from './names';

export type PusherState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

export interface StateChange {
  previous: PusherState;
  current: PusherState;
}

/** The Echo instance plus the few pusher-js connection calls the app needs. */
export interface RealtimeConnection {
  echo: Echo<'pusher'>;
  state(): PusherState;
  onStateChange(listener: (change: StateChange) => void): () => void;
  /**
   * The server closed the socket with 4009: the login that authorised its channels ended (or is no
   * longer this one). pusher-js does not reconnect after a 4000–4099 close; the caller decides.
   */
  onUnauthorized(listener: () => void): () => void;
  /**
   * Try at once instead of waiting for pusher-js's back-off (a page that woke up, the server back):
   * a fresh connect, also over an attempt under way ('connecting' may be waiting on a server that is
   * gone). Nothing when connected.
   */
  reconnectNow(): void;
  /** Drops the attempt under way and starts a fresh one (a connect that went 'unavailable'). */
  restart(): void;
  disconnect(): void;
}

/** The options handed to `new Echo(...)` (and by Echo to pusher-js), from the runtime config. */
export function echoOptions(config: RealtimeConfig) {
  return {
    broadcaster: 'pusher' as const,
    key: config.key,
    // pusher-js 8 refuses to start without a cluster even when wsHost is set.
    cluster: config.cluster || 'mt1',
    wsHost: config.wsHost,
    wsPort: config.wsPort,
    wssPort: config.wssPort,
    forceTLS: config.forceTLS,
    // Only the socket: the HTTP fallbacks would go to pusher.com, which this server is not.
    enabledTransports: ['ws', 'wss'] as ('ws' | 'wss')[],
    disableStats: true,
    // Same origin, through the BFF, so the sealed session cookie rides along. Laravel's route
    // needs no CSRF token, and pusher-js posts urlencoded with XHR.
    authEndpoint: '/broadcasting/auth',
    namespace: ECHO_NAMESPACE,
  };
}

/** The server's close code for a login that ended (CONTRACTS.md §1.4: 4009, unauthorized). */
export const UNAUTHORIZED_CLOSE = 4009;

/**
 * pusher-js reports a close with a code as `{type:'WebSocketError', error:{type:'PusherError',
 * data:{code}}}`; a `pusher:error` message alone (the socket stays open) comes as a bare
 * PusherError and is not an end.
 */
export function isUnauthorizedClose(error: unknown): boolean {
  const e = error as { type?: string; error?: { data?: { code?: unknown } } } | null;
  return e?.type === 'WebSocketError' && e.error?.data?.code === UNAUTHORIZED_CLOSE;
}

/**
 * Loads Echo and pusher-js (on demand, so they stay out of the first page load) and connects.
 * The socket id goes into every BFF call while connected, so the API can leave this device out
 * of the broadcasts its own calls cause.
 */
export async function connectRealtime(config: RealtimeConfig): Promise<RealtimeConnection> {
  // pusher-js built for the WebSocket transport only (./pusher-ws: same class and API, ≈5 kB gzip less).
  const [{ default: EchoClass }, { default: Pusher }] = await Promise.all([
    import('laravel-echo'),
    import('./pusher-ws/pusher'),
  ]);
  const echo = new EchoClass<'pusher'>({ ...echoOptions(config), Pusher } as ConstructorParameters<
    typeof EchoClass<'pusher'>
  >[0]);
  const pusher = echo.connector.pusher;
  const connection = pusher.connection;

  const trackSocket = ({ current }: StateChange) => {
    setSocketId(current === 'connected' ? (connection.socket_id ?? null) : null);
  };
  connection.bind('state_change', trackSocket);
  if (connection.state === 'connected') setSocketId(connection.socket_id ?? null);

  return {
    echo,
    state: () => connection.state as PusherState,
    onUnauthorized(listener) {
      const onError = (error: unknown) => {
        if (isUnauthorizedClose(error)) listener();
      };
      connection.bind('error', onError);
      return () => connection.unbind('error', onError);
    },
    onStateChange(listener) {
      connection.bind('state_change', listener);
      return () => connection.unbind('state_change', listener);
    },
    reconnectNow() {
      if (connection.state === 'connected') return;
      pusher.disconnect();
      pusher.connect();
    },
    restart() {
      // pusher-js subscribes its channels again once the new socket is connected.
      pusher.disconnect();
      pusher.connect();
    },
    disconnect() {
      connection.unbind('state_change', trackSocket);
      setSocketId(null);
      echo.disconnect();
    },
  };
}
