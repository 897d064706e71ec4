'use client';

import { useStore } from 'jotai';
import { useRouter } from 'next/navigation';
import { Suspense, useState } from 'react';
import type { Paginator, Playlist, Track } from '@/contracts';
import { LazyConfirmDialog } from '@/components/ui/lazy';
import {
  forgetPlaylist,
  notePlaylist,
  playlistApi,
  playlistKey,
  usePlaylist,
  useServerSeed,
} from '@/lib/api/playlists';
import { errors } from '@/lib/i18n/hu/errors';
import { form } from '@/lib/i18n/hu/form';
import { playlists as huPlaylists } from '@/lib/i18n/hu/playlists';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { usePlayableState } from '@/lib/player/use-player';
import { showToast } from '@/lib/ui/toast';
import { EditIcon, TrashIcon } from '@/components/ui/icons';
import { PlayableHeader } from '@/components/player/PlayableHeader';
import { PlayModeToggles } from '@/components/player/PlayModeToggles';
import { PlaylistCover } from './PlaylistCover';
import { PlaylistNameForm } from './PlaylistNameForm';
import { PlaylistTrackList } from './PlaylistTrackList';
import { useRefreshPlayer } from './use-refresh-player';
import { EmptyState } from '@/components/ui/EmptyState';
import styles from './PlaylistDetail.module.scss';

const hu = { errors, form, playlists: huPlaylists, toast: huToast };

interface Props {
  playlist: Playlist;
  /** null: the tracks could not be loaded; the list says so, the rest of the page stays. */
  firstPage: Paginator<Track> | null;
}

/** /playlists/{id}: the collage with the playlist's controls, then its reorderable tracks. */
export function PlaylistDetail({ playlist: initial, firstPage }: Props) {
  useServerSeed(playlistKey(initial.id), initial);
  const { data: playlist = initial } = usePlaylist(initial.id);
  const { active } = usePlayableState('playlist', playlist.id);
  const refreshPlayer = useRefreshPlayer();
  const router = useRouter();
  const store = useStore();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const rename = async (name: string) => {
    const renamed = await playlistApi.rename(playlist.id, name);
    await notePlaylist(renamed);
    setRenaming(false);
    showToast(hu.toast.saved, store);
    // The bar shows the playable's name.
    if (active) refreshPlayer();
  };

  const remove = async () => {
    try {
      await playlistApi.remove(playlist.id);
    } catch {
      // SPEC.md §8: swallowed; the page shows the server's state again.
      router.refresh();
      return;
    }
    showToast(hu.toast.deleted, store);
    // Deleting what plays stops the player; this device does not hear its own change over the socket.
    if (active) refreshPlayer();
    router.push('/playlists');
    await forgetPlaylist(playlist.id);
  };

  return (
    <>
      <PlayableHeader
        kind="playlist"
        id={playlist.id}
        back={{ href: '/playlists', label: hu.playlists.back }}
        layout="collage"
        picture={<PlaylistCover tracks={playlist.tracks} size={220} priority className={styles.cover} />}
        name={playlist.name}
        nameAction={
          <button
            type="button"
            className={styles.smallIcon}
            aria-label={hu.playlists.rename}
            title={hu.playlists.rename}
            onClick={() => setRenaming(true)}
          >
            <EditIcon size={20} />
          </button>
        }
        nameEditor={
          renaming ? (
            <PlaylistNameForm
              initialName={playlist.name}
              submitLabel={hu.form.save}
              busyLabel={hu.form.saving}
              onSubmit={rename}
              onCancel={() => setRenaming(false)}
              autoFocus
              inline
            />
          ) : undefined
        }
        trackCount={playlist.tracks_count}
        duration={playlist.duration}
        playDisabled={playlist.tracks_count === 0}
        controls={(roundButton) => (
          <>
            <PlayModeToggles className={roundButton} />
            <button type="button" className={styles.deleteButton} onClick={() => setConfirming(true)}>
              <TrashIcon size={20} />
              <span>{hu.playlists.delete}</span>
            </button>
          </>
        )}
      />

      {/* Hydrated in a slice of its own (nothing suspends): shorter long tasks on a slow PC. */}
      <Suspense>
        {firstPage ? (
          <PlaylistTrackList playlistId={playlist.id} firstPage={firstPage} />
        ) : (
          <EmptyState compact title={hu.errors.sectionUnavailable} />
        )}
      </Suspense>

      <LazyConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={hu.playlists.deleteConfirm}
        description={hu.playlists.deleteHint(playlist.name)}
        confirmLabel={hu.playlists.delete}
        cancelLabel={hu.form.cancel}
        onConfirm={remove}
        danger
      />
    </>
  );
}
