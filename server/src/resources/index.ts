import { loudnessOf } from '../../../contracts/loudness';
import type { Setting } from '../../../contracts/auth';
import type { Channel, ChannelCategory } from '../../../contracts/channels';
import type { Playlist } from '../../../contracts/playlists';
import type { PlayerSound } from '../../../contracts/realtime';
import type { Sound } from '../../../contracts/sounds';
import type { Spot } from '../../../contracts/spots';
import type { Screen, ScreenSlideshow } from '../../../contracts/screens';
import type { Slideshow, SlideshowImage, SlideshowListItem } from '../../../contracts/slideshows';
import type { SoundRequest } from '../../../contracts/sounds';
import type { Track } from '../../../contracts/tracks';
import type { CategoryTree, ChannelRow, TrackRow } from '../db/queries/channels';
import type { PlaylistRow } from '../db/queries/playlists';
import type { SoundRow } from '../db/queries/sounds';
import type { SpotRow } from '../db/queries/spots';
import type { ScreenRow } from '../db/queries/screens';
import type { SettingRow } from '../db/queries/settings';
import type { SlideshowImageRow, SlideshowListRow, SlideshowRow } from '../db/queries/slideshows';
import type { SoundRequestRow } from '../db/queries/sounds';
import type { Storage } from '../storage';

/*
 * Database rows → wire shapes of contracts/. Media paths become signed, expiring URLs here and
 * nowhere else.
 */

/** Eloquent's JSON date: ISO-8601 UTC with microseconds (`2024-05-01T12:00:00.000000Z`). */
export function laravelDate(d: Date): string {
  return d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** `m:ss`, or `h:mm:ss` from one hour. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function channelResource(storage: Storage, row: ChannelRow): Channel {
  const seconds = Math.round(row.totalDuration);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tracks_count: row.tracksCount,
    duration: seconds,
    channel_duration: seconds,
    is_featured: row.isFeatured,
    image: row.imagePath,
    image_url: row.imagePath ? storage.signedUrl(row.imagePath) : null,
    landscape: Boolean(row.landscapePath),
    landscape_url: row.landscapePath ? storage.signedUrl(row.landscapePath) : null,
    created_at: laravelDate(row.createdAt),
  };
}

export function trackResource(storage: Storage, row: TrackRow): Track {
  return {
    id: row.id,
    title: row.title,
    name: row.fileName,
    artist: row.artist,
    url: storage.signedUrl(row.filePath),
    image_thumbnail_url: row.thumbnailPath ? storage.signedUrl(row.thumbnailPath) : null,
    formatted_duration: formatDuration(row.duration),
    duration: Math.round(row.duration),
    ...loudnessOf(row),
  };
}

export function categoryResource(storage: Storage, tree: CategoryTree): ChannelCategory {
  return {
    id: tree.id,
    name: tree.name,
    subcategories: tree.subcategories.map((s) => ({
      id: s.id,
      name: s.name,
      channels: s.channels.map((c) => channelResource(storage, c)),
    })),
  };
}

export function playlistResource(storage: Storage, row: PlaylistRow): Playlist {
  const seconds = Math.round(row.totalDuration);
  return {
    id: row.id,
    name: row.name,
    tracks: row.cover.map((t) => trackResource(storage, t)),
    tracks_count: row.tracksCount,
    duration: seconds,
    channel_duration: seconds,
    created_at: laravelDate(row.createdAt),
  };
}

/** `customer_id` only on the customer's own sounds (SPEC.md: absent = provider sound). */
export function soundResource(storage: Storage, row: SoundRow): Sound {
  return {
    id: row.id,
    name: row.name,
    ...(row.customerId !== null ? { customer_id: row.customerId } : {}),
    url: storage.signedUrl(row.filePath),
    duration: row.duration,
    ...loudnessOf(row),
    is_favorite: row.isFavorite,
    is_quick: row.isQuick,
    created_at: laravelDate(row.createdAt),
  };
}

export function spotResource(storage: Storage, row: SpotRow): Spot {
  return {
    id: row.id,
    name: row.name,
    file_name: row.fileName,
    url: storage.signedUrl(row.filePath),
    duration: row.duration,
    ...loudnessOf(row),
    created_at: laravelDate(row.createdAt),
  };
}

/** What a PlayerSound is made of: a spot's or sound's row, or the columns a query picked of it. */
export interface PlayerSoundRow {
  id: number;
  name: string;
  filePath: string;
  duration: number;
  loudnessLufs: number | null;
  peakDbtp: number | null;
}

/** A sound or spot as PlaySound / PlaySpots carry it to the audio device. */
export function playerSoundResource(storage: Storage, type: PlayerSound['type'], row: PlayerSoundRow): PlayerSound {
  return {
    id: row.id,
    type,
    url: storage.signedUrl(row.filePath),
    name: row.name,
    duration: row.duration,
    ...loudnessOf(row),
  };
}

export function soundRequestResource(row: SoundRequestRow): SoundRequest {
  return { id: row.id, description: row.description, created_at: laravelDate(row.createdAt) };
}

export function slideshowImageResource(storage: Storage, row: SlideshowImageRow): SlideshowImage {
  return { id: row.id, name: row.name, url: storage.signedUrl(row.filePath), seconds: row.seconds };
}

export function slideshowResource(storage: Storage, row: SlideshowRow): Slideshow {
  return {
    id: row.id,
    name: row.name,
    images: row.images.map((i) => slideshowImageResource(storage, i)),
    images_count: row.images.length,
    created_at: laravelDate(row.createdAt),
  };
}

export function slideshowListItemResource(row: SlideshowListRow): SlideshowListItem {
  return { id: row.id, name: row.name, images_count: row.imagesCount, created_at: laravelDate(row.createdAt) };
}

/** A slideshow as a screen plays it (the public calls): no file names. */
export function screenSlideshowResource(storage: Storage, row: SlideshowRow): ScreenSlideshow {
  return {
    id: row.id,
    name: row.name,
    images: row.images.map((i) => ({ id: i.id, url: storage.signedUrl(i.filePath), seconds: i.seconds })),
  };
}

export function screenResource(row: ScreenRow): Screen {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    hash_id: row.hashId,
    slideshow_id: row.slideshowId,
    slideshow: row.slideshow,
    created_at: laravelDate(row.createdAt),
  };
}

export function settingResource(storage: Storage, row: SettingRow): Setting {
  return {
    id: row.id,
    key: row.key,
    value: row.value,
    url: row.filePath ? storage.signedUrl(row.filePath) : null,
  };
}
