import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PLAY_SPOTS_MAX, type Spot } from '../../../contracts/spots';
import type { PlaySpotsEvent } from '../../../contracts/realtime';
import type { AppContext } from '../context';
import { getSpots, listSpots } from '../db/queries/spots';
import { ValidationError } from '../http/errors';
import { idParam, socketIdOf } from '../http/params';
import { playerSoundResource, spotResource } from '../http/resources';
import type { Actor } from '../player/service';

export const spotMessages = {
  spotsRequired: 'Legalább egy spot megadása kötelező.',
  spotsInvalid: 'A spotok azonosítói csak pozitív egész számok lehetnek.',
  spotsTooMany: `Egyszerre legfeljebb ${PLAY_SPOTS_MAX} spot küldhető.`,
  spotsUnknown: 'A kiválasztott spotok között van, amely nem található.',
} as const;

const MAX_ID = 2_147_483_647;

type Body = Record<string, unknown>;

/** `spots` as a JSON array or a form array (`spots[]=1&spots[]=2`, `spots[0]=…`, repeated `spots=`). */
function rawSpotList(body: Body): unknown[] | undefined {
  const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
  if (body.spots !== undefined && body.spots !== null && body.spots !== '') return listOf(body.spots);
  if (body['spots[]'] !== undefined) return listOf(body['spots[]']).filter((v) => v !== '');
  const indexed = Object.keys(body)
    .map((key) => /^spots\[(\d{1,6})\]$/.exec(key))
    .filter((m): m is RegExpExecArray => Boolean(m))
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  return indexed.length ? indexed.map((m) => body[m[0]]) : undefined;
}

function parseSpotIds(input: unknown): number[] {
  const body = input && typeof input === 'object' && !Array.isArray(input) ? (input as Body) : {};
  const raw = rawSpotList(body);
  if (!raw || !raw.length) throw new ValidationError({ spots: [spotMessages.spotsRequired] });
  if (raw.length > PLAY_SPOTS_MAX) throw new ValidationError({ spots: [spotMessages.spotsTooMany] });
  return raw.map((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > MAX_ID) throw new ValidationError({ spots: [spotMessages.spotsInvalid] });
    return n;
  });
}

/**
 * Spots: the customer's list (read-only until the mixer adds upload, update and delete), and an
 * operator/test route that fires PlaySpots now. The scheduler calls `ctx.realtime.playSpots`
 * directly.
 */
export function registerSpotRoutes(app: FastifyInstance, ctx: AppContext) {
  const actor = (req: FastifyRequest): Actor => ({
    customerId: req.tenant.id,
    sessionId: req.session?.sessionId ?? null,
    socketId: socketIdOf(req),
  });

  app.get('/api/spots', async (req): Promise<Spot[]> => {
    const rows = await listSpots(ctx.db, { customerId: req.tenant.id });
    return rows.map((row) => spotResource(ctx.storage, row));
  });

  // Like the scheduler: one PlaySpots, in the given order, to every player of the customer (the
  // path's player must be the customer's). Nobody is skipped: the caller may be the audio device.
  app.post<{ Params: { id: string } }>('/api/players/:id/spots/play', async (req): Promise<PlaySpotsEvent> => {
    const playerId = idParam(req.params.id);
    await ctx.players.get(actor(req), playerId);
    const ids = parseSpotIds(req.body);
    const rows = await getSpots(ctx.db, { customerId: req.tenant.id, ids });
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (ids.some((id) => !byId.has(id))) throw new ValidationError({ spots: [spotMessages.spotsUnknown] });
    const spots = ids.map((id) => playerSoundResource(ctx.storage, 'spot', byId.get(id)!));
    await ctx.realtime.playSpots(req.tenant.id, spots);
    return { spots };
  });
}
