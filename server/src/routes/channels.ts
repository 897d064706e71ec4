import type { FastifyInstance } from 'fastify';
import type { Channel, ChannelCategory } from '../../../contracts/channels';
import type { Paginator } from '../../../contracts/pagination';
import type { Track } from '../../../contracts/tracks';
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
import { idParam } from '../http/params';
import { pageOf } from '../http/request';
import { categoryResource, channelResource, trackResource } from '../resources';

export function registerChannelRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, storage } = ctx;

  const channelOr404 = async (raw: unknown) => {
    const channel = await getChannel(db, idParam(raw));
    if (!channel) throw new HttpError(404, messages.notFound);
    return channel;
  };

  app.get('/api/channels', async (): Promise<Channel[]> => {
    return (await listChannels(db)).map((c) => channelResource(storage, c));
  });

  app.get('/api/channels/subcategories', async (): Promise<ChannelCategory[]> => {
    return (await listCategoryTree(db)).map((c) => categoryResource(storage, c));
  });

  app.get('/api/channels/favorite', async (req): Promise<Channel[]> => {
    return (await listFavouriteChannels(db, { customerId: req.tenant.id })).map((c) => channelResource(storage, c));
  });

  app.get<{ Params: { id: string } }>('/api/channels/:id', async (req): Promise<Channel> => {
    return channelResource(storage, await channelOr404(req.params.id));
  });

  app.get<{ Params: { id: string } }>('/api/channels/:id/check-favorite', async (req, reply) => {
    const channel = await channelOr404(req.params.id);
    return sendJson(reply, await isFavourite(db, { customerId: req.tenant.id, channelId: channel.id }));
  });

  app.post<{ Params: { id: string } }>('/api/channels/:id/toggle-favorite', async (req, reply) => {
    const channel = await channelOr404(req.params.id);
    return sendJson(reply, await toggleFavourite(db, { customerId: req.tenant.id, channelId: channel.id }));
  });

  /** All tracks in play order (the add-to-playlist modal). */
  app.get<{ Params: { id: string } }>('/api/channels/:id/tracks', async (req): Promise<Track[]> => {
    const channel = await channelOr404(req.params.id);
    return (await listChannelTracks(db, { channelId: channel.id })).map((t) => trackResource(storage, t));
  });

  /** One page of tracks as Laravel's flat paginator; `?page=` wins over the path, as paginate() reads it. */
  app.get<{ Params: { id: string; page: string }; Querystring: { page?: string } }>(
    '/api/channels/:id/tracks/:page',
    async (req): Promise<Paginator<Track>> => {
      const channel = await channelOr404(req.params.id);
      return trackPage(storage, {
        page: pageOf(req, req.params.page),
        total: channel.tracksCount,
        path: `${ctx.config.apiPublicUrl}/api/channels/${channel.id}/tracks`,
        read: (window) => listChannelTracks(db, { channelId: channel.id, ...window }),
      });
    },
  );
}
