import type { FastifyInstance } from 'fastify';
import {
  channelCategorySchema,
  channelListSchema,
  channelSchema,
  favoriteAnswerSchema,
  type Channel,
  type ChannelCategory,
} from '../../../contracts/channels';
import { messageSchema } from '../../../contracts/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contracts/fields';
import { pageParamSchema, paginatorSchema, trackPageParamsSchema, type Paginator } from '../../../contracts/pagination';
import { trackSchema, type Track } from '../../../contracts/tracks';
import type { AppContext } from '../context';
import {
  getChannel,
  isFavourite,
  listCategoryTree,
  listChannels,
  listChannelTracks,
  listFavouriteChannels,
  toggleFavourite,
} from '../db/queries/channels';
import { HttpError, messages } from '../http/errors';
import { sendJson } from '../http/json';
import { trackPage } from '../resources/track-page';
import { pageFromPath, rowBeforeBody } from '../http/params';
import { categoryResource, channelResource, trackResource } from '../resources';

export function registerChannelRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** A channel's route: an unknown channel is 404. */
  const byId = <T extends z.ZodType>(answer: T) => ({
    schema: { params: idParamsSchema, response: { 200: answer, 404: messageSchema } },
  });
  const list = <T extends z.ZodType>(answer: T) => ({ schema: { response: { 200: answer } } });
  const { db, storage } = ctx;

  const channelOr404 = async (id: number) => {
    const channel = await getChannel(db, id);
    if (!channel) throw new HttpError(404, messages.notFound);
    return channel;
  };

  app.get('/api/channels', list(channelListSchema), async (): Promise<Channel[]> => {
    return (await listChannels(db)).map((c) => channelResource(storage, c));
  });

  app.get('/api/channels/subcategories', list(z.array(channelCategorySchema)), async (): Promise<ChannelCategory[]> => {
    return (await listCategoryTree(db)).map((c) => categoryResource(storage, c));
  });

  app.get('/api/channels/favorite', list(channelListSchema), async (req): Promise<Channel[]> => {
    return (await listFavouriteChannels(db, { customerId: req.tenant.id })).map((c) => channelResource(storage, c));
  });

  app.get('/api/channels/:id', byId(channelSchema), async (req): Promise<Channel> => {
    return channelResource(storage, await channelOr404(req.params.id));
  });

  app.get('/api/channels/:id/check-favorite', byId(favoriteAnswerSchema), async (req, reply) => {
    const channel = await channelOr404(req.params.id);
    return sendJson(reply, await isFavourite(db, { customerId: req.tenant.id, channelId: channel.id }));
  });

  app.post('/api/channels/:id/toggle-favorite', byId(favoriteAnswerSchema), async (req, reply) => {
    const channel = await channelOr404(req.params.id);
    return sendJson(reply, await toggleFavourite(db, { customerId: req.tenant.id, channelId: channel.id }));
  });

  /** All tracks in play order (the add-to-playlist modal). */
  app.get('/api/channels/:id/tracks', byId(z.array(trackSchema)), async (req): Promise<Track[]> => {
    const channel = await channelOr404(req.params.id);
    return (await listChannelTracks(db, { channelId: channel.id })).map((t) => trackResource(storage, t));
  });

  /** One page of tracks as Laravel's flat paginator; `?page=` wins over the path, as paginate() reads it. */
  app.get(
    '/api/channels/:id/tracks/:page',
    {
      // An unknown channel is 404 before a word about the page (Laravel's route-model binding first).
      preValidation: [rowBeforeBody('id', async (_req, id) => !!(await getChannel(db, id))), pageFromPath],
      schema: {
        params: trackPageParamsSchema,
        querystring: pageParamSchema,
        response: { 200: paginatorSchema(trackSchema), 404: messageSchema },
      },
    },
    async (req): Promise<Paginator<Track>> => {
      const channel = await channelOr404(req.params.id);
      return trackPage(storage, {
        page: req.query.page,
        total: channel.tracksCount,
        path: `${ctx.config.apiPublicUrl}/api/channels/${channel.id}/tracks`,
        read: (window) => listChannelTracks(db, { channelId: channel.id, ...window }),
      });
    },
  );
}
