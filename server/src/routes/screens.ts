import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  screenBodySchema,
  screenMessages,
  type PublicScreen,
  type Screen,
  type ScreenBody,
  type ScreenSlideshow,
} from '../../../contracts/screens';
import type { AppContext } from '../context';
import { transaction } from '../db/client';
import { deactivateEmptyScheduledContents } from '../db/queries/scheduled-contents';
import {
  createScreen,
  deleteScreen,
  getScreen,
  getScreenByHash,
  listScreens,
  screenShowsSlideshow,
  updateScreen,
} from '../db/queries/screens';
import { getSlideshow, getSlideshowBase } from '../db/queries/slideshows';
import { randomString } from '../security/crypto';
import { HttpError, messages, ValidationError } from '../http/errors';
import { sendJson } from '../http/json';
import { idParam } from '../http/params';
import { bodyOf } from '../http/request';
import { screenResource, screenSlideshowResource } from '../resources';
import { validate } from '../http/validation';

/** Length of a new screen's public id: 16 of 62 characters, about 95 bits. */
const HASH_LENGTH = 16;
const HASH_PATTERN = /^[A-Za-z0-9_-]{12,64}$/;

/**
 * Screens: the shop's in-store TVs (list, create, update, delete) and the two public calls their
 * page makes without a login, by the screen's unguessable `hash_id`. A change of a screen's name
 * or default slideshow is broadcast as `ScreenUpdated` on its public channel `screen.{hash_id}`.
 */
export function registerScreenRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;
  type P = { Params: { id: string } };

  const screenOr404 = async (req: FastifyRequest, raw: string) => {
    const row = await getScreen(db, { customerId: req.tenant.id, id: idParam(raw) });
    if (!row) throw new HttpError(404, messages.notFound);
    return row;
  };

  /** The body, with the default slideshow checked to be this shop's (else 422 `slideshow_id`). */
  const fieldsOf = async (req: FastifyRequest, body: ScreenBody) => {
    if (
      body.slideshow_id !== null &&
      !(await getSlideshowBase(db, { customerId: req.tenant.id, id: body.slideshow_id }))
    ) {
      throw new ValidationError({ slideshow_id: [screenMessages.slideshow] });
    }
    return { name: body.name, description: body.description, slideshowId: body.slideshow_id };
  };

  const notify = async (req: FastifyRequest, hashId: string) => {
    try {
      await ctx.realtime.screenUpdated([hashId]);
    } catch (err) {
      req.log.warn({ err }, 'ScreenUpdated not broadcast');
    }
  };

  const answer = async (req: FastifyRequest, id: number): Promise<Screen> => {
    const row = await getScreen(db, { customerId: req.tenant.id, id });
    if (!row) throw new HttpError(404, messages.notFound);
    return screenResource(row);
  };

  app.get('/api/screens', async (req): Promise<Screen[]> => {
    return (await listScreens(db, { customerId: req.tenant.id })).map(screenResource);
  });

  app.post('/api/screens', { schema: { body: screenBodySchema } }, async (req, reply): Promise<Screen> => {
    const fields = await fieldsOf(req, req.body);
    const row = await createScreen(db, { customerId: req.tenant.id, hashId: randomString(HASH_LENGTH), ...fields });
    reply.code(201);
    return answer(req, row.id);
  });

  app.post<P>('/api/screens/:id', async (req): Promise<Screen> => {
    const old = await screenOr404(req, req.params.id);
    // Judged once the row is found: a foreign id is 404 before any word about the fields.
    const fields = await fieldsOf(req, validate(screenBodySchema, bodyOf(req)));
    const row = await updateScreen(db, { customerId: req.tenant.id, id: old.id, ...fields });
    if (!row) throw new HttpError(404, messages.notFound);
    if (row.name !== old.name || row.slideshowId !== old.slideshowId) await notify(req, row.hashId);
    return answer(req, row.id);
  });

  /** Bare `true`; an open screen page hears ScreenUpdated, refetches and finds it gone (404). */
  /** Also unlinks it from the schedules: one left with nothing to play (or show) turns inactive. */
  app.post<P>('/api/screens/delete/:id', async (req, reply) => {
    const customerId = req.tenant.id;
    const row = await transaction(db, async (tx) => {
      const deleted = await deleteScreen(tx, { customerId, id: idParam(req.params.id) });
      if (deleted) await deactivateEmptyScheduledContents(tx, { customerId });
      return deleted;
    });
    if (!row) throw new HttpError(404, messages.notFound);
    await notify(req, row.hashId);
    return sendJson(reply, true);
  });

  // The screen page's calls: no login, the unguessable hash_id is the credential (within its shop).
  const publicScreenOr404 = async (req: FastifyRequest, hashId: string) => {
    if (!HASH_PATTERN.test(hashId)) throw new HttpError(404, messages.notFound);
    const screen = await getScreenByHash(db, { customerId: req.tenant.id, hashId });
    if (!screen) throw new HttpError(404, messages.notFound);
    return screen;
  };

  app.get<{ Params: { hashId: string } }>(
    '/api/screens/public/:hashId',
    { config: { auth: 'any' } },
    async (req): Promise<PublicScreen> => {
      const screen = await publicScreenOr404(req, req.params.hashId);
      const slideshow =
        screen.slideshowId !== null
          ? await getSlideshow(db, { customerId: screen.customerId, id: screen.slideshowId })
          : undefined;
      return { name: screen.name, slideshow: slideshow ? screenSlideshowResource(storage, slideshow) : null };
    },
  );

  /**
   * A slideshow as ShowSlideshow names it: only the screen's default or one a schedule sends to this
   * screen. A screen's link is seen by anyone in the shop, so it must not open the shop's other
   * slideshows (404, as for one that does not exist).
   */
  app.get<{ Params: { hashId: string; id: string } }>(
    '/api/screens/public/:hashId/slideshows/:id',
    { config: { auth: 'any' } },
    async (req): Promise<ScreenSlideshow> => {
      const screen = await publicScreenOr404(req, req.params.hashId);
      const slideshowId = idParam(req.params.id);
      if (!(await screenShowsSlideshow(db, { customerId: screen.customerId, screen, slideshowId }))) {
        throw new HttpError(404, messages.notFound);
      }
      const slideshow = await getSlideshow(db, { customerId: screen.customerId, id: slideshowId });
      if (!slideshow) throw new HttpError(404, messages.notFound);
      return screenSlideshowResource(storage, slideshow);
    },
  );
}
