import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError, messages } from '../http/errors';
import { MEDIA_PREFIX } from '../storage';

const invalidSignature = 'Érvénytelen vagy lejárt link.';

export function registerMediaRoutes(app: FastifyInstance, ctx: AppContext) {
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
    const range = req.headers.range;
    const file = await ctx.storage.open(relPath, typeof range === 'string' ? range : undefined);
    if (!file) throw new HttpError(404, messages.notFound);

    const expiresIn = Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000));
    // The URL itself is the credential, so shared caches may keep it only until it expires.
    reply.headers({ ...file.headers, 'cache-control': `private, max-age=${Math.min(expiresIn, 86_400)}` });
    reply.code(file.status);
    return file.body ? reply.send(file.body) : reply.send();
  });
}
