/**
 * The realtime part of the environment of a web app started beside the bundled tenant API (`npm start`,
 * the test stacks, the cluster), so that the pages' Content-Security-Policy names the socket the
 * browsers really open, and no other.
 *
 * The web's PUSHER_KEY and PUSHER_PUBLIC_* describe the socket of an API that has no
 * /api/realtime-config (a Laravel one), and the policy's `connect-src` lists it: a key alone means
 * hosted Pusher (`wss://ws-<cluster>.pusher.com:443`). The bundled API always answers that call,
 * and with its built-in realtime server (BROADCAST_DRIVER unset or `builtin`) the browsers connect
 * to it: PUSHER_KEY is then that server's own key, no hosted Pusher's, and is not passed on.
 * A socket it is reached at elsewhere (PUSHER_PUBLIC_HOST) joins CSP_EXTRA_ORIGINS. With an
 * external service (BROADCAST_DRIVER=pusher) the web gets the key, and the service's own host
 * (PUSHER_HOST) when no public one is named, as the API's /api/realtime-config gives them.
 */

const TRUE = ['true', '1', 'on', 'yes'];

/** `env` as the web app beside the bundled API on `apiPort` gets it (a copy; `env` is left alone). */
export function webRealtimeEnv(env, apiPort) {
  const out = { ...env };
  // The API takes on/off and yes/no too; the web 1 or 0.
  const tls = (name) => (out[name] ? (TRUE.includes(out[name].toLowerCase()) ? '1' : '0') : undefined);
  if (out.PUSHER_PUBLIC_TLS) out.PUSHER_PUBLIC_TLS = tls('PUSHER_PUBLIC_TLS');
  if (out.BROADCAST_DRIVER === 'pusher') {
    if (!out.PUSHER_PUBLIC_HOST && out.PUSHER_HOST) {
      out.PUSHER_PUBLIC_HOST = out.PUSHER_HOST;
      if (!out.PUSHER_PUBLIC_PORT && out.PUSHER_PORT) out.PUSHER_PUBLIC_PORT = out.PUSHER_PORT;
      if (!out.PUSHER_PUBLIC_TLS) out.PUSHER_PUBLIC_TLS = tls('PUSHER_USE_TLS') ?? '0';
    }
    return out;
  }
  delete out.PUSHER_KEY;
  if (out.PUSHER_PUBLIC_HOST) {
    const secure = tls('PUSHER_PUBLIC_TLS') === '1';
    const socket = `${secure ? 'wss' : 'ws'}://${out.PUSHER_PUBLIC_HOST}:${out.PUSHER_PUBLIC_PORT || apiPort}`;
    out.CSP_EXTRA_ORIGINS = [out.CSP_EXTRA_ORIGINS, socket].filter(Boolean).join(',');
  }
  return out;
}
