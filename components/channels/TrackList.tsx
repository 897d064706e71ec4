'use client';

import { useEffect, useRef } from 'react';
import type { Paginator, Track } from '@/contracts';
import { AddToPlaylistButton } from '@/components/playlists/AddToPlaylistButton';
import { useChannelTracks } from '@/lib/api/channels';
import { trackArtist, trackTitle } from '@/lib/format/track';
import { hu } from '@/lib/i18n/hu';
import { usePlayableState, usePlayer } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import { EqualizerIcon } from '@/components/ui/icons';
import styles from './TrackList.module.scss';

/** Start loading the next page this far before the end of the list comes into view. */
const PRELOAD_MARGIN = '600px 0px';

interface Props {
  channelId: number;
  firstPage: Paginator<Track>;
}

/** The channel's tracks, loading more as the end of the list scrolls into view. */
export function TrackList({ channelId, firstPage }: Props) {
  const { tracks, done, loading, error, loadMore } = useChannelTracks(channelId, firstPage);
  const player = usePlayer();
  const { active, playing } = usePlayableState('channel', channelId);
  const { playChannel, togglePlay } = usePlayerActions();
  const currentTrackId = active ? (player?.track?.id ?? null) : null;
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || done || error) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
    // A new page (tracks.length) re-observes, so a sentinel still in view loads the next one too.
  }, [done, error, loadMore, tracks.length]);

  if (tracks.length === 0 && done) return <p className={styles.message}>{hu.channels.empty}</p>;

  return (
    <section aria-label={hu.channels.tracksLabel}>
      <ol className={styles.list}>
        {tracks.map((track, index) => {
          const current = track.id === currentTrackId;
          return (
            <li key={track.id} className={`${styles.row} ${current ? styles.current : ''}`}>
              <button
                type="button"
                className={styles.play}
                aria-current={current ? 'true' : undefined}
                onClick={() => void (current ? togglePlay() : playChannel(channelId, track.id))}
              >
                <span className={styles.index} aria-hidden={current && playing ? 'true' : undefined}>
                  {current && playing ? <EqualizerIcon /> : index + 1}
                </span>
                <span className={styles.titles}>
                  <span className={styles.title}>{trackTitle(track)}</span>
                  <span className={styles.artist}>{trackArtist(track)}</span>
                </span>
                <span className={styles.duration}>{track.formatted_duration}</span>
              </button>
              <AddToPlaylistButton track={{ id: track.id, title: trackTitle(track) }} />
            </li>
          );
        })}
      </ol>
      <div ref={sentinel} className={styles.sentinel} />
      {loading && (
        <p className={styles.message} role="status">
          {hu.channels.loadingMore}
        </p>
      )}
      {error && (
        <p className={styles.message} role="alert">
          {hu.channels.loadFailed}{' '}
          <button type="button" className={styles.retry} onClick={loadMore}>
            {hu.channels.retry}
          </button>
        </p>
      )}
      {done && <p className={styles.message}>{hu.channels.end}</p>}
    </section>
  );
}
