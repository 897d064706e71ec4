/**
 * What each server-rendered page reads from the tenant API, one typed function a page (after
 * vercel/commerce's `lib/shopify/index.ts`): the page calls `getChannelPage(id)` and renders, it never
 * names an API path or a reader. Each answer comes with `fallback`, the SWR cache the page seeds
 * (`AppProviders`), so the browser's hooks start from the server's data and do not fetch it again.
 *
 * The BFF passes `/api/**` through 1:1, so the path a page reads here is the URL a browser hook fetches
 * again, and that URL is its SWR key (CONVENTIONS.md, after dub). The keys themselves live beside their
 * hooks in `lib/api/` (browser modules the server cannot import); tests/unit/server/page-reads.test.ts
 * checks that every fallback here is keyed exactly as its hook asks.
 *
 * Lists and side calls are optional (null: that section shows its notice, the page stays); only the
 * record a page is about is a not-found, and a 401 anywhere goes through `/auth/expired`.
 */
import 'server-only';
import { notFound, unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import type {
  Channel,
  ChannelCategory,
  Customer,
  Paginator,
  Player,
  Playlist,
  PlayLogPage,
  ScheduledContent,
  SchedulePreview,
  Screen,
  Setting,
  SlideshowListItem,
  Sound,
  Spot,
  SpotDayCount,
  Track,
  TutorialTopic,
  User,
} from '@/contracts';
import type { WeeklyReport } from '@/contracts/alerts';
import type { BlockedTrack } from '@/contracts/blocked-tracks';
import type { OpeningHours } from '@/contracts/opening-hours';
import type { MusicBlock, MusicPlan } from '@/contracts/music-plan';
import type { Zone } from '@/contracts/zones';
import { toChannelCard } from '@/lib/channels/catalogue';
import type { SourceOption } from '@/lib/mixer/music-plan';
import { SEEDED_AT_KEY } from '@/lib/api/seed-time';
import { playLogQuery, type PlayLogFilter } from '@/lib/mixer/play-log';
import { pageZone, zoneQuery } from '@/lib/mixer/zones';
import { PLAYERS_KEY } from '@/lib/player/api';
import { screenPath, type PublicScreen } from '@/lib/screen/api';
import { apiBase, apiRead, apiReadOptional, apiReadUnless404, getSession, UpstreamApiError } from './read';
import {
  channelCategoryListReader,
  channelListReader,
  channelReader,
  customerReader,
  favoriteAnswerReader,
  musicBlockListReader,
  musicPlanReader,
  playerListReader,
  playlistListReader,
  playlistReader,
  playLogPageReader,
  publicScreenReader,
  scheduledContentListReader,
  schedulePreviewReader,
  screenListReader,
  settingListReader,
  blockedTrackListReader,
  openingHoursReader,
  slideshowListReader,
  soundListReader,
  spotDayCountListReader,
  spotListReader,
  trackPageReader,
  tutorialTopicListReader,
  userReader,
  weeklyReportReader,
  zoneListReader,
} from './readers';

export { getSession, UpstreamApiError, type SessionInfo } from './read';

/** The SWR cache a page seeds: BFF URL → the answer read from the same path. */
export type Fallback = Record<string, unknown>;

/**
 * A fallback of the answers that came (a failed section is left out, so its hook asks the API itself),
 * stamped with the time they were read (SEEDED_AT_KEY): a page the browser shows from a prefetch tells
 * by it that its seeds may be older than its cache.
 */
function fallbackOf(entries: readonly (readonly [string, unknown])[]): Fallback {
  const fallback: Fallback = { [SEEDED_AT_KEY]: Date.now() };
  for (const [key, value] of entries) if (value !== null) fallback[key] = value;
  return fallback;
}

/** The API paths the pages read (SPEC.md §7); see above why they are the hooks' SWR keys as well. */
const path = {
  me: '/api/me',
  customer: '/api/customer',
  channels: '/api/channels',
  channelCategories: '/api/channels/subcategories',
  favoriteChannels: '/api/channels/favorite',
  channel: (id: number) => `/api/channels/${id}`,
  checkFavorite: (id: number) => `/api/channels/${id}/check-favorite`,
  channelTracks: (id: number, page: number) => `/api/channels/${id}/tracks/${page}`,
  playlists: '/api/playlists',
  playlist: (id: number) => `/api/playlists/${id}`,
  playlistTracks: (id: number, page: number) => `/api/playlists/${id}/tracks/${page}`,
  playLog: (filter: PlayLogFilter) => `/api/play-log${playLogQuery(filter, true)}`,
  spotCounts: (filter: PlayLogFilter) =>
    `/api/play-log/spots${playLogQuery({ from: filter.from, to: filter.to }, false)}`,
  scheduledContents: '/api/scheduled-contents',
  schedulePreview: '/api/scheduled-contents/preview?hours=24',
  spots: '/api/spots',
  sounds: '/api/sounds',
  slideshows: '/api/slideshows',
  screens: '/api/screens',
  settings: '/api/settings',
  openingHours: '/api/opening-hours',
  blockedTracks: '/api/blocked-tracks',
  tutorials: '/api/tutorials',
  musicPlan: '/api/music-plan',
  musicBlocks: '/api/music-plan/blocks',
  zones: '/api/zones',
  weeklyReport: (week: string | null) => `/api/reports/weekly${week ? `?week=${encodeURIComponent(week)}` : ''}`,
} as const;

// ── the layouts ────────────────────────────────────────────────────────────────────────────────

export interface AppShell {
  me: User;
  customer: Customer | null;
  player: Player | null;
  /** The API's base, for the browser's media URLs (`<ApiBase>`). */
  apiBase: string;
  fallback: Fallback;
}

async function readCustomer(): Promise<Customer | null> {
  try {
    return await apiRead(path.customer, customerReader);
  } catch {
    // A failed customer call leaves the customer empty (SPEC.md §8); the header shows the default logo.
    return null;
  }
}

async function readPlayers(): Promise<Player[] | null> {
  // A list the API does not serve or fails on leaves the bar in its empty state; a 401 still redirects.
  return apiReadOptional(PLAYERS_KEY, playerListReader);
}

/**
 * The player the bar steers first: the one this login sounds for (with zones, issue 43, its own zone's),
 * else the first (the first zone's). The browser then turns to the zone this device last steered.
 */
export function firstSteeredPlayer(players: Player[] | null, sessionId: string | null): Player | null {
  if (!players?.length) return null;
  return (sessionId ? players.find((p) => p.session_id === sessionId) : undefined) ?? players[0] ?? null;
}

/** The logged-in frame: the user (a 401 → /auth/expired, so an expired session never renders it), the customer, the player, the zones. */
export async function getAppShell(): Promise<AppShell> {
  const [me, customer, players, zones, base] = await Promise.all([
    apiRead(path.me, userReader),
    readCustomer(),
    readPlayers(),
    readZones(),
    apiBase(),
  ]);
  return {
    me,
    customer,
    player: firstSteeredPlayer(players, me.session_id),
    apiBase: base,
    fallback: fallbackOf([
      [path.me, me],
      [path.customer, customer],
      // No answer (a Laravel API has no zones, or the call failed): one zone, no zone UI, not asked again.
      [path.zones, zones],
    ]),
  };
}

export interface GuestShell {
  customer: Customer | null;
  /** The seal says logged in and the API agrees (`GET /api/me` answers): the visitor goes on to the app. */
  loggedIn: boolean;
}

/**
 * The login pages' frame. A visitor the seal calls logged in counts as logged in only when the API
 * agrees: a login page never sends anyone to a page that fails, so the login and the logout stay reachable.
 */
export async function getGuestShell(): Promise<GuestShell> {
  const apiAgrees = async () => (await getSession()).loggedIn && (await apiReadOptional(path.me, userReader)) !== null;
  const [customer, loggedIn] = await Promise.all([readCustomer(), apiAgrees()]);
  return { customer, loggedIn };
}

// ── channels ───────────────────────────────────────────────────────────────────────────────────

export interface ChannelsPage {
  /** null: the API did not serve the list (its section says so). */
  channels: Channel[] | null;
  categories: ChannelCategory[] | null;
  favorites: Channel[] | null;
  fallback: Fallback;
}

export async function getChannelsPage(): Promise<ChannelsPage> {
  // Each list on its own: one the API does not serve or fails empties its section, not the page.
  const [channels, categories, favorites] = await Promise.all([
    apiReadOptional(path.channels, channelListReader),
    apiReadOptional(path.channelCategories, channelCategoryListReader),
    apiReadOptional(path.favoriteChannels, channelListReader),
  ]);
  // Only what the tiles show, each channel once: the data travels inside the page's HTML.
  return {
    channels,
    categories,
    favorites,
    fallback: fallbackOf([[path.favoriteChannels, favorites?.map(toChannelCard) ?? null]]),
  };
}

/**
 * One channel, one call per request (the metadata and the page share it). An API without
 * `GET /api/channels/{id}` (a Laravel one may lack it) still lists the channel in `/api/channels`;
 * only a channel neither knows is not found.
 */
export const getChannel = cache(async (id: number): Promise<Channel> => {
  const channel = await apiReadUnless404(path.channel(id), channelReader);
  if (channel) return channel;
  const listed = (await apiReadOptional(path.channels, channelListReader))?.find((c) => c.id === id);
  return listed ?? notFound();
});

export interface ChannelPage {
  channel: Channel;
  /** The first page of its tracks; null when that call failed. */
  firstPage: Paginator<Track> | null;
  fallback: Fallback;
}

export async function getChannelPage(id: number): Promise<ChannelPage> {
  // Only the channel itself is the page; its tracks and the favourite mark are sections of it.
  const [channel, firstPage, favorite] = await Promise.all([
    getChannel(id),
    apiReadOptional(path.channelTracks(id, 1), trackPageReader),
    apiReadOptional(path.checkFavorite(id), favoriteAnswerReader),
  ]);
  return {
    channel,
    firstPage,
    fallback: fallbackOf([
      [path.channel(id), channel],
      [path.checkFavorite(id), favorite],
    ]),
  };
}

// ── playlists ──────────────────────────────────────────────────────────────────────────────────

export interface PlaylistsPage {
  playlists: Playlist[] | null;
  fallback: Fallback;
}

export async function getPlaylistsPage(): Promise<PlaylistsPage> {
  const playlists = await apiReadOptional(path.playlists, playlistListReader);
  return { playlists, fallback: fallbackOf([[path.playlists, playlists]]) };
}

/** One playlist, one call per request (the metadata and the page share it); a missing one → notFound(). */
export const getPlaylist = cache((id: number): Promise<Playlist> => apiRead(path.playlist(id), playlistReader));

export interface PlaylistPage {
  playlist: Playlist;
  firstPage: Paginator<Track> | null;
  fallback: Fallback;
}

export async function getPlaylistPage(id: number): Promise<PlaylistPage> {
  const [playlist, firstPage] = await Promise.all([
    getPlaylist(id),
    apiReadOptional(path.playlistTracks(id, 1), trackPageReader),
  ]);
  return { playlist, firstPage, fallback: fallbackOf([[path.playlist(id), playlist]]) };
}

// ── the mixer ──────────────────────────────────────────────────────────────────────────────────

export interface PlayLogPageData {
  log: PlayLogPage | null;
  counts: SpotDayCount[] | null;
  fallback: Fallback;
}

export async function getPlayLogPage(filter: PlayLogFilter): Promise<PlayLogPageData> {
  // Each section empties itself with a notice when its call fails (an API without the log, a bad range).
  const [log, counts] = await Promise.all([
    apiReadOptional(path.playLog(filter), playLogPageReader),
    apiReadOptional(path.spotCounts(filter), spotDayCountListReader),
  ]);
  return {
    log,
    counts,
    fallback: fallbackOf([
      [path.playLog(filter), log],
      [path.spotCounts(filter), counts],
    ]),
  };
}

export interface SchedulerPage {
  items: ScheduledContent[] | null;
  preview: SchedulePreview | null;
  spots: Spot[] | null;
  slideshows: SlideshowListItem[] | null;
  screens: Screen[] | null;
  fallback: Fallback;
}

export async function getSchedulerPage(): Promise<SchedulerPage> {
  // Each list is optional: a failed one empties its own section (or picker) with a notice, and the
  // page with its new-schedule button stays.
  const [items, preview, spots, slideshows, screens] = await Promise.all([
    apiReadOptional(path.scheduledContents, scheduledContentListReader),
    apiReadOptional(path.schedulePreview, schedulePreviewReader),
    apiReadOptional(path.spots, spotListReader),
    apiReadOptional(path.slideshows, slideshowListReader),
    apiReadOptional(path.screens, screenListReader),
  ]);
  return {
    items,
    preview,
    spots,
    slideshows,
    screens,
    fallback: fallbackOf([
      [path.scheduledContents, items],
      [path.schedulePreview, preview],
      [path.spots, spots],
      [path.slideshows, slideshows],
      [path.screens, screens],
    ]),
  };
}

// ── the music plan (issue 26: the bundled API's calls) ─────────────────────────────────────────

type PlanRead = { served: false } | { served: true; plan: MusicPlan | null };

/**
 * `GET /api/music-plan`, once per request (the mixer's tab row and the plan page share it). An API
 * that answers 404 has no music plan (a Laravel one): its tab and page say so. Any other failure
 * keeps the tab; the page shows its own notice.
 */
const readMusicPlan = cache(async (zone: number | null = null): Promise<PlanRead> => {
  const planPath = `${path.musicPlan}${zoneQuery(zone)}`;
  try {
    const plan = await apiReadUnless404(planPath, musicPlanReader);
    return plan === null ? { served: false } : { served: true, plan };
  } catch (error) {
    unstable_rethrow(error);
    console.error(`GET ${planPath} failed:`, error);
    return { served: true, plan: null };
  }
});

/** The shop's zones (issue 43): the layout's read, shared with the pages that pick a zone; empty without zones. */
const readZones = cache(async (): Promise<Zone[]> => (await apiReadOptional(path.zones, zoneListReader)) ?? []);

/** The mixer's tab row: whether the API has a music plan ('Zenei napirend' hides itself when not). */
export async function getMixerTabs(): Promise<{ musicPlan: boolean }> {
  return { musicPlan: (await readMusicPlan()).served };
}

export interface MusicPlanPage {
  /** false: the API has no music plan; the page says so, with a way back. */
  served: boolean;
  /** The zone whose plan it is (issue 43): null for the first zone (or an API without zones). */
  zone: number | null;
  plan: MusicPlan | null;
  blocks: MusicBlock[] | null;
  /** The pickers' choices: the catalogue's channels and the shop's playlists (null: not read). */
  channels: SourceOption[] | null;
  playlists: SourceOption[] | null;
  preview: SchedulePreview | null;
  fallback: Fallback;
}

/**
 * The plan of one zone (issue 43): `zone` is the page's `?zone=`, checked against the shop's zones (a
 * zone that is not one, or the first, reads the plain paths: the first zone's plan).
 */
export async function getMusicPlanPage(zoneParam?: string | string[]): Promise<MusicPlanPage> {
  const zones = zoneParam === undefined ? [] : await readZones();
  const zone = pageZone(zoneParam, zones);
  // All at once, not the plan first: against the bundled API (the one with a plan) waiting for it
  // before the rest put a whole API round trip in front of the page. An API without a plan (a Laravel
  // one) is asked four calls it did not need; their answers are dropped.
  const [read, blocks, channels, playlists, preview] = await Promise.all([
    readMusicPlan(zone),
    apiReadOptional(`${path.musicBlocks}${zoneQuery(zone)}`, musicBlockListReader),
    apiReadOptional(path.channels, channelListReader),
    apiReadOptional(path.playlists, playlistListReader),
    apiReadOptional(path.schedulePreview, schedulePreviewReader),
  ]);
  if (!read.served)
    return {
      served: false,
      zone: null,
      plan: null,
      blocks: null,
      channels: null,
      playlists: null,
      preview: null,
      fallback: {},
    };
  return {
    served: true,
    zone,
    plan: read.plan,
    blocks,
    // Only what a picker and a block show: the data travels inside the page's HTML.
    channels:
      channels?.map((c) => ({ type: 'channel' as const, id: c.id, name: c.name, cover: c.image_url ?? null })) ?? null,
    playlists:
      playlists?.map((p) => ({
        type: 'playlist' as const,
        id: p.id,
        name: p.name,
        cover: p.tracks[0]?.image_thumbnail_url ?? null,
      })) ?? null,
    preview,
    fallback: fallbackOf([
      [`${path.musicPlan}${zoneQuery(zone)}`, read.plan],
      [`${path.musicBlocks}${zoneQuery(zone)}`, blocks],
      [path.schedulePreview, preview],
    ]),
  };
}

export interface ScreensPage {
  screens: Screen[] | null;
  slideshows: SlideshowListItem[] | null;
  fallback: Fallback;
}

export async function getScreensPage(): Promise<ScreensPage> {
  const [screens, slideshows] = await Promise.all([
    apiReadOptional(path.screens, screenListReader),
    apiReadOptional(path.slideshows, slideshowListReader),
  ]);
  return {
    screens,
    slideshows,
    fallback: fallbackOf([
      [path.screens, screens],
      [path.slideshows, slideshows],
    ]),
  };
}

export interface SlideshowsPage {
  slideshows: SlideshowListItem[] | null;
  fallback: Fallback;
}

export async function getSlideshowsPage(): Promise<SlideshowsPage> {
  // A failed list call leaves the table's place to a notice; the tabs and the player keep working.
  const slideshows = await apiReadOptional(path.slideshows, slideshowListReader);
  return { slideshows, fallback: fallbackOf([[path.slideshows, slideshows]]) };
}

export interface SoundboardPage {
  sounds: Sound[] | null;
  fallback: Fallback;
}

export async function getSoundboardPage(): Promise<SoundboardPage> {
  // A failed list empties the grid and the tables with a notice; the page and its buttons stay.
  const sounds = await apiReadOptional(path.sounds, soundListReader);
  return { sounds, fallback: fallbackOf([[path.sounds, sounds]]) };
}

export interface SpotsPage {
  spots: Spot[] | null;
  fallback: Fallback;
}

export async function getSpotsPage(): Promise<SpotsPage> {
  // A failed list empties the table's section with a notice; the page and its upload button stay.
  const spots = await apiReadOptional(path.spots, spotListReader);
  return { spots, fallback: fallbackOf([[path.spots, spots]]) };
}

// ── settings, tutorials, the public screen ─────────────────────────────────────────────────────

export interface SettingsPage {
  settings: Setting[] | null;
  /** 'Nyitvatartás' and 'Letiltott zenék' (issue 26, the bundled API's calls): null when not read. */
  openingHours: OpeningHours | null;
  blockedTracks: BlockedTrack[] | null;
  fallback: Fallback;
}

export async function getSettingsPage(): Promise<SettingsPage> {
  // A failed list shows a notice with 'Újrapróbálás' in its place; the page stays. The shop's day
  // sections are asked again by the browser when not read here: a 404 there (a Laravel API) hides them.
  const [settings, openingHours, blockedTracks] = await Promise.all([
    apiReadOptional(path.settings, settingListReader),
    apiReadOptional(path.openingHours, openingHoursReader),
    apiReadOptional(path.blockedTracks, blockedTrackListReader),
  ]);
  return {
    settings,
    openingHours,
    blockedTracks,
    fallback: fallbackOf([
      [path.settings, settings],
      [path.openingHours, openingHours],
      [path.blockedTracks, blockedTracks],
    ]),
  };
}

export interface TutorialPage {
  topics: TutorialTopic[] | null;
  fallback: Fallback;
}

export async function getTutorialPage(): Promise<TutorialPage> {
  // A failed list shows a notice in the page; the topics carry their items, so one call paints all.
  const topics = await apiReadOptional(path.tutorials, tutorialTopicListReader);
  return { topics, fallback: fallbackOf([[path.tutorials, topics]]) };
}

/** The public page of an in-store TV (no login): its screen and first slides, or notFound(). */
export async function getPublicScreen(hashId: string): Promise<PublicScreen> {
  return apiRead(screenPath(hashId), publicScreenReader);
}

// ── the weekly report (issue 40: the bundled API's call) ──────────────────────────────────────

export type WeeklyReportPage =
  /** The API has no weekly report (a Laravel one answers 404): the page says so, with a way on. */
  | { state: 'unavailable' }
  /** The week in the address does not exist or has not begun (the API's 422). */
  | { state: 'bad-week' }
  /** The call failed otherwise: the page keeps its picker and says so. */
  | { state: 'failed' }
  | { state: 'ok'; report: WeeklyReport };

/** `GET /api/reports/weekly?week=` (no week: the shop's current week so far). */
export async function getWeeklyReportPage(week: string | null): Promise<WeeklyReportPage> {
  try {
    const report = await apiReadUnless404(path.weeklyReport(week), weeklyReportReader);
    return report === null ? { state: 'unavailable' } : { state: 'ok', report };
  } catch (error) {
    unstable_rethrow(error);
    if (error instanceof UpstreamApiError && error.status === 422) return { state: 'bad-week' };
    console.error(`GET ${path.weeklyReport(week)} failed:`, error);
    return { state: 'failed' };
  }
}

/**
 * Whether the API has the weekly report, for the links to it ('Lejátszási napló'). Asked with a week
 * that cannot exist, so the answer costs the API nothing: 422 (it validated the call: it has it) or
 * 404 (it has no such call). Any other failure keeps the link; the page explains itself.
 */
export const weeklyReportServed = cache(async (): Promise<boolean> => {
  try {
    return (await apiReadUnless404(path.weeklyReport('0000-W00'), weeklyReportReader)) !== null;
  } catch (error) {
    unstable_rethrow(error);
    return true;
  }
});
