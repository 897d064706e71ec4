import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema, validationErrorSchema } from '../../../contracts/errors';
import {
  broadcastingMessages,
  channelAuthBodySchema,
  channelAuthSchema,
  presenceCustomerChannel,
  realtimeConfigSchema,
  type ChannelAuth,
  type ChannelAuthBody,
  type PresenceChannelData,
  type RealtimeConfig,
} from '../../../contracts/realtime';
import type { AppContext } from '../context';
import { HttpError, messages } from '../http/errors';
import { bodyOrQuery } from '../http/request';
import { PlayerRefusal } from '../player/refusals';
import { deviceName, loginDeviceKey } from '../db/queries/device-names';
import { deviceZone } from '../db/queries/zones';
import { deviceFromUserAgent } from '../realtime/device';
import { signChannel } from '../realtime/protocol';

/**
 * Channel authorization as Laravel's `Broadcast::routes()` answers it (routes/channels.php:
 * `player.{id}` for the customer's players, `customer.{id}` for the own customer), and the
 * runtime settings the web app builds Echo from.
 */

export { broadcastingMessages };

const PLAYER_CHANNEL = /^private-player\.([^.]+)$/;
const CUSTOMER_CHANNEL = /^presence-customer\.([^.]+)$/;

export function registerBroadcastingRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const realtime = ctx.realtime;
  const forbidden = () => new HttpError(403, broadcastingMessages.forbidden);

  /** Laravel answers a guest with 403 (AccessDeniedHttpException), not 401, before a word about the input. */
  const guestRefused = async (req: FastifyRequest) => {
    if (!req.user || !req.session) throw new HttpError(403, messages.forbidden);
  };

  async function authorize(req: FastifyRequest, input: ChannelAuthBody): Promise<ChannelAuth> {
    if (!req.user || !req.session) throw new HttpError(403, messages.forbidden);
    const channel = input.channel_name;
    // Our own server closes the socket when this login ends; a hosted service's sockets are beyond reach.
    const session = req.session;
    const grant = async () => {
      if (ctx.config.broadcastDriver !== 'builtin') return;
      await realtime.grant({
        socketId: input.socket_id,
        channel,
        customerId: req.tenant.id,
        sessionId: session.sessionId,
      });
    };

    const player = PLAYER_CHANNEL.exec(channel);
    if (player) {
      const id = player[1]!;
      if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) throw forbidden();
      try {
        await ctx.players.get({ customerId: req.tenant.id, sessionId: req.session.sessionId }, Number(id));
      } catch (err) {
        if (err instanceof PlayerRefusal && err.reason === 'not-found') throw forbidden();
        throw err;
      }
      await grant();
      return { auth: signChannel(realtime.app, input.socket_id, channel) };
    }

    const customer = CUSTOMER_CHANNEL.exec(channel);
    if (customer && channel === presenceCustomerChannel(req.tenant.id)) {
      const sessionId = req.session.sessionId;
      const userAgent = req.headers['user-agent'];
      const device = deviceFromUserAgent(sessionId, Array.isArray(userAgent) ? userAgent[0] : userAgent);
      // The browser's name as of now; later renames reach the members by DeviceRenamed.
      const deviceKey = loginDeviceKey(req.session);
      const [name, zoneId] = await Promise.all([
        deviceName(ctx.db, { customerId: req.tenant.id, deviceKey }),
        deviceZone(ctx.db, { customerId: req.tenant.id, deviceKey }),
      ]);
      // The zone it last steered (zones, issue 43) rides along like its name; later changes by DeviceZoneChanged.
      const info = zoneId === null ? device : { ...device, zone_id: zoneId };
      const data: PresenceChannelData = { user_id: sessionId, user_info: name ? { ...info, name } : info };
      // Signed and answered as this exact string: the server verifies it byte for byte.
      const channelData = JSON.stringify(data);
      await grant();
      return { auth: signChannel(realtime.app, input.socket_id, channel, channelData), channel_data: channelData };
    }
    throw forbidden();
  }

  // Laravel registers GET and POST; pusher-js posts a urlencoded form, the BFF may send JSON. A
  // field the POST's body lacks is read from its query.
  const response = { 200: channelAuthSchema, 403: messageSchema, 422: validationErrorSchema };
  app.post(
    '/broadcasting/auth',
    {
      config: { auth: 'any', csrf: false },
      preValidation: [guestRefused, bodyOrQuery('socket_id', 'channel_name')],
      schema: { body: channelAuthBodySchema, response },
    },
    (req) => authorize(req, req.body),
  );
  app.get(
    '/broadcasting/auth',
    { config: { auth: 'any' }, preValidation: guestRefused, schema: { querystring: channelAuthBodySchema, response } },
    (req) => authorize(req, req.query),
  );

  const config = { config: { auth: 'any' }, schema: { response: { 200: realtimeConfigSchema } } } as const;
  app.get('/api/realtime-config', config, async (): Promise<RealtimeConfig> => {
    const c = ctx.config;
    if (c.broadcastDriver === 'builtin') {
      const port = c.pusherPublicPort ?? c.port;
      return {
        key: c.pusherKey,
        wsHost: c.pusherPublicHost ?? '127.0.0.1',
        wsPort: port,
        wssPort: port,
        forceTLS: c.pusherPublicTls ?? false,
        cluster: c.pusherCluster,
      };
    }
    // External service: hosted Pusher by cluster, or the self-hosted one named by PUSHER_HOST.
    const port = c.pusherPublicPort ?? c.pusherPort;
    return {
      key: c.pusherKey,
      wsHost: c.pusherPublicHost ?? c.pusherHost ?? `ws-${c.pusherCluster}.pusher.com`,
      wsPort: port ?? 80,
      wssPort: port ?? 443,
      forceTLS: c.pusherPublicTls ?? c.pusherUseTls,
      cluster: c.pusherCluster,
    };
  });
}
