'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Track } from '@/contracts';
import { useEffect } from 'react';
import { useOpenPlaylistModal } from '@/components/playlists/modal-state';
import { PlaylistModal } from '@/components/playlists/PlaylistModalHost';
import { BlockIcon, CheckIcon, ListPlusIcon, MoreIcon } from '@/components/ui/icons';
import { toggleBlockedTrack, useBlockedTracks } from '@/lib/api/blocked-tracks';
import { trackTitle } from '@/lib/format/track';
import { playlists as huPlaylists } from '@/lib/i18n/hu/playlists';
import { tracks as huTracks } from '@/lib/i18n/hu/tracks';
import styles from './TrackMenu.module.scss';

const hu = { playlists: huPlaylists, tracks: huTracks };

interface Props {
  track: Track;
  className?: string;
  label: string;
  side: 'top' | 'bottom';
  defaultOpen?: boolean;
}

/** The track's menu (see TrackMenu), loaded on its first press, which it then opens (`defaultOpen`). */
export function TrackMenuDropdown({ track, className, label, side, defaultOpen = false }: Props) {
  const { isBlocked } = useBlockedTracks();
  const blocked = isBlocked(track.id);
  const openPlaylistModal = useOpenPlaylistModal();
  // The menu is open (or opening): its 'Hozzáadás listához' is the next press, so the dialog's code comes now.
  useEffect(() => PlaylistModal.preload(), []);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={className} aria-label={label} title={hu.tracks.menu}>
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} side={side} align="end" sideOffset={6} collisionPadding={8}>
          <DropdownMenu.Item
            className={styles.item}
            onSelect={() => openPlaylistModal({ kind: 'track', trackId: track.id, title: trackTitle(track) })}
          >
            <ListPlusIcon size={18} />
            {hu.playlists.addToPlaylist}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={() => void toggleBlockedTrack(track)}>
            {blocked ? <CheckIcon size={18} /> : <BlockIcon size={18} />}
            {blocked ? hu.tracks.unblock : hu.tracks.block}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
