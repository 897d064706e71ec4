'use client';

import { IntentLink } from '@/components/ui/IntentLink';
import type { Playlist } from '@/contracts';
import { formatTrackCount } from '@/lib/format/count';
import { formatHoursMinutes } from '@/lib/format/duration';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import { playlists as huPlaylists } from '@/lib/i18n/hu/playlists';
import { usePlayableState } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { PlaylistCover } from './PlaylistCover';
import styles from './PlaylistCard.module.scss';

const hu = { player: huPlayer, playlists: huPlaylists };

interface Props {
  playlist: Playlist;
  priority?: boolean;
}

/** Collage, name, count and length; the play button sits over the cover, beside (not inside) the link. */
export function PlaylistCard({ playlist, priority = false }: Props) {
  const { active, playing } = usePlayableState('playlist', playlist.id);
  const { playPlaylist } = usePlayerActions();
  const empty = playlist.tracks_count === 0;

  return (
    <article className={`${styles.card} ${active ? styles.active : ''}`} data-active={active || undefined}>
      <IntentLink href={`/playlists/${playlist.id}`} className={styles.link}>
        <PlaylistCover tracks={playlist.tracks} size={300} priority={priority} className={styles.cover} />
        <span className={styles.name}>{playlist.name}</span>
        <span className={styles.meta}>
          {formatTrackCount(playlist.tracks_count)} · {formatHoursMinutes(playlist.duration)}
        </span>
        {active && <span className={styles.badge}>{playing ? hu.player.nowPlaying : hu.player.paused}</span>}
      </IntentLink>
      {/* An empty list has nothing to play: no button rather than one that does nothing. */}
      {!empty && (
        <div className={styles.overCover}>
          <button
            type="button"
            className={styles.play}
            aria-label={playing ? hu.playlists.pause(playlist.name) : hu.playlists.play(playlist.name)}
            onClick={() => void playPlaylist(playlist.id)}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
        </div>
      )}
    </article>
  );
}
