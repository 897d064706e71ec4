import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../contracts/errors';
import {
  deviceNameBodySchema,
  deviceParamsSchema,
  deviceRenamedEventSchema,
  type DeviceRenamedEvent,
} from '../../../contracts/realtime';
import { deviceZoneBodySchema, deviceZoneEventSchema, type DeviceZoneEvent } from '../../../contracts/zones';
import type { AppContext } from '../context';
import { setDeviceZone } from '../db/queries/zones';
import { zoneFor } from './zones';
import { deviceKeyOfLogin, setDeviceName } from '../db/queries/device-names';
import { HttpError, messages } from '../http/errors';

/** A presence id as the API gives them (randomId); anything else names no device login. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Named devices (the bundled API's own call; a Laravel API has none and the web app hides the
 * rename there). `id` is the device's presence id (its login's session_id, what the device list
 * knows); the name is kept for the browser behind that login, so it outlives the login.
 */
export function registerDeviceRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  // The name is judged first, so a bad one answers 422 whichever device it was meant for.
  const schema = {
    params: deviceParamsSchema,
    body: deviceNameBodySchema,
    response: { 200: deviceRenamedEventSchema, 404: messageSchema },
  };
  app.post('/api/devices/:sessionId/name', { config: { webApp: 'optional' }, schema }, async (req) => {
    const { name } = req.body;
    const sessionId = req.params.sessionId;
    const customerId = req.tenant.id;
    const deviceKey = SESSION_ID.test(sessionId) ? await deviceKeyOfLogin(db, { customerId, sessionId }) : undefined;
    if (deviceKey === undefined) throw new HttpError(404, messages.notFound);
    await setDeviceName(db, { customerId, deviceKey, name });
    const event: DeviceRenamedEvent = { id: sessionId, name };
    // Every device, the renaming one too: its list updates the same way whoever renamed.
    await ctx.realtime.deviceRenamed(customerId, event).catch((err) => {
      req.log.warn({ err }, 'DeviceRenamed could not be broadcast');
    });
    return event;
  });

  /**
   * The zone this device last steered (zones, issue 43), kept for its browser like its name and
   * told to every device of the shop (DEVICE_ZONE_EVENT on the presence channel). Another shop's
   * zone, or a deleted one: 404.
   */
  app.post(
    '/api/devices/:sessionId/zone',
    {
      config: { webApp: 'optional' },
      schema: {
        params: deviceParamsSchema,
        body: deviceZoneBodySchema,
        response: { 200: deviceZoneEventSchema, 404: messageSchema },
      },
    },
    async (req) => {
      const sessionId = req.params.sessionId;
      const customerId = req.tenant.id;
      const deviceKey = SESSION_ID.test(sessionId) ? await deviceKeyOfLogin(db, { customerId, sessionId }) : undefined;
      if (deviceKey === undefined) throw new HttpError(404, messages.notFound);
      const zone = await zoneFor(db, customerId, req.body.zone_id);
      await setDeviceZone(db, { customerId, deviceKey, zoneId: zone.id });
      const event: DeviceZoneEvent = { id: sessionId, zone_id: zone.id };
      await ctx.realtime.deviceZoneChanged(customerId, event).catch((err) => {
        req.log.warn({ err }, 'DeviceZoneChanged could not be broadcast');
      });
      return event;
    },
  );
}
