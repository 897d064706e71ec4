import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema, validationErrorSchema } from '../../../contracts/errors';
import { idParamsSchema, trueAnswerSchema } from '../../../contracts/fields';
import {
  SLIDE_SECONDS_DEFAULT,
  slideshowCreateBodySchema,
  slideshowImageRemoveBodySchema,
  slideshowImageSchema,
  slideshowListSchema,
  slideshowMessages,
  slideshowSchema,
  slideshowUpdateBodySchema,
  type Slideshow,
  type SlideshowImage,
  type SlideshowListItem,
} from '../../../contracts/slideshows';
import type { AppContext } from '../context';
import { transaction } from '../db/client';
import {
  addSlideshowImage,
  createSlideshow,
  deleteSlideshow,
  getSlideshow,
  getSlideshowBase,
  listSlideshowImages,
  listSlideshows,
  lockSlideshow,
  removeSlideshowImage,
  renameSlideshow,
  screenHashesShowing,
  setSlideshowImages,
  withImages,
} from '../db/queries/slideshows';
import { deactivateEmptyScheduledContents } from '../db/queries/scheduled-contents';
import { HttpError, messages, ValidationError, type FieldErrors } from '../http/errors';
import { sendJson } from '../http/json';
import { rowBeforeBody } from '../http/params';
import { slideshowImageResource, slideshowListItemResource, slideshowResource } from '../resources';
import { collectUpload, keepUpload, removeAfterCommit, uploadPath } from '../http/uploads';
import { throwIfAny } from '../http/validation';

/**
 * Slideshows in two steps (SPEC.md §4): created with a name, then images uploaded one a call
 * (JPEG/PNG, 5 s each to start with), then saved with the name and every image's order and
 * seconds. Screens showing a slideshow by default hear `ScreenUpdated` when its images change;
 * deleting it leaves those screens without a default.
 */
export function registerSlideshowRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;
  const existsOr404 = async (req: FastifyRequest, id: number) => {
    const row = await getSlideshowBase(db, { customerId: req.tenant.id, id });
    if (!row) throw new HttpError(404, messages.notFound);
    return row;
  };

  const notFound = { 404: messageSchema };
  const refused = { 404: messageSchema, 422: validationErrorSchema };
  /** The slideshow the path names must be the tenant's (404) before a word about the body (422). */
  const slideshowBeforeBody = rowBeforeBody(
    'id',
    async (req, id) => !!(await getSlideshowBase(db, { customerId: req.tenant.id, id })),
  );

  /** Runs `fn` in a transaction holding the slideshow row. */
  const edit = <T>(req: FastifyRequest, id: number, fn: (tx: typeof db, slideshowId: number) => Promise<T>) =>
    transaction(db, async (tx) => {
      const row = await lockSlideshow(tx, { customerId: req.tenant.id, id });
      if (!row) throw new HttpError(404, messages.notFound);
      return fn(tx, row.id);
    });

  /** Tells the screens showing this slideshow by default to refetch; a failed broadcast is only logged. */
  const notifyScreens = async (req: FastifyRequest, slideshowIds: number[], hashes?: string[]) => {
    try {
      const list = hashes ?? (await screenHashesShowing(db, { customerId: req.tenant.id, slideshowIds }));
      await ctx.realtime.screenUpdated(list);
    } catch (err) {
      req.log.warn({ err }, 'ScreenUpdated not broadcast');
    }
  };

  const answer = async (id: number, customerId: number): Promise<Slideshow> => {
    const row = await getSlideshow(db, { customerId, id });
    if (!row) throw new HttpError(404, messages.notFound);
    return slideshowResource(storage, row);
  };

  const list = { schema: { response: { 200: slideshowListSchema } } };
  app.get('/api/slideshows', list, async (req): Promise<SlideshowListItem[]> => {
    return (await listSlideshows(db, { customerId: req.tenant.id })).map(slideshowListItemResource);
  });

  /** Step one: the name alone; answers the slideshow with its id. */
  app.post(
    '/api/slideshows',
    { schema: { body: slideshowCreateBodySchema, response: { 201: slideshowSchema, 422: validationErrorSchema } } },
    async (req, reply): Promise<Slideshow> => {
      const { name } = req.body;
      const row = await createSlideshow(db, { customerId: req.tenant.id, name });
      reply.code(201);
      return slideshowResource(storage, await withImages(db, row));
    },
  );

  const byId = { schema: { params: idParamsSchema, response: { 200: slideshowSchema, ...notFound } } };
  app.get('/api/slideshows/:id', byId, async (req): Promise<Slideshow> => {
    const row = await existsOr404(req, req.params.id);
    return slideshowResource(storage, await withImages(db, row));
  });

  /** Saves the name and the images' order and seconds; the list names exactly the slideshow's images. */
  const update = {
    preValidation: slideshowBeforeBody,
    schema: { params: idParamsSchema, body: slideshowUpdateBodySchema, response: { 200: slideshowSchema, ...refused } },
  };
  app.post('/api/slideshows/:id', update, async (req): Promise<Slideshow> => {
    const { id } = await existsOr404(req, req.params.id);
    const body = req.body;
    const customerId = req.tenant.id;
    await edit(req, id, async (tx) => {
      const current = await listSlideshowImages(tx, { customerId, slideshowId: id });
      const wanted = new Set(body.images.map((i) => i.id));
      const exact =
        wanted.size === body.images.length &&
        body.images.length === current.length &&
        current.every((i) => wanted.has(i.id));
      if (!exact) throw new ValidationError({ images: [slideshowMessages.imagesMismatch] });
      await renameSlideshow(tx, { customerId, id, name: body.name });
      await setSlideshowImages(tx, { customerId, slideshowId: id, images: body.images });
    });
    await notifyScreens(req, [id]);
    return answer(id, customerId);
  });

  /** One image a call (`file`, JPEG or PNG), appended at 5 seconds; answers the image. */
  // Multipart: the one `file` streams to storage (http/uploads.ts) and is judged here, once the
  // slideshow is found; the form has no other field to declare.
  app.post(
    '/api/slideshows/:id/image',
    {
      config: { upload: 'image' },
      schema: { params: idParamsSchema, response: { 201: slideshowImageSchema, ...refused } },
    },
    async (req, reply): Promise<SlideshowImage> => {
      const { id } = await existsOr404(req, req.params.id);
      const errors: FieldErrors = {};
      const file = collectUpload(req, errors, { required: true });
      throwIfAny(errors);
      const customerId = req.tenant.id;
      const image = await keepUpload(
        req,
        storage,
        file!,
        uploadPath('slideshows', customerId, file!.type),
        (filePath) =>
          edit(req, id, (tx, slideshowId) =>
            addSlideshowImage(tx, {
              customerId,
              slideshowId,
              name: file!.fileName,
              filePath,
              seconds: SLIDE_SECONDS_DEFAULT,
            }),
          ),
      );
      await notifyScreens(req, [id]);
      reply.code(201);
      return slideshowImageResource(storage, image);
    },
  );

  /** Removes the image `id`; answers the slideshow. */
  const removeImage = {
    preValidation: slideshowBeforeBody,
    schema: {
      params: idParamsSchema,
      body: slideshowImageRemoveBodySchema,
      response: { 200: slideshowSchema, ...refused },
    },
  };
  app.post('/api/slideshows/:id/image/remove', removeImage, async (req): Promise<Slideshow> => {
    const { id } = await existsOr404(req, req.params.id);
    const { id: imageId } = req.body;
    const customerId = req.tenant.id;
    const removed = await edit(req, id, (tx, slideshowId) =>
      removeSlideshowImage(tx, { customerId, slideshowId, id: imageId }),
    );
    if (!removed) throw new ValidationError({ id: [slideshowMessages.imageId] });
    await removeAfterCommit(req, storage, [removed.filePath]);
    await notifyScreens(req, [id]);
    return answer(id, customerId);
  });

  /**
   * Deletes the slideshow and its images; screens showing it by default keep no default, schedules
   * left with nothing to play turn inactive. Bare `true`.
   */
  const remove = { schema: { params: idParamsSchema, response: { 200: trueAnswerSchema, ...notFound } } };
  app.post('/api/slideshows/:id/delete', remove, async (req, reply) => {
    const { id } = req.params;
    const customerId = req.tenant.id;
    const { files, hashes } = await transaction(db, async (tx) => {
      const hashes = await screenHashesShowing(tx, { customerId, slideshowIds: [id] });
      const files = await deleteSlideshow(tx, { customerId, id });
      if (!files) throw new HttpError(404, messages.notFound);
      await deactivateEmptyScheduledContents(tx, { customerId });
      return { files, hashes };
    });
    await removeAfterCommit(req, storage, files);
    await notifyScreens(req, [], hashes);
    return sendJson(reply, true);
  });
}
