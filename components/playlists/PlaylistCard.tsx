import type { Playlist } from '@/contracts';
import { PlayableTile } from '@/components/player/PlayableTile';
import { formatTrackCount } from '@/lib/format/count';
import { formatHoursMinutes } from '@/lib/format/duration';
import { playlists as huPlaylists } from '@/lib/i18n/hu/playlists';
import { PlaylistCover } from './PlaylistCover';

const hu = { playlists: huPlaylists };

/** A playlist's tile: its collage, name, track count and length, and the play button. */
export function PlaylistCard({ playlist, priority = false }: { playlist: Playlist; priority?: boolean }) {
  return (
    <PlayableTile
      kind="playlist"
      id={playlist.id}
      href={`/playlists/${playlist.id}`}
      name={playlist.name}
      meta={`${formatTrackCount(playlist.tracks_count)} · ${formatHoursMinutes(playlist.duration)}`}
      cover={<PlaylistCover tracks={playlist.tracks} size={300} priority={priority} />}
      playLabel={(playing) => (playing ? hu.playlists.pause(playlist.name) : hu.playlists.play(playlist.name))}
      // An empty list has nothing to play: no button rather than one that does nothing.
      playable={playlist.tracks_count > 0}
    />
  );
}
