'use client';

import { IntentLink } from '@/components/ui/IntentLink';
import { Suspense } from 'react';
import type { Channel, Paginator, Track } from '@/contracts';
import { AddToPlaylistButton } from '@/components/playlists/AddToPlaylistButton';
import { CoverImage } from '@/components/ui/CoverImage';
import { useChannel } from '@/lib/api/channels';
import { formatTrackCount } from '@/lib/format/count';
import { formatHoursMinutes } from '@/lib/format/duration';
import { channels as huChannels } from '@/lib/i18n/hu/channels';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import { usePlayableState } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import { DEFAULT_LANDSCAPE } from './cover';
import { FavoriteButton } from './FavoriteButton';
import { ChevronLeftIcon, PauseIcon, PlayIcon } from '@/components/ui/icons';
import { PlayModeToggles } from '@/components/player/PlayModeToggles';
import { TrackList } from './TrackList';
import styles from './ChannelDetail.module.scss';

const hu = { channels: huChannels, player: huPlayer };

interface Props {
  channel: Channel;
  /** null: the tracks could not be loaded; the list says so, the rest of the page stays. */
  firstPage: Paginator<Track> | null;
}

/** /channels/{id}: the landscape header with the channel's controls, then its tracks. */
export function ChannelDetail({ channel: initial, firstPage }: Props) {
  const { data: channel = initial } = useChannel(initial.id);
  const { active, playing } = usePlayableState('channel', channel.id);
  const { playChannel } = usePlayerActions();

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
            <button type="button" className={styles.playButton} onClick={() => void playChannel(channel.id)}>
              {playing ? <PauseIcon /> : <PlayIcon />}
              <span>{playing ? hu.player.pause : hu.player.play}</span>
            </button>
            <FavoriteButton channelId={channel.id} className={styles.iconButton} />
            <PlayModeToggles className={styles.iconButton} />
            <AddToPlaylistButton channel={{ id: channel.id, name: channel.name }} className={styles.iconButton} />
          </div>
          {active && <p className={styles.status}>{playing ? hu.player.nowPlaying : hu.player.paused}</p>}
        </div>
      </header>

      {/* Hydrated in a slice of its own (nothing suspends): shorter long tasks on a slow PC. */}
      <Suspense>
        {/* Without a first page the list says the tracks could not be loaded, not that there are none. */}
        <TrackList channelId={channel.id} firstPage={firstPage} />
      </Suspense>
    </>
  );
}
