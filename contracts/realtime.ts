import { z } from 'zod';
import { loudnessFields } from './loudness';
import { nameField } from './fields';
import { DEVICE_NAME_MAX } from './names';
import { playerOutputSchema, playerSchema } from './player';

/**
 * Real-time wire shapes (SPEC.md §7 Real-time; CONTRACTS.md §1.7): Laravel's channel and event
 * names, the payload of each event, the presence member (a Device) and the runtime settings the
 * web app builds its Echo / pusher-js client from.
 */

/** Channel and event names (Echo's, and on the wire), kept in the zod-free names.ts. */
export {
  customerChannelName,
  playerChannelName,
  PLAY_SOUND_EVENT,
  DEVICE_RENAMED_EVENT,
  PLAY_SPOTS_EVENT,
  OUTPUT_CHANGED_EVENT,
  presenceCustomerChannel,
  privatePlayerChannel,
  UPDATE_PLAYER_EVENT,
  SCREEN_UPDATED_EVENT,
  SHOW_SLIDESHOW_EVENT,
  screenChannelName,
} from './names';

/** A device of the shop, the `user_info` of a presence member (SPEC.md §3 Device). */
export const deviceTypeSchema = z.enum(['tablet', 'mobile', 'desktop']);
export type DeviceType = z.infer<typeof deviceTypeSchema>;
export const deviceSchema = z.object({
  /** The device login's public session_id (as `/api/me` answers it); also the presence user_id. */
  id: z.string(),
  type: deviceTypeSchema,
  /** Hardware model when the User-Agent names one ('iPhone', 'SM-T510'), else the browser ('Chrome'). */
  device_model: z.string(),
  /** Maker when known ('Apple', 'Samsung'), else the operating system ('Windows', 'Linux'). */
  device_family: z.string(),
  /** The name the shop gave this browser ('Pult'); the bundled API's own field, absent when unnamed. */
  name: z.string().optional(),
  /** The zone this device last steered (contracts/zones.ts); the bundled API's own field. */
  zone_id: z.number().nullable().optional(),
});
export type Device = z.infer<typeof deviceSchema>;

/** `POST /api/devices/{sessionId}/name`: a device's presence id (judged by the route: unknown is 404). */
export const deviceParamsSchema = z.object({ sessionId: z.string() });

/** POST /api/devices/{id}/name (bundled API only): the names rule, 1–40 characters. */
export const deviceNameBodySchema = z.object({ name: nameField(DEVICE_NAME_MAX) });
export type DeviceNameBody = z.infer<typeof deviceNameBodySchema>;

/** `App\Events\DeviceRenamed` on the presence channel, and the answer of the rename call. */
export const deviceRenamedEventSchema = z.object({ id: z.string(), name: z.string() });
export type DeviceRenamedEvent = z.infer<typeof deviceRenamedEventSchema>;

/** `presence-customer.{id}` channel_data: user_id is a string, as pusher-php sends it. */
export const presenceChannelDataSchema = z.object({ user_id: z.string(), user_info: deviceSchema });
export type PresenceChannelData = z.infer<typeof presenceChannelDataSchema>;

/** The 422s of /broadcasting/auth (Laravel's channel authorization) in Hungarian. */
export const broadcastingMessages = {
  socketId: 'Érvénytelen socket azonosító.',
  channelName: 'A csatorna neve kötelező.',
  forbidden: 'Nincs jogosultsága ehhez a csatornához.',
};

/** A Pusher socket id (`123.456`), as the connection was given it. */
export const SOCKET_ID_PATTERN = /^\d+\.\d+$/;

/**
 * GET or POST /broadcasting/auth: what pusher-js sends (a urlencoded form on POST, the BFF may
 * send JSON; a field the body lacks is read from the query).
 */
export const channelAuthBodySchema = z.object({
  socket_id: z
    .string({ error: broadcastingMessages.socketId })
    .max(64, { error: broadcastingMessages.socketId })
    .regex(SOCKET_ID_PATTERN, { error: broadcastingMessages.socketId }),
  channel_name: z
    .string({ error: broadcastingMessages.channelName })
    .min(1, { error: broadcastingMessages.channelName })
    .max(200, { error: broadcastingMessages.channelName }),
});
export type ChannelAuthBody = z.infer<typeof channelAuthBodySchema>;

/** POST /broadcasting/auth answer: `channel_data` only for presence channels (a JSON string). */
export const channelAuthSchema = z.object({ auth: z.string(), channel_data: z.string().optional() });
export type ChannelAuth = z.infer<typeof channelAuthSchema>;

/**
 * A spot or sound as the audio device plays it (SPEC.md §3 "Sound/spot in player": id, type,
 * url). This API also sends `name` and `duration` (seconds, fractions kept) so remote devices can
 * say what is playing; a Laravel backend may not, hence optional.
 */
export const playerSoundTypeSchema = z.enum(['spot', 'sound']);
export const playerSoundSchema = z.object({
  id: z.number(),
  type: playerSoundTypeSchema,
  url: z.string(),
  name: z.string().optional(),
  duration: z.number().optional(),
  ...loudnessFields,
});
export type PlayerSound = z.infer<typeof playerSoundSchema>;

export const updatePlayerEventSchema = z.object({ player: playerSchema });
export type UpdatePlayerEvent = z.infer<typeof updatePlayerEventSchema>;
/** `OutputChanged`: the output state of the device `session_id` (the one the player names) changed. */
export const outputChangedEventSchema = z.object({
  player_id: z.number(),
  session_id: z.string(),
  output: playerOutputSchema,
});
export type OutputChangedEvent = z.infer<typeof outputChangedEventSchema>;
export const playSpotsEventSchema = z.object({ spots: z.array(playerSoundSchema) });
export type PlaySpotsEvent = z.infer<typeof playSpotsEventSchema>;
export const playSoundEventSchema = z.object({ sound: playerSoundSchema });
export type PlaySoundEvent = z.infer<typeof playSoundEventSchema>;

/**
 * GET /api/realtime-config: what `new Echo({broadcaster: 'pusher', ...})` needs. `cluster` is
 * required by pusher-js 8 even with wsHost; forceTLS is ignored by pusher-js on https pages.
 */
export const realtimeConfigSchema = z.object({
  key: z.string(),
  wsHost: z.string(),
  wsPort: z.number(),
  wssPort: z.number(),
  forceTLS: z.boolean(),
  cluster: z.string(),
});
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;

/*
 * Pusher's HTTP API on the built-in server (CONTRACTS.md §1.6), as the `pusher` npm library and
 * pusher-php call it. Every request is signed over its method, path, sorted query and the md5 of
 * its raw body, so the body is read raw and judged after the signature; the schemas below refuse
 * nothing before it (errors are Pusher's own `{message}` in English).
 */

/** `/apps/{appId}/…`: the app's id (another app's is a 404 after the signature's check). */
export const pusherAppParamsSchema = z.object({ appId: z.string() });
/** `/apps/{appId}/channels/{name}…`. */
export const pusherChannelParamsSchema = pusherAppParamsSchema.extend({ name: z.string() });

/** GET /apps/{appId}/channels: `filter_by_prefix` and `info` (`user_count`); a repeated one counts as none. */
export const pusherChannelsQuerySchema = z.object({
  filter_by_prefix: z.string().optional().catch(undefined),
  info: z.string().optional().catch(undefined),
});

/** POST …/events and …/batch_events: `{}`. */
export const pusherEmptyAnswerSchema = z.object({});
/** GET …/channels: the occupied channels (this instance's), with `user_count` when asked. */
export const pusherChannelsAnswerSchema = z.object({
  channels: z.record(z.string(), z.object({ user_count: z.number().optional() })),
});
/** GET …/channels/{name}: `user_count` for presence channels only. */
export const pusherChannelAnswerSchema = z.object({
  occupied: z.boolean(),
  user_count: z.number().optional(),
  subscription_count: z.number(),
});
/** GET …/channels/{name}/users: a presence channel's members. */
export const pusherUsersAnswerSchema = z.object({ users: z.array(z.object({ id: z.string() })) });
