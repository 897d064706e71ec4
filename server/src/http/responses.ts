import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelSchema } from '../../../contracts/channels';
import { messageSchema, validationErrorSchema } from '../../../contracts/errors';
import { playerSchema } from '../../../contracts/player';
import { trackSchema } from '../../../contracts/tracks';
import { CSRF_EXEMPT_PREFIXES } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the web app needs the route ('required', the default) or uses it when the API has it
     * ('optional': a Laravel API may leave it out and the web app hides what it serves). Written
     * into docs/openapi.json as `x-pulzus-web-app`.
     */
    webApp?: WebAppUse;
  }
}

export type WebAppUse = 'required' | 'optional';

/** The OpenAPI extension that says whether the web app needs a path (docs/openapi.json). */
export const WEB_APP_EXTENSION = 'x-pulzus-web-app';

type Answers = Record<number, z.ZodType>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The error answers the app's own hooks and error handler give a route besides those its handler
 * gives (which the route declares itself): unknown customer (404) or proxy (403) before any route
 * of a shop; 401 behind login; 419 for a write without its CSRF token; 400, 413 and 415 for a body
 * that cannot be read; 422 for params, query or body its schema refuses; 429 over the request
 * limit; 503 while the database is away. Each `{message}` (422 with `errors`), as app.ts sends them.
 */
export function sharedAnswers(route: RouteOptions): Answers {
  const config = route.config ?? {};
  const methods = [route.method].flat();
  const url = route.url;
  const answers: Answers = {};
  const shop = config.tenant !== false;
  if (shop) {
    answers[403] = messageSchema;
    answers[404] = messageSchema;
  }
  const auth = config.auth ?? (url.startsWith('/api/') ? 'user' : 'any');
  if (shop && auth === 'user') answers[401] = messageSchema;
  const writes = methods.some((m) => !SAFE_METHODS.has(m));
  if (writes) {
    answers[400] = messageSchema;
    answers[413] = messageSchema;
    answers[415] = messageSchema;
    const exempt = config.csrf === false || CSRF_EXEMPT_PREFIXES.some((p) => url === p || url.startsWith(p));
    if (shop && !exempt) answers[419] = messageSchema;
  }
  const schema = route.schema ?? {};
  if (schema.body || schema.querystring) answers[422] = validationErrorSchema;
  if (config.rateLimit !== false) answers[429] = messageSchema;
  answers[503] = messageSchema;
  return answers;
}

/**
 * Completes a route's `response` as it is registered (app.ts's onRoute hook): the answers the route
 * declares win over the shared ones of the same status. `declared`: whether the route declared any.
 */
export function completeResponses(route: RouteOptions): { declared: boolean } {
  const own = route.schema?.response as Answers | undefined;
  const declared = own !== undefined && Object.keys(own).length > 0;
  if (!declared) return { declared };
  route.schema = { ...route.schema, response: { ...sharedAnswers(route), ...own } };
  return { declared };
}

/**
 * The schemas the document names once (`components.schemas`) and refers to wherever they are
 * answered, rather than writing them out in every answer.
 */
const components = z.registry<{ id: string }>();
components.add(messageSchema, { id: 'Message' });
components.add(validationErrorSchema, { id: 'ValidationError' });
components.add(trackSchema, { id: 'Track' });
components.add(channelSchema, { id: 'Channel' });
components.add(playerSchema, { id: 'Player' });

const zodToJsonConfig = { unrepresentable: 'any' } as const;
const zodTransform = createJsonSchemaTransform({ schemaRegistry: components, zodToJsonConfig });

/** @fastify/swagger's `transformObject`: the named schemas into `components.schemas`. */
export const openapiTransformObject = createJsonSchemaTransformObject({ schemaRegistry: components, zodToJsonConfig });
/** Statuses answered without a body (`noContentSchema`). */
const EMPTY_STATUSES = new Set(['204', '302']);

/**
 * @fastify/swagger's transform: the routes' zod schemas as JSON Schema (fastify-type-provider-zod),
 * inputs as accepted and answers as sent; an answer without a body is marked `type: 'null'`, which
 * the document writes as a response without content.
 */
export const openapiTransform: typeof zodTransform = (document) => {
  const out = zodTransform(document);
  const response = (out.schema as { response?: Record<string, unknown> }).response;
  for (const status of Object.keys(response ?? {})) {
    if (EMPTY_STATUSES.has(status)) response![status] = { type: 'null', description: 'No content' };
  }
  return out;
};
