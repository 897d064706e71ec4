'use client';

import { useStore } from 'jotai';
import { IntentLink } from '@/components/ui/IntentLink';
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
import { formatTrackCount } from '@/lib/format/count';
import { formatHoursMinutes } from '@/lib/format/duration';
import { errors } from '@/lib/i18n/hu/errors';
import { form } from '@/lib/i18n/hu/form';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import { playlists as huPlaylists } from '@/lib/i18n/hu/playlists';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { usePlayableState } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import { showToast } from '@/lib/ui/toast';
import { ChevronLeftIcon, EditIcon, PauseIcon, PlayIcon, TrashIcon } from '@/components/ui/icons';
import { PlayModeToggles } from '@/components/player/PlayModeToggles';
import { PlaylistCover } from './PlaylistCover';
import { PlaylistNameForm } from './PlaylistNameForm';
import { PlaylistTrackList } from './PlaylistTrackList';
import { useRefreshPlayer } from './use-refresh-player';
import { EmptyState } from '@/components/ui/EmptyState';
import styles from './PlaylistDetail.module.scss';

const hu = { errors, form, player: huPlayer, playlists: huPlaylists, toast: huToast };

interface Props {
  playlist: Playlist;
  /** null: the tracks could not be loaded; the list says so, the rest of the page stays. */
  firstPage: Paginator<Track> | null;
}

/** /playlists/{id}: the collage with the playlist's controls, then its reorderable tracks. */
export function PlaylistDetail({ playlist: initial, firstPage }: Props) {
  useServerSeed(playlistKey(initial.id), initial);
  const { data: playlist = initial } = usePlaylist(initial.id);
  const { active, playing } = usePlayableState('playlist', playlist.id);
  const { playPlaylist } = usePlayerActions();
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
      <IntentLink href="/playlists" className={styles.back}>
        <ChevronLeftIcon />
        {hu.playlists.back}
      </IntentLink>

      <header className={styles.hero}>
        <PlaylistCover tracks={playlist.tracks} size={220} priority className={styles.cover} />
        <div className={styles.heroBody}>
          {renaming ? (
            <PlaylistNameForm
              initialName={playlist.name}
              submitLabel={hu.form.save}
              busyLabel={hu.form.saving}
              onSubmit={rename}
              onCancel={() => setRenaming(false)}
              autoFocus
              inline
            />
          ) : (
            <div className={styles.nameRow}>
              <h1 className={styles.name}>{playlist.name}</h1>
              <button
                type="button"
                className={styles.smallIcon}
                aria-label={hu.playlists.rename}
                title={hu.playlists.rename}
                onClick={() => setRenaming(true)}
              >
                <EditIcon size={20} />
              </button>
            </div>
          )}
          <p className={styles.meta}>
            <span>{formatTrackCount(playlist.tracks_count)}</span>
            <span aria-hidden="true"> · </span>
            <span>{formatHoursMinutes(playlist.duration)}</span>
          </p>
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.playButton}
              disabled={playlist.tracks_count === 0}
              onClick={() => void playPlaylist(playlist.id)}
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
              <span>{playing ? hu.player.pause : hu.player.play}</span>
            </button>
            <PlayModeToggles className={styles.iconButton} />
            <button type="button" className={styles.deleteButton} onClick={() => setConfirming(true)}>
              <TrashIcon size={20} />
              <span>{hu.playlists.delete}</span>
            </button>
          </div>
          {active && <p className={styles.status}>{playing ? hu.player.nowPlaying : hu.player.paused}</p>}
        </div>
      </header>

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
