'use client';

import type { Paginator, Track } from '@/contracts';
import { AddToPlaylistButton } from '@/components/playlists/AddToPlaylistButton';
import { LoadMoreFooter, TracksMessage } from '@/components/tracks/LoadMoreFooter';
import { TrackRow, trackListClass } from '@/components/tracks/TrackRow';
import { useChannelTracks } from '@/lib/api/channels';
import { trackTitle } from '@/lib/format/track';
import { channels as huChannels } from '@/lib/i18n/hu/channels';
import { usePlayableState, usePlayer } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';

const hu = { channels: huChannels };

interface Props {
  channelId: number;
  firstPage: Paginator<Track>;
}

/**
 * The channel's tracks, loading more as the end of the list scrolls into view. Without a first page
 * (the API did not serve it) the list says it could not be loaded, not that the channel is empty.
 */
export function TrackList({ channelId, firstPage }: Omit<Props, 'firstPage'> & { firstPage: Paginator<Track> | null }) {
  if (!firstPage) {
    return <TracksMessage status>{hu.channels.tracksUnavailable}</TracksMessage>;
  }
  return <Tracks channelId={channelId} firstPage={firstPage} />;
}

function Tracks({ channelId, firstPage }: Props) {
  const { tracks, done, loading, error, loadMore } = useChannelTracks(channelId, firstPage);
  const player = usePlayer();
  const { active, playing } = usePlayableState('channel', channelId);
  const { playChannel, togglePlay } = usePlayerActions();
  const currentTrackId = active ? (player?.track?.id ?? null) : null;

  if (tracks.length === 0 && done) return <TracksMessage />;

  return (
    <section aria-label={hu.channels.tracksLabel}>
      <ol className={trackListClass()}>
        {tracks.map((track, index) => {
          const current = track.id === currentTrackId;
          return (
            <TrackRow
              key={track.id}
              track={track}
              index={index}
              current={current}
              playing={playing}
              onPlay={() => void (current ? togglePlay() : playChannel(channelId, track.id))}
              trailing={<AddToPlaylistButton track={{ id: track.id, title: trackTitle(track) }} />}
            />
          );
        })}
      </ol>
      <LoadMoreFooter loadMore={loadMore} loading={loading} error={error} done={done} count={tracks.length} />
    </section>
  );
}
