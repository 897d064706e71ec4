'use client';

import { playlists } from '@/lib/i18n/hu/playlists';
import { ListPlusIcon } from '@/components/ui/icons';
import { preloadOnIntent, usePreloadWhenIdle } from '@/components/ui/lazy';
import { useOpenPlaylistModal } from './modal-state';
import { PlaylistModal } from './PlaylistModalHost';
import styles from './AddToPlaylistButton.module.scss';

const hu = { playlists };

type Props =
  | { track: { id: number; title: string }; channel?: never; className?: string }
  | { channel: { id: number; name: string }; track?: never; className?: string };

/** Opens the one playlist modal: the ticks for a track, or the whole channel. Without a class it fits a track row. */
export function AddToPlaylistButton({ track, channel, className }: Props) {
  const open = useOpenPlaylistModal();
  usePreloadWhenIdle(PlaylistModal);
  const label = track ? hu.playlists.addTrackTo(track.title) : hu.playlists.addChannel;
  return (
    <button
      type="button"
      className={className ?? styles.row}
      aria-label={label}
      title={hu.playlists.addToPlaylist}
      aria-haspopup="dialog"
      {...preloadOnIntent(PlaylistModal)}
      onClick={() =>
        open(
          track
            ? { kind: 'track', trackId: track.id, title: track.title }
            : { kind: 'channel', channelId: channel.id, name: channel.name },
        )
      }
    >
      <ListPlusIcon />
    </button>
  );
}
