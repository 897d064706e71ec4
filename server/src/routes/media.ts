import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { webOriginMatcher } from '../http/cors';
import { HttpError, messages } from '../http/errors';
import { MEDIA_PREFIX } from '../storage';

const invalidSignature = 'Érvénytelen vagy lejárt link.';

/** What a cross-origin reader of a media answer may see: the parts a Range reply is made of. */
const EXPOSED = 'Content-Length, Content-Range, Accept-Ranges, Content-Type';

export function registerMediaRoutes(app: FastifyInstance, ctx: AppContext) {
  const isWebOrigin = webOriginMatcher(ctx.config.webUrl);
  const allowOrigin = (origin: string | undefined): Record<string, string> =>
    isWebOrigin(origin)
      ? { 'access-control-allow-origin': origin!, vary: 'Origin', 'access-control-expose-headers': EXPOSED }
      : { vary: 'Origin' };

  // A fetch with a Range header from the service worker is preflighted.
  app.options('/media/*', { config: { tenant: false, auth: 'any' } }, async (req, reply) => {
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

  app.get('/media/*', { config: { tenant: false, auth: 'any' } }, async (req, reply) => {
    const urlPath = req.url.split('?')[0] ?? '';
    const query = req.query as { expires?: unknown; signature?: unknown };
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
