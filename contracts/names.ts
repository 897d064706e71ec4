/**
 * The contract's plain constants, without zod: browser code imports these (and only types from the
 * schema modules), so the schemas stay on the server. The schema modules re-export them.
 */

/** Morph class names of the things a player can play (Laravel FQCNs). */
export const PLAYABLE_CHANNEL = 'App\\Models\\Channel';
export const PLAYABLE_PLAYLIST = 'App\\Models\\Playlist';

/** Longest playlist name the API accepts (characters). */
export const PLAYLIST_NAME_MAX = 100;

/** Longest name of a spot, sound, slideshow or screen the API accepts (characters). */
export const MIXER_NAME_MAX = 100;

/** Longest name of a device ('Pult', 'Raktár') the API accepts (characters). */
export const DEVICE_NAME_MAX = 40;

/** Echo names without the prefix (`Echo.private(...)`, `Echo.join(...)`). */
export const playerChannelName = (playerId: number | string) => `player.${playerId}`;
export const customerChannelName = (customerId: number | string) => `customer.${customerId}`;
/** Wire names, as the server and pusher-js see them. */
export const privatePlayerChannel = (playerId: number | string) => `private-${playerChannelName(playerId)}`;
export const presenceCustomerChannel = (customerId: number | string) => `presence-${customerChannelName(customerId)}`;

/** Event names on the wire (no broadcastAs): Echo binds them with `listen('UpdatePlayer')` etc. */
export const UPDATE_PLAYER_EVENT = 'App\\Events\\UpdatePlayer';
export const PLAY_SPOTS_EVENT = 'App\\Events\\PlaySpots';
export const PLAY_SOUND_EVENT = 'App\\Events\\PlaySound';
/** `{player_id, session_id, output}`: the audio device's output state changed (the bundled API only). */
export const OUTPUT_CHANGED_EVENT = 'App\\Events\\OutputChanged';

/**
 * What the audio device really does, as it reports it (`POST /api/players/{id}/output`): sounding;
 * waiting for a click or tap (the browser refused to start it, or its audio context is suspended);
 * stalled (no data for 5 s); paused.
 */
export const OUTPUT_STATES = ['audible', 'needs_tap', 'stalled', 'paused'] as const;
export type OutputState = (typeof OUTPUT_STATES)[number];
/**
 * The player's `output.state`: a report of OUTPUT_STATES, or the server's own `logged_out`: the login
 * of the device that holds the output ended (logout, every login of its user ended), so it no longer
 * sounds for the shop and never reports again (the bundled API only).
 */
export const PLAYER_OUTPUT_STATES = [...OUTPUT_STATES, 'logged_out'] as const;
export type PlayerOutputState = (typeof PLAYER_OUTPUT_STATES)[number];
/**
 * `{id, name}` on `presence-customer.{id}`: the device whose presence id (session_id) is `id` was
 * named `name`. The bundled API's own event (a Laravel API has no device names).
 */
export const DEVICE_RENAMED_EVENT = 'App\\Events\\DeviceRenamed';

/** A screen's public channel (no prefix: anyone with the hash_id may listen) and its events. */
export const screenChannelName = (hashId: string) => `screen.${hashId}`;
/** `{}`: the screen's name or default slideshow (or that slideshow's images) changed; refetch. */
export const SCREEN_UPDATED_EVENT = 'App\\Events\\ScreenUpdated';
/** `{slideshow_ids, once: true}`: play these slideshows one pass each, then the default. */
export const SHOW_SLIDESHOW_EVENT = 'App\\Events\\ShowSlideshow';

/**
 * The fields of the answers that hold media URLs (covers, thumbnails, audio, the logo setting, the
 * tutorial videos and their posters). An API may send them relative to itself
 * (`/images/channels/1.jpg`); the web resolves them against the tenant API's base URL.
 */
export const MEDIA_URL_FIELDS: readonly string[] = [
  'url',
  'image_url',
  'landscape_url',
  'image_thumbnail_url',
  'video_url',
  'poster_url',
];

/** Scheduler frequencies (SPEC.md §9), Laravel's helper names; the first is the default. */
export const SCHEDULER_FREQUENCIES = [
  'everyMinute',
  'everyTwoMinutes',
  'everyThreeMinutes',
  'everyFourMinutes',
  'everyFiveMinutes',
  'everyTenMinutes',
  'everyFifteenMinutes',
  'everyThirtyMinutes',
  'hourly',
  'everyTwoHours',
  'everyThreeHours',
  'everyFourHours',
  'everySixHours',
  'hourlyAt15',
  'hourlyAt30',
  'hourlyAt45',
] as const;
export type SchedulerFrequency = (typeof SCHEDULER_FREQUENCIES)[number];

/** The day fields of a schedule, Monday first (SPEC.md §9 day keys). */
export const DAY_KEYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type DayKey = (typeof DAY_KEYS)[number];
/** The day key of a JavaScript weekday (`Date#getDay`, 0 = Sunday). */
export const DAY_KEY_OF_WEEKDAY: readonly DayKey[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

/** A new schedule's rule: every minute, no dates, no windows, every day (SPEC.md §3 defaults). */
export const DEFAULT_SCHEDULE_RULE = {
  frequency: 'everyMinute' as SchedulerFrequency,
  date_from: null as string | null,
  date_to: null as string | null,
  between_from: null as string | null,
  between_to: null as string | null,
  unless_between_from: null as string | null,
  unless_between_to: null as string | null,
  ...(Object.fromEntries(DAY_KEYS.map((day) => [day, true])) as Record<DayKey, boolean>),
};

/** Alerts (bundled API only), on the private player channel: an alert opened, and one closed. */
export const ALERT_OPENED_EVENT = 'App\\Events\\AlertOpened';
export const ALERT_CLOSED_EVENT = 'App\\Events\\AlertClosed';

// Zones (contracts/zones.ts holds their schemas and calls).

/** Most zones one shop may have, and the name of the one every shop starts with. */
export const ZONES_MAX = 10;
export const DEFAULT_ZONE_NAME = 'Üzlettér';

/** `{id, zone_id}` on `presence-customer.{id}`: the device `id` now steers zone `zone_id` (the bundled API only). */
export const DEVICE_ZONE_EVENT = 'App\\Events\\DeviceZoneChanged';

export const zoneMessages = {
  limit: `Legfeljebb ${ZONES_MAX} zóna lehet.`,
  last: 'Az utolsó zóna nem törölhető.',
  notFound: 'A zóna nem található.',
  reorder: 'Az új sorrendben minden zónának pontosan egyszer kell szerepelnie.',
  /** A scheduled item with `zones: []`. */
  zonesEmpty: 'Válasszon legalább egy zónát.',
  zoneUnknown: 'A kiválasztott zóna nem található.',
  /** Shown on a scheduled item whose every zone was deleted (it was switched off). */
  noZoneLeft: 'Ez az ütemezés egyik zónában sem szól.',
  /** Asked before a device that sounds for zone `from` becomes the audio device of zone `to`. */
  moveAsk: (from: string, to: string) =>
    `Ez az eszköz a(z) ${from} zóna zenéjét szólja. Átviszi ide a(z) ${to} zóna zenéjét?`,
} as const;

/**
 * An alert's or a report's title about music, per zone: the plain title ('Nem szól a zene: …') when
 * the shop has one zone, 'Nem szól a zene a(z) {zóna} zónában: …' when it has more.
 */
export function zoneMusicTitle(title: string, zoneName: string | null, zoneCount: number): string {
  const prefix = 'Nem szól a zene: ';
  if (zoneCount <= 1 || zoneName === null || !title.startsWith(prefix)) return title;
  return `Nem szól a zene a(z) ${zoneName} zónában: ${title.slice(prefix.length)}`;
}
