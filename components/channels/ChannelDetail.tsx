'use client';

import { Suspense } from 'react';
import type { Channel, Paginator, Track } from '@/contracts';
import { AddToPlaylistButton } from '@/components/playlists/AddToPlaylistButton';
import { CoverImage } from '@/components/ui/CoverImage';
import { useChannel } from '@/lib/api/channels';
import { channels as huChannels } from '@/lib/i18n/hu/channels';
import { DEFAULT_LANDSCAPE } from './cover';
import { FavoriteButton } from './FavoriteButton';
import { PlayableHeader } from '@/components/player/PlayableHeader';
import { PlayModeToggles } from '@/components/player/PlayModeToggles';
import { TrackList } from './TrackList';
import styles from './ChannelDetail.module.scss';

const hu = { channels: huChannels };

interface Props {
  channel: Channel;
  /** null: the tracks could not be loaded; the list says so, the rest of the page stays. */
  firstPage: Paginator<Track> | null;
}

/** /channels/{id}: the landscape header with the channel's controls, then its tracks. */
export function ChannelDetail({ channel: initial, firstPage }: Props) {
  const { data: channel = initial } = useChannel(initial.id);

  return (
    <>
      <PlayableHeader
        kind="channel"
        id={channel.id}
        back={{ href: '/channels', label: hu.channels.back }}
        layout="landscape"
        picture={
          <>
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
          </>
        }
        name={channel.name}
        description={channel.description}
        trackCount={channel.tracks_count}
        duration={channel.channel_duration}
        controls={(roundButton) => (
          <>
            <FavoriteButton channelId={channel.id} className={roundButton} />
            <PlayModeToggles className={roundButton} />
            <AddToPlaylistButton channel={{ id: channel.id, name: channel.name }} className={roundButton} />
          </>
        )}
      />

      {/* Hydrated in a slice of its own (nothing suspends): shorter long tasks on a slow PC. */}
      <Suspense>
        {/* Without a first page the list says the tracks could not be loaded, not that there are none. */}
        <TrackList channelId={channel.id} firstPage={firstPage} />
      </Suspense>
    </>
  );
}
