import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlayerSound } from '../../../contracts/realtime';
import type { Sound } from '../../../contracts/sounds';
import type { AppContext } from '../context';
import { getSound, listSounds } from '../db/queries/sounds';
import { HttpError, messages } from '../http/errors';
import { idParam, socketIdOf } from '../http/params';
import { playerSoundResource, soundResource } from '../http/resources';
import type { Actor } from '../player/service';

/**
 * Sounds: the list (provider sounds and the customer's own, with the customer's favourite/quick
 * marks) and playing one over the music. Uploads, favourite/quick toggles and deletes come with
 * the mixer.
 */
export function registerSoundRoutes(app: FastifyInstance, ctx: AppContext) {
  const actor = (req: FastifyRequest): Actor => ({
    customerId: req.tenant.id,
    sessionId: req.session?.sessionId ?? null,
    socketId: socketIdOf(req),
  });

  app.get('/api/sounds', async (req): Promise<Sound[]> => {
    const rows = await listSounds(ctx.db, { customerId: req.tenant.id });
    return rows.map((row) => soundResource(ctx.storage, row));
  });

  // PlaySound goes to every socket on the player's channel, the caller's too: the caller may be
  // the audio device itself, and only the audio device plays it.
  app.post<{ Params: { id: string; soundId: string } }>(
    '/api/players/:id/sounds/:soundId/play',
    async (req): Promise<PlayerSound> => {
      const playerId = idParam(req.params.id);
      const soundId = idParam(req.params.soundId);
      const player = await ctx.players.get(actor(req), playerId);
      const row = await getSound(ctx.db, { customerId: req.tenant.id, id: soundId });
      if (!row) throw new HttpError(404, messages.notFound);
      const sound = playerSoundResource(ctx.storage, 'sound', row);
      await ctx.realtime.playSound(player.id, sound);
      return sound;
    },
  );
}
