// pusher-js's browser runtime for this app: the WebSocket transport only.
//
// pusher-js keeps everything platform-specific behind one module, `runtime` (its
// src/runtimes/interface.ts); its own web runtime adds HTTP streaming and polling, SockJS, JSONP
// and XDomainRequest, all of which reach pusher.com's hosts and none of which this app enables
// (lib/realtime/echo.ts: `enabledTransports: ['ws', 'wss']`, `disableStats: true`). This runtime
// keeps what the app does use, taken from pusher-js's web and isomorphic runtimes: the `ws`/`wss`
// transports with the same connection strategy (ws, then wss after 2 s, each looping with pusher-js's
// timeouts, the last good transport cached), the online/offline events, the XHR channel
// authorizer, and the page-hide listener. scripts/build-pusher-client.mjs bundles it with
// pusher-js's core into ./pusher.js.
import xhrAuth from 'isomorphic/auth/xhr_auth';
import { Network } from 'runtimes/web/net_info';
import Transport from 'core/transports/transport';
import * as URLSchemes from 'core/transports/url_schemes';
import TransportManager from 'core/transports/transport_manager';
import SequentialStrategy from 'core/strategies/sequential_strategy';
import BestConnectedEverStrategy from 'core/strategies/best_connected_ever_strategy';
import DelayedStrategy from 'core/strategies/delayed_strategy';
import FirstConnectedStrategy from 'core/strategies/first_connected_strategy';
import WebSocketPrioritizedCachedStrategy from 'core/strategies/websocket_prioritized_cached_strategy';

const WSTransport = new Transport({
  urls: URLSchemes.ws,
  handlesActivityChecks: false,
  supportsPing: false,
  isInitialized: () => typeof WebSocket !== 'undefined',
  isSupported: () => typeof WebSocket !== 'undefined',
  getSocket: (url) => new WebSocket(url),
});

/** pusher-js's web default strategy without its HTTP branch. */
function getDefaultStrategy(config, baseOptions, defineTransport) {
  const definedTransports = {};
  const defineTransportStrategy = (name, options, manager) =>
    (definedTransports[name] = defineTransport(config, name, 'ws', 3, options, manager));

  const wsOptions = {
    ...baseOptions,
    hostNonTLS: config.wsHost + ':' + config.wsPort,
    hostTLS: config.wsHost + ':' + config.wssPort,
    httpPath: config.wsPath,
  };
  const timeouts = { loop: true, timeout: 15000, timeoutLimit: 60000 };
  const manager = new TransportManager({ minPingDelay: 10000, maxPingDelay: config.activityTimeout });
  const wsLoop = new SequentialStrategy([defineTransportStrategy('ws', wsOptions, manager)], timeouts);
  const wssLoop = new SequentialStrategy(
    [defineTransportStrategy('wss', { ...wsOptions, useTLS: true }, manager)],
    timeouts,
  );
  const strategy = baseOptions.useTLS
    ? wssLoop
    : new BestConnectedEverStrategy([wsLoop, new DelayedStrategy(wssLoop, { delay: 2000 })]);

  return new WebSocketPrioritizedCachedStrategy(new FirstConnectedStrategy(strategy), definedTransports, {
    ttl: 1800000,
    timeline: baseOptions.timeline,
    useTLS: baseOptions.useTLS,
  });
}

const noHttp = () => {
  throw new Error('pusher-js is built with the WebSocket transport only');
};

const Runtime = {
  setup(PusherClass) {
    const whenBody = () => (document.body ? PusherClass.ready() : setTimeout(whenBody, 0));
    whenBody();
  },
  getProtocol: () => document.location.protocol,
  getAuthorizers: () => ({ ajax: xhrAuth }),
  getLocalStorage() {
    try {
      return window.localStorage;
    } catch {
      return undefined;
    }
  },
  // Stats are off (`disableStats`), so the timeline is never sent; the name is all core reads.
  TimelineTransport: { name: 'none', getAgent: () => noHttp },
  createXHR: () => new XMLHttpRequest(),
  createWebSocket: (url) => new WebSocket(url),
  getNetwork: () => Network,
  getDefaultStrategy,
  Transports: { ws: WSTransport },
  getWebSocketAPI: () => WebSocket,
  getXHRAPI: () => XMLHttpRequest,
  addUnloadListener: (listener) => window.addEventListener('pagehide', listener, false),
  removeUnloadListener: (listener) => window.removeEventListener('pagehide', listener, false),
  transportConnectionInitializer() {
    if (this.hooks.isInitialized()) this.changeState('initialized');
    else this.onClose();
  },
  HTTPFactory: {
    createStreamingSocket: noHttp,
    createPollingSocket: noHttp,
    createSocket: noHttp,
    createXHR: noHttp,
    createRequest: noHttp,
  },
  isXHRSupported: () => true,
  createSocketRequest: noHttp,
  randomInt(max) {
    // As pusher-js's web runtime: rejection sampling, no bias for a max that does not divide 2^32.
    const limit = Math.floor(2 ** 32 / max) * max;
    let random;
    do {
      random = crypto.getRandomValues(new Uint32Array(1))[0];
    } while (random >= limit);
    return random % max;
  },
};

export default Runtime;
