import type { FastifyInstance } from 'fastify';
import { deviceNameBodySchema, type DeviceRenamedEvent } from '../../../contracts/realtime';
import type { AppContext } from '../context';
import { deviceKeyOfLogin, setDeviceName } from '../db/queries/device-names';
import { HttpError, messages } from '../http/errors';
import { bodyOf } from '../http/request';
import { validate } from '../http/validation';

/** A presence id as the API gives them (randomId); anything else names no device login. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Named devices (the bundled API's own call; a Laravel API has none and the web app hides the
 * rename there). `id` is the device's presence id (its login's session_id, what the device list
 * knows); the name is kept for the browser behind that login, so it outlives the login.
 */
export function registerDeviceRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.post<{ Params: { sessionId: string } }>('/api/devices/:sessionId/name', async (req) => {
    // The name is judged first, so a bad one answers 422 whichever device it was meant for.
    const { name } = validate(deviceNameBodySchema, bodyOf(req));
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
}
