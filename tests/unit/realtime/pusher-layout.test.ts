/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The WebSocket-only client is built from pusher-js's TypeScript sources (scripts/build-pusher-client.mjs),
// a layout its semver does not promise: the package is pinned exactly, and this fails when an upgrade
// (or a changed install) moves, adds or drops a file the bundle is made of, so the runtime we replace
// is looked at again before such a build ships.

const ROOT = path.join(__dirname, '../../..');

const PINNED_VERSION = '8.6.0';

const BUNDLE_INPUTS = [
  'src/core/auth/channel_authorizer.ts',
  'src/core/auth/deprecated_channel_authorizer.ts',
  'src/core/auth/options.ts',
  'src/core/auth/user_authenticator.ts',
  'src/core/base64.ts',
  'src/core/channels/channel.ts',
  'src/core/channels/channels.ts',
  'src/core/channels/members.ts',
  'src/core/channels/presence_channel.ts',
  'src/core/channels/private_channel.ts',
  'src/core/config.ts',
  'src/core/connection/connection.ts',
  'src/core/connection/connection_manager.ts',
  'src/core/connection/handshake/index.ts',
  'src/core/connection/protocol/protocol.ts',
  'src/core/defaults.ts',
  'src/core/errors.ts',
  'src/core/events/callback_registry.ts',
  'src/core/events/dispatcher.ts',
  'src/core/logger.ts',
  'src/core/options.ts',
  'src/core/pusher.ts',
  'src/core/strategies/best_connected_ever_strategy.ts',
  'src/core/strategies/delayed_strategy.ts',
  'src/core/strategies/first_connected_strategy.ts',
  'src/core/strategies/sequential_strategy.ts',
  'src/core/strategies/strategy_builder.ts',
  'src/core/strategies/transport_strategy.ts',
  'src/core/strategies/websocket_prioritized_cached_strategy.ts',
  'src/core/timeline/level.ts',
  'src/core/timeline/timeline.ts',
  'src/core/timeline/timeline_sender.ts',
  'src/core/transports/assistant_to_the_transport_manager.ts',
  'src/core/transports/transport.ts',
  'src/core/transports/transport_connection.ts',
  'src/core/transports/transport_manager.ts',
  'src/core/transports/url_schemes.ts',
  'src/core/user.ts',
  'src/core/util.ts',
  'src/core/utils/collections.ts',
  'src/core/utils/factory.ts',
  'src/core/utils/flat_promise.ts',
  'src/core/utils/timers/abstract_timer.ts',
  'src/core/utils/timers/index.ts',
  'src/core/utils/url_store.ts',
  'src/core/watchlist.ts',
  'src/runtimes/isomorphic/auth/xhr_auth.ts',
  'src/runtimes/web/net_info.ts',
];

function buildInputs(): { version: string; inputs: string[] } {
  const script =
    "import('./scripts/build-pusher-client.mjs').then(async (m) => process.stdout.write(JSON.stringify(await m.pusherClientInputs())))";
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

test('pusher-js is pinned exactly in package.json', () => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  expect(pkg.dependencies['pusher-js']).toBe(PINNED_VERSION);
});

test('the WebSocket-only build is made of the pinned version and the same source files', () => {
  const built = buildInputs();
  expect(built.version).toBe(PINNED_VERSION);
  expect(built.inputs).toEqual(BUNDLE_INPUTS);
}, 60_000);
