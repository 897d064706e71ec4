import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema, validationErrorSchema } from '../../../contracts/errors';
import { idParamsSchema, trueAnswerSchema } from '../../../contracts/fields';
import {
  publicScreenParamsSchema,
  publicScreenSchema,
  publicScreenSlideshowParamsSchema,
  screenBodySchema,
  screenListSchema,
  screenMessages,
  screenSchema,
  screenSlideshowSchema,
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
import { rowBeforeBody } from '../http/params';
import { screenResource, screenSlideshowResource } from '../resources';

/** Length of a new screen's public id: 16 of 62 characters, about 95 bits. */
const HASH_LENGTH = 16;

/**
 * Screens: the shop's in-store TVs (list, create, update, delete) and the two public calls their
 * page makes without a login, by the screen's unguessable `hash_id`. A change of a screen's name
 * or default slideshow is broadcast as `ScreenUpdated` on its public channel `screen.{hash_id}`.
 */
export function registerScreenRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;
  const notFound = { 404: messageSchema };

  const screenOr404 = async (req: FastifyRequest, id: number) => {
    const row = await getScreen(db, { customerId: req.tenant.id, id });
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

  app.get('/api/screens', { schema: { response: { 200: screenListSchema } } }, async (req): Promise<Screen[]> => {
    return (await listScreens(db, { customerId: req.tenant.id })).map(screenResource);
  });

  const create = { schema: { body: screenBodySchema, response: { 201: screenSchema, 422: validationErrorSchema } } };
  app.post('/api/screens', create, async (req, reply): Promise<Screen> => {
    const fields = await fieldsOf(req, req.body);
    const row = await createScreen(db, { customerId: req.tenant.id, hashId: randomString(HASH_LENGTH), ...fields });
    reply.code(201);
    return answer(req, row.id);
  });

  const update = {
    // Judged once the row is found: a foreign id is 404 before any word about the fields.
    preValidation: rowBeforeBody('id', async (req, id) => !!(await getScreen(db, { customerId: req.tenant.id, id }))),
    schema: {
      params: idParamsSchema,
      body: screenBodySchema,
      response: { 200: screenSchema, ...notFound, 422: validationErrorSchema },
    },
  };
  app.post('/api/screens/:id', update, async (req): Promise<Screen> => {
    const old = await screenOr404(req, req.params.id);
    const fields = await fieldsOf(req, req.body);
    const row = await updateScreen(db, { customerId: req.tenant.id, id: old.id, ...fields });
    if (!row) throw new HttpError(404, messages.notFound);
    if (row.name !== old.name || row.slideshowId !== old.slideshowId) await notify(req, row.hashId);
    return answer(req, row.id);
  });

  /** Bare `true`; an open screen page hears ScreenUpdated, refetches and finds it gone (404). */
  /** Also unlinks it from the schedules: one left with nothing to play (or show) turns inactive. */
  const remove = { schema: { params: idParamsSchema, response: { 200: trueAnswerSchema, ...notFound } } };
  app.post('/api/screens/delete/:id', remove, async (req, reply) => {
    const customerId = req.tenant.id;
    const row = await transaction(db, async (tx) => {
      const deleted = await deleteScreen(tx, { customerId, id: req.params.id });
      if (deleted) await deactivateEmptyScheduledContents(tx, { customerId });
      return deleted;
    });
    if (!row) throw new HttpError(404, messages.notFound);
    await notify(req, row.hashId);
    return sendJson(reply, true);
  });

  // The screen page's calls: no login, the unguessable hash_id is the credential (within its shop);
  // one not shaped as ours names no screen (the params schema's 404).
  const publicScreenOr404 = async (req: FastifyRequest, hashId: string) => {
    const screen = await getScreenByHash(db, { customerId: req.tenant.id, hashId });
    if (!screen) throw new HttpError(404, messages.notFound);
    return screen;
  };

  app.get(
    '/api/screens/public/:hashId',
    {
      config: { auth: 'any' },
      schema: { params: publicScreenParamsSchema, response: { 200: publicScreenSchema, ...notFound } },
    },
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
  app.get(
    '/api/screens/public/:hashId/slideshows/:id',
    {
      config: { auth: 'any' },
      schema: { params: publicScreenSlideshowParamsSchema, response: { 200: screenSlideshowSchema, ...notFound } },
    },
    async (req): Promise<ScreenSlideshow> => {
      const screen = await publicScreenOr404(req, req.params.hashId);
      const slideshowId = req.params.id;
      if (!(await screenShowsSlideshow(db, { customerId: screen.customerId, screen, slideshowId }))) {
        throw new HttpError(404, messages.notFound);
      }
      const slideshow = await getSlideshow(db, { customerId: screen.customerId, id: slideshowId });
      if (!slideshow) throw new HttpError(404, messages.notFound);
      return screenSlideshowResource(storage, slideshow);
    },
  );
}
