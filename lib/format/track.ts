import type { Track } from '@/contracts';
import { tracks } from '@/lib/i18n/hu/tracks';

const hu = { tracks };

/** The file name without its folders and `.mp3`, as shown for a track without a title (SPEC.md §2). */
export function fileLabel(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  return base.replace(/\.mp3$/i, '');
}

/** A track's title, or its file name when the title is missing or blank. */
export function trackTitle(track: Pick<Track, 'title' | 'name'>): string {
  const title = track.title?.trim();
  return title ? title : fileLabel(track.name);
}

/** A track's artist, or 'Ismeretlen' when it is missing or blank. */
export function trackArtist(track: Pick<Track, 'artist'>): string {
  const artist = track.artist?.trim();
  return artist ? artist : hu.tracks.unknownArtist;
}
