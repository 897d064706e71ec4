import type { Playlist } from '@/contracts';

export const PLAYLIST_PLACEHOLDER = '/img/playlist-placeholder.svg';
/** A track without its own thumbnail (SPEC.md §3: the player's default image). */
export const TRACK_THUMBNAIL_FALLBACK = '/img/pulse_2.svg';

export type Collage =
  { kind: 'placeholder' } | { kind: 'single'; src: string | null } | { kind: 'grid'; srcs: (string | null)[] };

/**
 * SPEC.md §5: 4 or more thumbnails → a 2×2 grid, 1–3 → one image, none → the placeholder. Every
 * track counts as a thumbnail; one without an image shows the default in its cell, so a playlist's
 * cover keeps its shape when a single image is missing.
 */
export function collageFor(tracks: Pick<Playlist['tracks'][number], 'image_thumbnail_url'>[]): Collage {
  if (tracks.length === 0) return { kind: 'placeholder' };
  if (tracks.length < 4) return { kind: 'single', src: tracks[0]?.image_thumbnail_url ?? null };
  return { kind: 'grid', srcs: tracks.slice(0, 4).map((track) => track.image_thumbnail_url) };
}
