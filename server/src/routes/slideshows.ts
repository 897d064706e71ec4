import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SLIDE_SECONDS_DEFAULT,
  slideshowCreateBodySchema,
  slideshowImageRemoveBodySchema,
  slideshowMessages,
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
import { idParam } from '../http/params';
import { bodyOf } from '../http/request';
import { slideshowImageResource, slideshowListItemResource, slideshowResource } from '../resources';
import { collectUpload, keepUpload, removeAfterCommit, uploadPath } from '../http/uploads';
import { throwIfAny, validate } from '../http/validation';

/**
 * Slideshows in two steps (SPEC.md §4): created with a name, then images uploaded one a call
 * (JPEG/PNG, 5 s each to start with), then saved with the name and every image's order and
 * seconds. Screens showing a slideshow by default hear `ScreenUpdated` when its images change;
 * deleting it leaves those screens without a default.
 */
export function registerSlideshowRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;
  type P = { Params: { id: string } };

  const existsOr404 = async (req: FastifyRequest, raw: string) => {
    const row = await getSlideshowBase(db, { customerId: req.tenant.id, id: idParam(raw) });
    if (!row) throw new HttpError(404, messages.notFound);
    return row;
  };

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

  app.get('/api/slideshows', async (req): Promise<SlideshowListItem[]> => {
    return (await listSlideshows(db, { customerId: req.tenant.id })).map(slideshowListItemResource);
  });

  /** Step one: the name alone; answers the slideshow with its id. */
  app.post(
    '/api/slideshows',
    { schema: { body: slideshowCreateBodySchema } },
    async (req, reply): Promise<Slideshow> => {
      const { name } = req.body;
      const row = await createSlideshow(db, { customerId: req.tenant.id, name });
      reply.code(201);
      return slideshowResource(storage, await withImages(db, row));
    },
  );

  app.get<P>('/api/slideshows/:id', async (req): Promise<Slideshow> => {
    const row = await existsOr404(req, req.params.id);
    return slideshowResource(storage, await withImages(db, row));
  });

  /** Saves the name and the images' order and seconds; the list names exactly the slideshow's images. */
  app.post<P>('/api/slideshows/:id', async (req): Promise<Slideshow> => {
    const { id } = await existsOr404(req, req.params.id);
    const body = validate(slideshowUpdateBodySchema, bodyOf(req));
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
  app.post<P>(
    '/api/slideshows/:id/image',
    { config: { upload: 'image' } },
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
  app.post<P>('/api/slideshows/:id/image/remove', async (req): Promise<Slideshow> => {
    const { id } = await existsOr404(req, req.params.id);
    const { id: imageId } = validate(slideshowImageRemoveBodySchema, bodyOf(req));
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
  app.post<P>('/api/slideshows/:id/delete', async (req, reply) => {
    const id = idParam(req.params.id);
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
