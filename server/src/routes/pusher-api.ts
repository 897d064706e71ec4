import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../contracts/errors';
import {
  pusherAppParamsSchema,
  pusherChannelAnswerSchema,
  pusherChannelParamsSchema,
  pusherChannelsAnswerSchema,
  pusherChannelsQuerySchema,
  pusherEmptyAnswerSchema,
  pusherUsersAnswerSchema,
} from '../../../contracts/realtime';
import type { AppContext } from '../context';
import {
  channelKind,
  isValidChannelName,
  limits,
  md5Hex,
  safeEqual,
  signRequest,
  SOCKET_ID,
} from '../realtime/protocol';

/**
 * Pusher's HTTP API on the built-in server (CONTRACTS.md §1.6): what the `pusher` npm library,
 * pusher-php and so Laravel's broadcaster call. Every request is signed with the app secret over
 * `METHOD\npath\nsorted query`, with the md5 of the raw body, so this scope keeps bodies raw.
 * Answers are exactly 200 `{}`; errors `{message}` in Pusher's (English) wording.
 */

/** Pusher rejects timestamps further than this from its clock. */
const TIMESTAMP_WINDOW_S = 600;
const BODY_LIMIT = 1024 * 1024;

/** What the signature's check reads of a request: the app's id, the raw URL and body. */
type AppRequest = Pick<FastifyRequest, 'raw' | 'body' | 'method'> & { params: { appId: string } };

class PusherApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Event {
  name: string;
  data: string;
  channels: string[];
  socketId?: string;
}

function parseEvent(input: unknown, { batch }: { batch: boolean }): Event {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new PusherApiError(400, 'Invalid event');
  const body = input as Record<string, unknown>;
  const name = body.name;
  if (typeof name !== 'string' || name.length === 0) throw new PusherApiError(400, 'Event name is required');
  if (name.length > limits.eventNameLength)
    throw new PusherApiError(400, `Event name is longer than ${limits.eventNameLength} characters`);
  // The libraries send data as a JSON string; anything else is encoded once, as they would.
  const data = typeof body.data === 'string' ? body.data : JSON.stringify(body.data ?? null);
  if (Buffer.byteLength(data) > limits.eventDataBytes)
    throw new PusherApiError(413, `Event data is larger than ${limits.eventDataBytes} bytes`);
  // pusher-php sends `channel` for one channel, the node library always `channels`.
  const channels = Array.isArray(body.channels) ? body.channels : body.channel !== undefined ? [body.channel] : [];
  if (channels.length === 0) throw new PusherApiError(400, 'At least one channel is required');
  if (channels.length > (batch ? 1 : limits.channelsPerEvent)) {
    throw new PusherApiError(400, `An event may be sent to at most ${limits.channelsPerEvent} channels`);
  }
  for (const c of channels)
    if (!isValidChannelName(c)) throw new PusherApiError(400, `Invalid channel name: ${String(c).slice(0, 210)}`);
  const socketId = body.socket_id;
  if (socketId !== undefined && socketId !== null && (typeof socketId !== 'string' || !SOCKET_ID.test(socketId))) {
    throw new PusherApiError(400, 'Invalid socket_id');
  }
  return {
    name,
    data,
    channels: [...new Set(channels as string[])],
    socketId: (socketId as string | null) ?? undefined,
  };
}

export function registerPusherApiRoutes(app: FastifyInstance, ctx: AppContext) {
  const realtime = ctx.realtime;
  const pusher = realtime.app;

  /** 404 for another app, 401 for anything wrong with the signature; the raw body for the md5. */
  function verify(req: AppRequest): Buffer {
    if (!safeEqual(req.params.appId, pusher.id)) throw new PusherApiError(404, 'Unknown app');
    const url = req.raw.url ?? '';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const params: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(q === -1 ? '' : url.slice(q + 1))) params[k] = v;
    if (params.auth_key === undefined || !safeEqual(params.auth_key, pusher.key))
      throw new PusherApiError(401, 'Unknown auth_key');
    const ts = Number(params.auth_timestamp);
    if (!params.auth_timestamp || !Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > TIMESTAMP_WINDOW_S) {
      throw new PusherApiError(
        401,
        `Timestamp expired: the auth_timestamp must be within ${TIMESTAMP_WINDOW_S} seconds of the server time`,
      );
    }
    if (params.auth_version !== '1.0') throw new PusherApiError(401, 'Unsupported auth_version (1.0 expected)');
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (raw.length > 0 && (params.body_md5 === undefined || !safeEqual(params.body_md5, md5Hex(raw)))) {
      throw new PusherApiError(401, 'The body_md5 does not match the body');
    }
    const expected = signRequest(pusher.secret, req.method, path, params);
    if (params.auth_signature === undefined || !safeEqual(params.auth_signature, expected)) {
      throw new PusherApiError(401, 'Invalid signature');
    }
    return raw;
  }

  function jsonBody(raw: Buffer): unknown {
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      throw new PusherApiError(400, 'The body is not valid JSON');
    }
  }

  /** Answers `fn`'s value once the signature holds; Pusher's own errors as `{message}`. */
  async function handle<T>(req: AppRequest, reply: FastifyReply, fn: (raw: Buffer) => Promise<T> | T) {
    try {
      const raw = verify(req);
      return reply.code(200).send(await fn(raw));
    } catch (err) {
      if (err instanceof PusherApiError) return reply.code(err.status).send({ message: err.message });
      throw err;
    }
  }

  const deliver = (event: Event) => realtime.hub.trigger(event.channels, event.name, event.data, event.socketId);

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // Raw bodies here: the signature covers their md5, so no parser may touch them first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );

    const config = { tenant: false, auth: 'any', csrf: false } as const;
    // The body is not declared: it is read raw for the signature's md5 and judged after it.
    const errors = { 400: messageSchema, 401: messageSchema, 404: messageSchema, 413: messageSchema };
    const trigger = {
      config,
      schema: { params: pusherAppParamsSchema, response: { 200: pusherEmptyAnswerSchema, ...errors } },
    };

    scope.post('/apps/:appId/events', trigger, (req, reply) =>
      handle(req, reply, (raw) => {
        deliver(parseEvent(jsonBody(raw), { batch: false }));
        return {};
      }),
    );

    scope.post('/apps/:appId/batch_events', trigger, (req, reply) =>
      handle(req, reply, (raw) => {
        const body = jsonBody(raw) as { batch?: unknown };
        if (!Array.isArray(body?.batch) || body.batch.length === 0)
          throw new PusherApiError(400, 'batch must be a non-empty array');
        if (body.batch.length > limits.batchSize)
          throw new PusherApiError(400, `A batch holds at most ${limits.batchSize} events`);
        // All or nothing: nothing is sent when one event is invalid.
        const events = body.batch.map((e) => parseEvent(e, { batch: true }));
        for (const e of events) deliver(e);
        return {};
      }),
    );

    // Channel queries. Subscription counts are this instance's; presence users are shared (Redis).
    scope.get(
      '/apps/:appId/channels',
      {
        config,
        schema: {
          params: pusherAppParamsSchema,
          querystring: pusherChannelsQuerySchema,
          response: { 200: pusherChannelsAnswerSchema, ...errors },
        },
      },
      (req, reply) =>
        handle(req, reply, async () => {
          const query = req.query;
          const prefix = query.filter_by_prefix ?? '';
          const info = new Set((query.info ?? '').split(',').filter(Boolean));
          if (info.has('user_count') && !prefix.startsWith('presence-')) {
            throw new PusherApiError(400, 'user_count is only available with filter_by_prefix=presence-');
          }
          const channels: Record<string, { user_count?: number }> = {};
          for (const name of realtime.hub.localChannels().keys()) {
            if (!name.startsWith(prefix)) continue;
            channels[name] = info.has('user_count')
              ? { user_count: (await realtime.presence.members(name)).length }
              : {};
          }
          return { channels };
        }),
    );

    scope.get(
      '/apps/:appId/channels/:name',
      {
        config,
        schema: { params: pusherChannelParamsSchema, response: { 200: pusherChannelAnswerSchema, ...errors } },
      },
      (req, reply) =>
        handle(req, reply, async () => {
          const name = req.params.name;
          if (!isValidChannelName(name)) throw new PusherApiError(400, 'Invalid channel name');
          const subscriptions = realtime.hub.localChannels().get(name) ?? 0;
          if (channelKind(name) === 'presence') {
            const users = (await realtime.presence.members(name)).length;
            return { occupied: users > 0 || subscriptions > 0, user_count: users, subscription_count: subscriptions };
          }
          return { occupied: subscriptions > 0, subscription_count: subscriptions };
        }),
    );

    scope.get(
      '/apps/:appId/channels/:name/users',
      {
        config,
        schema: { params: pusherChannelParamsSchema, response: { 200: pusherUsersAnswerSchema, ...errors } },
      },
      (req, reply) =>
        handle(req, reply, async () => {
          const name = req.params.name;
          if (!isValidChannelName(name) || channelKind(name) !== 'presence') {
            throw new PusherApiError(400, 'Users are only available for presence channels');
          }
          return { users: (await realtime.presence.members(name)).map((m) => ({ id: m.user_id })) };
        }),
    );
  });
}
