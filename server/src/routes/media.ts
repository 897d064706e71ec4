import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../contracts/errors';
import { mediaQuerySchema } from '../../../contracts/media';
import type { AppContext } from '../context';
import { webOriginMatcher } from '../http/cors';
import { HttpError, messages } from '../http/errors';
import { MEDIA_PREFIX } from '../storage';

const invalidSignature = 'Érvénytelen vagy lejárt link.';

/** What a cross-origin reader of a media answer may see: the parts a Range reply is made of. */
const EXPOSED = 'Content-Length, Content-Range, Accept-Ranges, Content-Type';

/** A file's bytes (whole, a range, or none for an unsatisfiable range), streamed as they are. */
const fileBody = z.unknown().describe('the file');

export function registerMediaRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const isWebOrigin = webOriginMatcher(ctx.config.webUrl);
  const allowOrigin = (origin: string | undefined): Record<string, string> =>
    isWebOrigin(origin)
      ? { 'access-control-allow-origin': origin!, vary: 'Origin', 'access-control-expose-headers': EXPOSED }
      : { vary: 'Origin' };

  // A fetch with a Range header from the service worker is preflighted.
  const preflight = {
    config: { tenant: false, auth: 'any' },
    schema: { response: { 204: z.unknown().describe('none') } },
  } as const;
  app.options('/media/*', preflight, async (req, reply) => {
    const origin = req.headers.origin;
    reply.headers({
      ...allowOrigin(origin),
      ...(isWebOrigin(origin)
        ? {
            'access-control-allow-methods': 'GET, HEAD',
            'access-control-allow-headers': 'Range',
            'access-control-max-age': '86400',
          }
        : {}),
    });
    return reply.code(204).send();
  });

  const file = {
    config: { tenant: false, auth: 'any' },
    schema: {
      querystring: mediaQuerySchema,
      response: { 200: fileBody, 206: fileBody, 403: messageSchema, 404: messageSchema, 416: fileBody },
    },
  } as const;
  app.get('/media/*', file, async (req, reply) => {
    const urlPath = req.url.split('?')[0] ?? '';
    const query = req.query;
    if (!ctx.storage.verify(urlPath, query)) throw new HttpError(403, invalidSignature);

    let relPath: string;
    try {
      relPath = decodeURIComponent(urlPath.slice(MEDIA_PREFIX.length));
    } catch {
      throw new HttpError(404, messages.notFound);
    }
    const { range, 'if-range': ifRange } = req.headers;
    const file = await ctx.storage.open(
      relPath,
      typeof range === 'string' ? range : undefined,
      typeof ifRange === 'string' ? ifRange : undefined,
    );
    if (!file) throw new HttpError(404, messages.notFound);

    const expiresIn = Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000));
    // The URL itself is the credential, so shared caches may keep it only until it expires.
    reply.headers({
      ...file.headers,
      ...allowOrigin(req.headers.origin),
      'cache-control': `private, max-age=${Math.min(expiresIn, 86_400)}`,
    });
    reply.code(file.status);
    return file.body ? reply.send(file.body) : reply.send();
  });
}
