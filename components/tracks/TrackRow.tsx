'use client';

import type { ComponentPropsWithRef, ReactNode } from 'react';
import type { Track } from '@/contracts';
import { trackArtist, trackTitle } from '@/lib/format/track';
import { EqualizerIcon } from '@/components/ui/icons';
import { useBlockedTracks } from '@/lib/api/blocked-tracks';
import { tracks as huTracks } from '@/lib/i18n/hu/tracks';
import { TrackMenu } from './TrackMenu';
import styles from './tracks.module.scss';
import { preloadEngineOnIntent } from '@/lib/player/use-player-engine';

const hu = { tracks: huTracks };

interface Props extends Omit<ComponentPropsWithRef<'li'>, 'children'> {
  track: Track;
  /** The position in the list, from 0 (shown from 1). */
  index: number;
  /** The player's current track, in this list. */
  current: boolean;
  /** The player plays (the current row shows the equalizer instead of its number). */
  playing: boolean;
  /** The row's button: plays from this track, or pauses/resumes when it is the current one. */
  onPlay: () => void;
  /** Before the play area (a drag handle). */
  leading?: ReactNode;
  /** After it (add to a playlist, remove). */
  trailing?: ReactNode;
  /** Lifted while being dragged. */
  dragging?: boolean;
  /** The track's menu opens as the row mounts (it was open in the row this one replaces). */
  menuOpen?: boolean;
}

/**
 * One track of a channel or a playlist: index (or the equalizer), title, artist and length, then the
 * list's own buttons and the track's menu ('Szám letiltása'); a blocked track says 'Letiltva'.
 */
export function TrackRow({
  track,
  index,
  current,
  playing,
  onPlay,
  leading,
  trailing,
  dragging = false,
  menuOpen = false,
  className,
  ...li
}: Props) {
  const blocked = useBlockedTracks().isBlocked(track.id);
  const classes = [
    styles.row,
    blocked ? styles.blocked : '',
    leading ? styles.withLeading : '',
    current ? styles.current : '',
    dragging ? styles.dragging : '',
    className ?? '',
  ].join(' ');
  return (
    <li {...li} className={classes}>
      {leading}
      <button
        type="button"
        className={styles.play}
        aria-current={current ? 'true' : undefined}
        {...preloadEngineOnIntent}
        onClick={onPlay}
      >
        <span className={styles.index} aria-hidden={current && playing ? 'true' : undefined}>
          {current && playing ? <EqualizerIcon /> : index + 1}
        </span>
        <span className={styles.titles}>
          <span className={styles.title}>{trackTitle(track)}</span>
          <span className={styles.artist}>
            {blocked ? <span className={styles.blockedBadge}>{hu.tracks.blockedBadge}</span> : null}
            {trackArtist(track)}
          </span>
        </span>
        <span className={styles.duration}>{track.formatted_duration}</span>
      </button>
      {trailing}
      <TrackMenu track={track} defaultOpen={menuOpen} />
    </li>
  );
}

/** The list around the rows; `draggable` lets a lifted row show outside it. */
export const trackListClass = (draggable = false) => `${styles.list} ${draggable ? '' : styles.clipped}`;
