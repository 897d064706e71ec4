import type { FastifyReply } from 'fastify';

/**
 * Fastify sends a returned string as text/plain; Laravel answers `return 'x'` from a JSON route
 * as the JSON string. Use this for bare strings (and any scalar) so the wire stays JSON.
 */
export function sendJson(reply: FastifyReply, value: unknown, status = 200) {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(value));
}
