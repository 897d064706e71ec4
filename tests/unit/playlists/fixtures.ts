import type { Playlist, PlaylistWithTrackAdded, Track } from '@/contracts';

export function track(id: number, thumb: string | null = `/media/t${id}.jpg`): Track {
  return {
    id,
    title: `Dal ${id}`,
    name: `dal-${id}.mp3`,
    artist: null,
    url: `/media/dal-${id}.mp3`,
    image_thumbnail_url: thumb,
    formatted_duration: '3:00',
    duration: 180,
  };
}

export function playlist(id: number, trackIds: number[] = [], extra: Partial<Playlist> = {}): Playlist {
  return {
    id,
    name: `Lista ${id}`,
    tracks: trackIds.slice(0, 4).map((t) => track(t)),
    tracks_count: trackIds.length,
    duration: trackIds.length * 180,
    channel_duration: trackIds.length * 180,
    created_at: '2024-05-01T12:00:00.000000Z',
    ...extra,
  };
}

export function withAdded(p: Playlist, added: boolean): PlaylistWithTrackAdded {
  return { ...p, track_added: added };
}
