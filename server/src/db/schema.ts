import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { OpeningDay, OpeningException } from '../../../contracts/opening-hours';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A customer is a tenant: everything else hangs off `customer_id`. */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull().default('Europe/Budapest'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Stored lower-cased so look-ups and the uniqueness rule ignore case. */
    email: text('email').notNull(),
    password: text('password').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_customer_email_unique').on(t.customerId, t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value; the value itself is never stored. */
    id: text('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Null for a guest session (after csrf-cookie, before login). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Public id of this device login (`/api/me` session_id, the player's output device). */
    sessionId: text('session_id').notNull(),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * The key of the browser that holds this login (see deviceNames), so another device can name
     * it; null when the caller named no browser (a client without the BFF).
     */
    deviceKey: text('device_key'),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_index').on(t.userId), index('sessions_last_activity_index').on(t.lastActivityAt)],
);

export const rememberTokens = pgTable(
  'remember_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The device login it restores, so a restored session keeps its device identity. */
    sessionId: text('session_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('remember_tokens_user_id_index').on(t.userId)],
);

/**
 * The browsers (the web app's lasting `pulzus_device` id) that have logged in to a user. Their failed
 * logins are counted per browser instead of against the account-wide limit, so strangers tripping
 * that limit cannot lock the user out of their own devices. Only the id's SHA-256 is stored: a copy
 * of this table names no browser.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] }), index('user_devices_last_login_index').on(t.lastLoginAt)],
);

/**
 * The names a shop gave its devices ('Pult', 'Raktár'). A name belongs to the browser, not to a
 * login: the key is the SHA-256 of the browser's lasting `pulzus_device` id (as in userDevices), so
 * the name survives reloads, logouts and logins. A login that named no browser is keyed
 * `session:<session_id>` and keeps its name as long as it lasts.
 */
export const deviceNames = pgTable(
  'device_names',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    name: text('name').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.deviceKey] })],
);

/**
 * The zone each browser of a shop last steered (issue 43), keyed like deviceNames; gone with the zone.
 */
export const deviceZones = pgTable(
  'device_zones',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    zoneId: integer('zone_id')
      .notNull()
      .references((): AnyPgColumn => zones.id, { onDelete: 'cascade' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.deviceKey] }), index('device_zones_zone_id_index').on(t.zoneId)],
);

/** One row per (customer, e-mail), as Laravel's password broker keeps it. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.email] })],
);

/**
 * Sliding-window limits shared by every API instance (login and reset-mail throttling): the times of
 * a key's hits within its window (at most its maximum), their number, and when the last one leaves.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  hitsAt: timestamp('hits_at', { withTimezone: true })
    .array()
    .notNull()
    .default(sql`'{}'::timestamptz[]`),
});

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value'),
    /** Path under the media root for file settings (the logo). */
    filePath: text('file_path'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('settings_customer_key_unique').on(t.customerId, t.key)],
);

/*
 * The provider's catalogue: categories, subcategories, channels and tracks are shared by every
 * customer (no customer_id). What a customer owns about them is its favourites and its players.
 * Media paths starting with `assets/` point into the committed server/assets folder, others into
 * DATA_DIR/media (see storage).
 */

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subcategories_category_id_index').on(t.categoryId)],
);

export const channels = pgTable('channels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  isFeatured: boolean('is_featured').notNull().default(false),
  /** Media path of the cover image. */
  imagePath: text('image_path'),
  /** Media path of the wide background image. */
  landscapePath: text('landscape_path'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const channelSubcategory = pgTable(
  'channel_subcategory',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.subcategoryId, t.channelId] }),
    index('channel_subcategory_channel_id_index').on(t.channelId),
  ],
);

/**
 * Loudness of an audio file (issue 28, server/src/audio/loudness.ts): integrated LUFS and true peak
 * dBTP, measured once after the file is stored; null until then, or when it could not be measured
 * (the device then plays the file at its own level).
 */
const loudnessColumns = () => ({
  loudnessLufs: doublePrecision('loudness_lufs'),
  peakDbtp: doublePrecision('peak_dbtp'),
});

export const tracks = pgTable('tracks', {
  id: serial('id').primaryKey(),
  /** Media path of the MP3; several tracks may share one file. */
  filePath: text('file_path').notNull(),
  /** The file name shown when there is no title (`name` on the wire). */
  fileName: text('file_name').notNull(),
  title: text('title'),
  artist: text('artist'),
  /** True length in seconds, read from the file. */
  duration: doublePrecision('duration').notNull(),
  ...loudnessColumns(),
  thumbnailPath: text('thumbnail_path'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const channelTracks = pgTable(
  'channel_tracks',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    /** Play order within the channel, from 1. */
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.trackId] }),
    index('channel_tracks_channel_position_index').on(t.channelId, t.position),
  ],
);

export const favouriteChannels = pgTable(
  'favourite_channels',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.channelId] })],
);

/**
 * A shop's zones ('Zóna', issue 43): areas with their own music (the café corner, the terrace).
 * Each has exactly one player (`players.zone_id`, unique) and its own music plan; a shop has 1 to
 * ZONES_MAX of them, in `position` order (0-based). Deleting one deletes its player and its plan.
 */
export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('zones_customer_position_index').on(t.customerId, t.position)],
);

/**
 * A customer's player, shared by all its devices. `playable_type`/`playable_id` are polymorphic
 * (Laravel morph class names, `App\Models\Channel` or `App\Models\Playlist`), so they carry no
 * foreign key; the player service checks them. `cycle_played` holds the track ids already played
 * in the current shuffle cycle.
 */
export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The zone it plays for (one player per zone): deleting the zone deletes its player. */
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    isRepeat: boolean('is_repeat').notNull().default(true),
    isRandom: boolean('is_random').notNull().default(false),
    isPlaying: boolean('is_playing').notNull().default(false),
    currentTime: doublePrecision('current_time').notNull().default(0),
    volume: integer('volume').notNull().default(100),
    /** Device session (`/api/me` session_id) that outputs audio; null = nobody. */
    sessionId: text('session_id'),
    playableType: text('playable_type'),
    playableId: integer('playable_id'),
    trackId: integer('track_id').references(() => tracks.id, { onDelete: 'set null' }),
    cyclePlayed: jsonb('cycle_played').$type<number[]>().notNull().default([]),
    /** The tracks `next` will choose, in order (`next_tracks`): decided ahead so a device can cache them. */
    upcoming: jsonb('upcoming').$type<number[]>().notNull().default([]),
    /** Raised by every change, so a client never lets an older state overwrite a newer one. */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * What the audio device (`sessionId`) last reported it does (OUTPUT_STATES) and when; both null
     * until it reports, and cleared when the output moves. Written without raising `version`.
     */
    outputState: text('output_state'),
    outputSince: timestamp('output_since', { withTimezone: true }),
    /**
     * The music plan (issue 26): a manager's press holds the player until this boundary (the next
     * opening, closing or block start after the press); null: the plan is in charge.
     */
    planHoldUntil: timestamp('plan_hold_until', { withTimezone: true }),
    /** The `version` the plan last wrote: a state at that version is the plan's (its volume ramps on the device). */
    planVersion: bigint('plan_version', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('players_customer_id_index').on(t.customerId), uniqueIndex('players_zone_id_unique').on(t.zoneId)],
);

/**
 * The player commands already applied, by the caller's idempotency key (one per press), with their
 * answer: a repeat of the same request (a proxy or the browser sending it again after a lost
 * connection) answers the first answer and changes nothing. Written in the command's transaction,
 * under the player's lock; kept for PLAYER_COMMAND_KEY_MINUTES.
 */
export const playerCommands = pgTable(
  'player_commands',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The login (device session id) that sent the key: a key is its own, another login's is another. */
    login: text('login').notNull().default(''),
    key: text('key').notNull(),
    /** sha256 of the method, the path and the body the key first came with: the same key with another is a 422. */
    requestHash: text('request_hash').notNull().default(''),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.login, t.key] }),
    index('player_commands_created_at_index').on(t.createdAt),
  ],
);

/**
 * A customer's own playlist ('Saját listák'). Its tracks are catalogue tracks, each at most once,
 * in `position` order (gaps allowed: removals leave them, a reorder renumbers 1..n). Playlist
 * tracks carry no customer_id: reach them only through a playlist filtered by customer.
 */
export const playlists = pgTable(
  'playlists',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('playlists_customer_id_index').on(t.customerId)],
);

export const playlistTracks = pgTable(
  'playlist_tracks',
  {
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    /** Play order within the playlist (ascending; ties by track id). */
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.trackId] }),
    index('playlist_tracks_playlist_position_index').on(t.playlistId, t.position),
    index('playlist_tracks_track_id_index').on(t.trackId),
  ],
);

/*
 * Sounds ('Hangok', the soundboard) and spots (the customer's ad spots). A sound with no
 * customer_id is the provider's and every customer sees it; one with a customer_id is that
 * customer's own upload. Favourite and quick are each customer's own marks on any sound it may
 * see, so they live in `sound_preferences`, not on the sound. Spots always belong to one
 * customer. `file_path` is a media path (`assets/…` for the committed demo media).
 */

export const sounds = pgTable(
  'sounds',
  {
    id: serial('id').primaryKey(),
    /** Null = a provider sound, shared by every customer. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filePath: text('file_path').notNull(),
    /** True length in seconds (fractions kept). */
    duration: doublePrecision('duration').notNull(),
    ...loudnessColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sounds_customer_id_index').on(t.customerId)],
);

/** A customer's favourite / quick marks on a sound (a row only while one of them is set). */
export const soundPreferences = pgTable(
  'sound_preferences',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    soundId: integer('sound_id')
      .notNull()
      .references(() => sounds.id, { onDelete: 'cascade' }),
    isFavorite: boolean('is_favorite').notNull().default(false),
    isQuick: boolean('is_quick').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.soundId] }), index('sound_preferences_sound_id_index').on(t.soundId)],
);

export const spots = pgTable(
  'spots',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The uploaded file's name as shown in the list. */
    fileName: text('file_name').notNull(),
    filePath: text('file_path').notNull(),
    /** True length in seconds (fractions kept). */
    duration: doublePrecision('duration').notNull(),
    ...loudnessColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('spots_customer_id_index').on(t.customerId)],
);

/** 'Új hang kérése': a shop's wish for a new provider sound, kept for the provider. */
export const soundRequests = pgTable(
  'sound_requests',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sound_requests_customer_id_index').on(t.customerId)],
);

/*
 * Slideshows and the in-store screens showing them. Images carry their slideshow's customer_id
 * too, so every query filters by customer directly. A screen's default slideshow is nulled when
 * the slideshow is deleted.
 */

export const slideshows = pgTable(
  'slideshows',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('slideshows_customer_id_index').on(t.customerId)],
);

export const slideshowImages = pgTable(
  'slideshow_images',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    slideshowId: integer('slideshow_id')
      .notNull()
      .references(() => slideshows.id, { onDelete: 'cascade' }),
    /** The uploaded file's name. */
    name: text('name').notNull(),
    filePath: text('file_path').notNull(),
    seconds: integer('seconds').notNull().default(5),
    /** Show order within the slideshow (ascending; ties by id). */
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('slideshow_images_slideshow_position_index').on(t.slideshowId, t.position),
    index('slideshow_images_customer_id_index').on(t.customerId),
  ],
);

export const screens = pgTable(
  'screens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Unguessable, url-safe public id of the screen page (`/screen/{hash_id}`). */
    hashId: text('hash_id').notNull().unique(),
    slideshowId: integer('slideshow_id').references(() => slideshows.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('screens_customer_id_index').on(t.customerId), index('screens_slideshow_id_index').on(t.slideshowId)],
);

/*
 * Scheduled content ('Ütemezés', SPEC.md §3): what a shop plays or shows on a Laravel-style
 * schedule (CONTRACTS.md §3). Window times are 'HH:MM' text in the shop's local time; dates are
 * local calendar days. The link tables keep the chosen order in `position`; deleting a spot,
 * slideshow or screen cascades its link rows.
 */

export const scheduledContents = pgTable(
  'scheduled_contents',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    /** One of SCHEDULER_FREQUENCIES (contracts/names.ts). */
    frequency: text('frequency').notNull().default('everyMinute'),
    dateFrom: date('date_from', { mode: 'string' }),
    dateTo: date('date_to', { mode: 'string' }),
    betweenFrom: text('between_from'),
    betweenTo: text('between_to'),
    unlessBetweenFrom: text('unless_between_from'),
    unlessBetweenTo: text('unless_between_to'),
    monday: boolean('monday').notNull().default(true),
    tuesday: boolean('tuesday').notNull().default(true),
    wednesday: boolean('wednesday').notNull().default(true),
    thursday: boolean('thursday').notNull().default(true),
    friday: boolean('friday').notNull().default(true),
    saturday: boolean('saturday').notNull().default(true),
    sunday: boolean('sunday').notNull().default(true),
    /**
     * 'Csak nyitvatartási időben' (issue 26): outside the shop's opening hours the item does not
     * fire. The column's default is false so that items saved before it keep firing as they did;
     * the API makes it true for a new item that does not say.
     */
    onlyOpen: boolean('only_open').notNull().default(false),
    /**
     * 'Zónák' (issue 43): true plays on every zone of the shop, those added later too; false only on
     * the zones of `scheduled_content_zones` (none left after their deletion: the item was switched off).
     */
    allZones: boolean('all_zones').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('scheduled_contents_customer_id_index').on(t.customerId)],
);

export const scheduledContentSpots = pgTable(
  'scheduled_content_spots',
  {
    scheduledContentId: integer('scheduled_content_id')
      .notNull()
      .references(() => scheduledContents.id, { onDelete: 'cascade' }),
    spotId: integer('spot_id')
      .notNull()
      .references(() => spots.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduledContentId, t.spotId] }),
    index('scheduled_content_spots_spot_id_index').on(t.spotId),
  ],
);

export const scheduledContentSlideshows = pgTable(
  'scheduled_content_slideshows',
  {
    scheduledContentId: integer('scheduled_content_id')
      .notNull()
      .references(() => scheduledContents.id, { onDelete: 'cascade' }),
    slideshowId: integer('slideshow_id')
      .notNull()
      .references(() => slideshows.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduledContentId, t.slideshowId] }),
    index('scheduled_content_slideshows_slideshow_id_index').on(t.slideshowId),
  ],
);

export const scheduledContentScreens = pgTable(
  'scheduled_content_screens',
  {
    scheduledContentId: integer('scheduled_content_id')
      .notNull()
      .references(() => scheduledContents.id, { onDelete: 'cascade' }),
    screenId: integer('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduledContentId, t.screenId] }),
    index('scheduled_content_screens_screen_id_index').on(t.screenId),
  ],
);

/** The zones a scheduled item plays on when it is not for all of them (issue 43). */
export const scheduledContentZones = pgTable(
  'scheduled_content_zones',
  {
    scheduledContentId: integer('scheduled_content_id')
      .notNull()
      .references(() => scheduledContents.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.scheduledContentId, t.zoneId] }),
    index('scheduled_content_zones_zone_id_index').on(t.zoneId),
  ],
);

/**
 * The fire log and the exactly-once claim in one: a fire inserts its row with
 * ON CONFLICT (scheduled_content_id, minute) DO NOTHING, and only the instance whose insert
 * landed sends it. `minute` is the UTC start of the minute it fired for. The item's name and
 * what it sent are copied, so the log (proof of play) outlives edits and deletes of the item.
 */
export const schedulerFires = pgTable(
  'scheduler_fires',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    scheduledContentId: integer('scheduled_content_id').references(() => scheduledContents.id, {
      onDelete: 'set null',
    }),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    spotIds: jsonb('spot_ids').$type<number[]>().notNull().default([]),
    slideshowIds: jsonb('slideshow_ids').$type<number[]>().notNull().default([]),
    screenIds: jsonb('screen_ids').$type<number[]>().notNull().default([]),
    /** Which API instance sent it. */
    instance: text('instance').notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Claimed too late to play (the tick waited on the database past the minute's grace): nothing
     * was sent, and the row keeps any other instance from playing the minute late.
     */
    missed: boolean('missed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('scheduler_fires_claim_unique').on(t.scheduledContentId, t.minute),
    index('scheduler_fires_customer_minute_index').on(t.customerId, t.minute),
  ],
);

/*
 * The shop's day (issue 26): opening hours, the weekly music plan, and the tracks it never wants
 * again. Times are 'HH:MM' on the shop's wall clock (server/src/scheduler/day-plan.ts reads them).
 */

/** One row per shop that has set its opening hours; none (or an empty week) is always open. */
export const openingHours = pgTable('opening_hours', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** All seven days, Monday first (contracts/opening-hours.ts `OpeningDay`), or empty. */
  week: jsonb('week').$type<OpeningDay[]>().notNull().default([]),
  /** At most OPENING_EXCEPTIONS_MAX, by date. */
  exceptions: jsonb('exceptions').$type<OpeningException[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

/** The plan's switch and default source, per zone; a zone without a row has the plan off and no default. */
export const musicPlans = pgTable('music_plans', {
  zoneId: integer('zone_id')
    .primaryKey()
    .references(() => zones.id, { onDelete: 'cascade' }),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** 'channel' or 'playlist' (no foreign key: a deleted playlist leaves the plan without default). */
  defaultSourceType: text('default_source_type'),
  defaultSourceId: integer('default_source_id'),
  updatedAt: updatedAt(),
});

/**
 * A block of the music plan. The source is polymorphic like the player's playable (no foreign
 * key): a block whose playlist was deleted stays, and plays the default source.
 */
export const musicPlanBlocks = pgTable(
  'music_plan_blocks',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The zone whose plan it belongs to. */
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    name: text('name'),
    monday: boolean('monday').notNull().default(true),
    tuesday: boolean('tuesday').notNull().default(true),
    wednesday: boolean('wednesday').notNull().default(true),
    thursday: boolean('thursday').notNull().default(true),
    friday: boolean('friday').notNull().default(true),
    saturday: boolean('saturday').notNull().default(true),
    sunday: boolean('sunday').notNull().default(true),
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id').notNull(),
    /** 0–100, or null: the volume is left as it is. */
    volume: integer('volume'),
    shuffle: boolean('shuffle').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('music_plan_blocks_customer_id_index').on(t.customerId),
    index('music_plan_blocks_zone_id_index').on(t.zoneId),
  ],
);

/**
 * The music plan's boundaries applied (issue 26): one row per (shop, boundary), claimed like a
 * scheduler fire, so any number of API instances apply each boundary once. `kind` is 'open',
 * 'close' or 'block' (`block_id` 0 for opening and closing, and for the default source's time);
 * `local_date` and `wall_time` are the shop's wall clock at the boundary, so autumn's repeated hour
 * keys it once.
 */
export const musicPlanApplied = pgTable(
  'music_plan_applied',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The zone whose plan the boundary is of (each zone's plan is applied apart). */
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    blockId: integer('block_id').notNull(),
    localDate: text('local_date').notNull(),
    wallTime: text('wall_time').notNull(),
    /** UTC instant of the boundary. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Whether it changed the player (false: a manager's press held it, or nothing to do). */
    applied: boolean('applied').notNull(),
    instance: text('instance').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.kind, t.blockId, t.localDate, t.wallTime] }),
    index('music_plan_applied_customer_id_index').on(t.customerId),
  ],
);

/** Tracks a shop never wants to hear again ('Szám letiltása'): left out of every order of its player. */
export const blockedTracks = pgTable(
  'blocked_tracks',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.trackId] })],
);

/**
 * Proof of play: one row per play the audio device reported (POST /api/players/{id}/played).
 * `report_id` is the device's own id for the report, unique per customer, so a report sent again
 * after a reconnect is stored once. `name` is kept as it was when it played; `item_id` has no
 * foreign key, so deleting a spot keeps its history (what an advertiser is billed on).
 */
export const playReports = pgTable(
  'play_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    reportId: text('report_id').notNull(),
    /** 'track' | 'spot' | 'sound' */
    type: text('type').notNull(),
    itemId: integer('item_id').notNull(),
    name: text('name').notNull(),
    /** When it began by the API's clock (the report's age taken from the time it arrived). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When it began by the device's own clock, as reported (it may be off by hours). */
    deviceStartedAt: timestamp('device_started_at', { withTimezone: true }),
    seconds: doublePrecision('seconds').notNull(),
    ended: boolean('ended').notNull(),
    /** The device session that played it (`/api/me` session_id), when known. */
    sessionId: text('session_id'),
    /** The playing browser's key (see deviceNames), so the log can name the device by its name. */
    deviceKey: text('device_key'),
    /** 'Chrome · Windows', from the User-Agent when it played: the log's name of an unnamed device. */
    deviceLabel: text('device_label'),
    /** The zone's name when it played (issue 43): kept as it was, so a deleted zone still reads. */
    zoneName: text('zone_name'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('play_reports_report_unique').on(t.customerId, t.reportId),
    index('play_reports_customer_started_index').on(t.customerId, t.startedAt),
  ],
);

/**
 * The weekly report's mail ('Heti összesítő'), claimed once per shop and ISO week like a scheduler
 * fire: the instance whose insert lands writes its outbox rows (`alert_outbox`, in the same
 * transaction), so any number of API instances send it once.
 */
export const weeklyReportMails = pgTable(
  'weekly_report_mails',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The reported week, '2026-W48'. */
    week: text('week').notNull(),
    instance: text('instance').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many mails (one per user) went into the outbox. */
    sent: integer('sent'),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.week] })],
);

/** Seed steps already applied, so each runs once even as later issues append steps. */
export const seedSteps = pgTable('seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/*
 * Tutorials ('Útmutató') and the FAQ of the help bubble: the provider's content, the same for every
 * shop (no customer_id). Built from server/assets/tutorials/content.json at start (the provider
 * content sync in src/seed/provider-content.ts), matched by each row's stable `key`, so a
 * regenerated file updates rows in place and ids stay. Media paths are `assets/…`.
 */

export const tutorialTopics = pgTable('tutorial_topics', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A tutorial video file (SPEC.md §3: an item's `video` is a video id). */
export const tutorialVideos = pgTable('tutorial_videos', {
  id: serial('id').primaryKey(),
  /** Media path of the WebM; one row per file. */
  filePath: text('file_path').notNull().unique(),
  /** Media path of the still shown before it plays. */
  posterPath: text('poster_path'),
  /** Seconds. */
  duration: real('duration').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const tutorialItems = pgTable(
  'tutorial_items',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => tutorialTopics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    videoId: integer('video_id')
      .notNull()
      .references(() => tutorialVideos.id),
    /** Order within the topic (ascending; ties by id). */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tutorial_items_topic_position_index').on(t.topicId, t.position),
    index('tutorial_items_video_id_index').on(t.videoId),
  ],
);

export const faqTopics = pgTable('faq_topics', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const faqItems = pgTable(
  'faq_items',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => faqTopics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The answer, plain text (paragraphs separated by blank lines). */
    description: text('description').notNull(),
    /** The tutorial item showing the answer, when there is one. */
    tutorialItemId: integer('tutorial_item_id').references(() => tutorialItems.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('faq_items_topic_position_index').on(t.topicId, t.position),
    index('faq_items_tutorial_item_id_index').on(t.tutorialItemId),
  ],
);

/**
 * Provider content synced from a committed file at every start: the file's hash when last applied,
 * so an unchanged file costs one read and one look-up.
 */
export const contentSyncs = pgTable('content_syncs', {
  name: text('name').primaryKey(),
  hash: text('hash').notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the schedule preview shows of a shop changed when its `version` moved: raised at commit by
 * the triggers of migration 0023 on every write to its scheduled contents and their links, its
 * spots and slideshows (names, lengths), its playlists (the plan's source names), its music plan
 * and blocks and its opening hours, whoever writes them. No row: version 0. The preview's cache
 * (scheduler/preview-cache.ts) keeps an answer only while the version it was built at stands.
 */
export const scheduleVersions = pgTable('schedule_versions', {
  customerId: integer('customer_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** The transaction that raised it last: one raise per transaction, however many rows it wrote. */
  bumpedBy: text('bumped_by'),
});

/**
 * The preview's slots: at most PREVIEW_SLOTS previews of one shop build at once, across every API
 * instance. A slot is a lease: taken when free or expired, given back when the preview is done; an
 * instance that dies holding one loses it when `expires_at` passes.
 */
export const previewSlots = pgTable(
  'preview_slots',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    holder: text('holder').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.slot] })],
);

/*
 * Alerts (issue 40): the manager is told when the shop should hear music and does not. The
 * evaluator (server/src/alerts/evaluator.ts) runs once a minute, exactly once across instances
 * (`alert_ticks`); every mail and push it causes goes through `alert_outbox`.
 */

/** A shop's alert settings; no row: ALERT_SETTINGS_DEFAULT (contracts/alerts.ts). */
export const alertSettings = pgTable('alert_settings', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** Each kind on or off: `{offline, blocked, stalled, paused, spot_missed}`. */
  kinds: jsonb('kinds').$type<Record<string, boolean>>().notNull(),
  /** Minutes a cause must last before its alert opens (1–60). */
  delay: integer('delay').notNull().default(3),
  email: boolean('email').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * The alerts and notices of a shop, newest by id. A state kind (offline, blocked, stalled, paused)
 * is open while `closed_at` is null, at most one per kind per shop (the partial unique index is
 * the guard). 'recovered' is the 'Újra szól a zene' notice that follows a closed one
 * (`recovers_id`, unique: one notice per alert). 'spot_missed' is one per scheduled item per shop
 * day (`item_id`, `local_date`), its `minutes` growing as more of the day's minutes are missed.
 * `read_at` is per shop: the bell's count is the shop's, as its realtime events are.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** When the cause began (its first minute). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** For spot_missed: the scheduled item (no foreign key: its history outlives it) and the shop's day. */
    itemId: integer('item_id'),
    localDate: text('local_date'),
    /** For spot_missed: the missed minutes, 'HH:MM' on the shop's wall clock. */
    minutes: jsonb('minutes').$type<string[]>(),
    /** For 'recovered': the alert it follows. */
    recoversId: bigint('recovers_id', { mode: 'number' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('alerts_customer_id_index').on(t.customerId, t.id),
    uniqueIndex('alerts_open_unique')
      .on(t.customerId, t.kind)
      .where(sql`${t.closedAt} IS NULL AND ${t.kind} IN ('offline', 'blocked', 'stalled', 'paused')`),
    uniqueIndex('alerts_spot_missed_unique')
      .on(t.customerId, t.itemId, t.localDate)
      .where(sql`${t.kind} = 'spot_missed'`),
    uniqueIndex('alerts_recovers_unique').on(t.recoversId),
  ],
);

/**
 * A cause under way that has not yet lasted its delay (or whose alert is open): since when the
 * evaluator has seen it. Deleted when the cause ends or the shop closes.
 */
export const alertCauses = pgTable(
  'alert_causes',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.kind] })],
);

/** The evaluator's claim: one row per minute evaluated; only the instance whose insert landed evaluates it. */
export const alertTicks = pgTable('alert_ticks', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
  instance: text('instance').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the evaluation finished (null: under way, or the instance died in it). */
  doneAt: timestamp('done_at', { withTimezone: true }),
});

/**
 * A device's Web Push subscription. It belongs to the device login (`session_id`, the `/api/me`
 * session_id that outlives a remembered login's new session row): logging out deletes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_customer_index').on(t.customerId),
    index('push_subscriptions_session_index').on(t.customerId, t.sessionId),
  ],
);

/**
 * Every mail and push to send, one row each. An instance claims due rows with
 * FOR UPDATE SKIP LOCKED (status 'pending' → 'sending'); the send's outcome sets 'sent', 'pending'
 * again with a later `next_attempt_at` (a failure, at most ALERT_SEND_ATTEMPTS attempts), 'failed',
 * 'unknown' (a timeout after sending: never retried) or 'gone' (the push subscription is gone).
 * A row left 'sending' by an instance that died is 'unknown' too: it may have been sent.
 * `key` makes the enqueue idempotent (an alert's mail to one address once).
 */
export const alertOutbox = pgTable(
  'alert_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    alertId: bigint('alert_id', { mode: 'number' }),
    /** 'mail' | 'push' */
    channel: text('channel').notNull(),
    key: text('key').notNull(),
    /** The mail's address, or the push subscription's id. */
    recipient: text('recipient').notNull(),
    /** mail: `{to, subject, text}`; push: `{title, body, url}`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alert_outbox_key_unique').on(t.key),
    index('alert_outbox_due_index').on(t.status, t.nextAttemptAt),
  ],
);
