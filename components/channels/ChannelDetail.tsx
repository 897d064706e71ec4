'use client';

import { IntentLink } from '@/components/ui/IntentLink';
import { Suspense } from 'react';
import type { Channel, Paginator, Track } from '@/contracts';
import { AddToPlaylistButton } from '@/components/playlists/AddToPlaylistButton';
import { CoverImage } from '@/components/ui/CoverImage';
import { useChannel } from '@/lib/api/channels';
import { formatTrackCount } from '@/lib/format/count';
import { formatHoursMinutes } from '@/lib/format/duration';
import { hu } from '@/lib/i18n/hu';
import { usePlayableState, usePlayer } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import { DEFAULT_LANDSCAPE } from './cover';
import { FavoriteButton } from './FavoriteButton';
import { ChevronLeftIcon, PauseIcon, PlayIcon, RepeatIcon, ShuffleIcon } from '@/components/ui/icons';
import { TrackList } from './TrackList';
import styles from './ChannelDetail.module.scss';

interface Props {
  channel: Channel;
  firstPage: Paginator<Track>;
}

/** /channels/{id}: the landscape header with the channel's controls, then its tracks. */
export function ChannelDetail({ channel: initial, firstPage }: Props) {
  const { data: channel = initial } = useChannel(initial.id);
  const player = usePlayer();
  const { active, playing } = usePlayableState('channel', channel.id);
  const { playChannel, toggleRandom, toggleRepeat } = usePlayerActions();

  return (
    <>
      <IntentLink href="/channels" className={styles.back}>
        <ChevronLeftIcon />
        {hu.channels.back}
      </IntentLink>

      <header className={styles.hero}>
        <CoverImage
          src={channel.landscape_url}
          fallback={DEFAULT_LANDSCAPE}
          alt=""
          width={1600}
          height={500}
          className={styles.landscape}
          priority
        />
        <div className={styles.shade} />
        <div className={styles.heroBody}>
          <h1 className={styles.name}>{channel.name}</h1>
          {channel.description && <p className={styles.description}>{channel.description}</p>}
          <p className={styles.meta}>
            <span>{formatTrackCount(channel.tracks_count)}</span>
            <span aria-hidden="true"> · </span>
            <span>{formatHoursMinutes(channel.channel_duration)}</span>
          </p>
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.playButton}
              onClick={() => void playChannel(channel.id)}
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
              <span>{playing ? hu.channels.detailPause : hu.channels.detailPlay}</span>
            </button>
            <FavoriteButton channelId={channel.id} className={styles.iconButton} />
            <button
              type="button"
              className={styles.iconButton}
              aria-label={hu.channels.random}
              title={hu.channels.random}
              aria-pressed={player?.is_random ?? false}
              disabled={!player}
              onClick={() => void toggleRandom()}
            >
              <ShuffleIcon />
            </button>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={hu.channels.repeat}
              title={hu.channels.repeat}
              aria-pressed={player?.is_repeat ?? false}
              disabled={!player}
              onClick={() => void toggleRepeat()}
            >
              <RepeatIcon />
            </button>
            <AddToPlaylistButton channel={{ id: channel.id, name: channel.name }} className={styles.iconButton} />
          </div>
          {active && <p className={styles.status}>{playing ? hu.channels.nowPlaying : hu.channels.paused}</p>}
        </div>
      </header>

      {/* Hydrated in a slice of its own (nothing suspends): shorter long tasks on a slow PC. */}
      <Suspense>
        <TrackList channelId={channel.id} firstPage={firstPage} />
      </Suspense>
    </>
  );
}
