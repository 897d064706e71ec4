'use client';

import { useAtom, useStore } from 'jotai';
import { useRef, useState } from 'react';
import useSWR from 'swr';
import type { Playlist, PlaylistWithTrackAdded } from '@/contracts';
import { PLAYLISTS_KEY, notePlaylist, playlistApi, useTrackPlaylists } from '@/lib/api/playlists';
import { formatTrackCount } from '@/lib/format/count';
import { playlists as huPlaylists } from '@/lib/i18n/hu/playlists';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { showToast } from '@/lib/ui/toast';
import { DialogFrame } from '@/components/ui/DialogFrame';
import { ModalForm } from '@/components/ui/ModalForm';
import { CheckIcon, PlusIcon } from '@/components/ui/icons';
import { createdPlaylistAtom, playlistModalAtom, type PlaylistModalTarget } from './modal-state';
import { PlaylistCover } from './PlaylistCover';
import { PlaylistNameField, PlaylistNameForm } from './PlaylistNameForm';
import { applyToggleAnswer, setTrackAdded, toggleToast, withCreated } from './toggle';
import styles from './PlaylistModal.module.scss';

const hu = { playlists: huPlaylists, toast: huToast };

/**
 * The one playlist modal of the main layout (SPEC.md §2), opened by every add-to-playlist button.
 * `warm`: what a warm-up render (`WarmUp`, never shown) has it open for, instead of the shared target.
 */
export function PlaylistModal({ warm }: { warm?: PlaylistModalTarget }) {
  const [shared, setTarget] = useAtom(playlistModalAtom);
  const target = warm ?? shared;
  const store = useStore();
  const onOpenChange = (open: boolean) => {
    if (!open) setTarget(null);
  };
  const picker = target?.kind === 'new' ? null : target;

  return (
    <>
      <ModalForm
        open={target?.kind === 'new'}
        onOpenChange={onOpenChange}
        title={hu.playlists.newPlaylistTitle}
        description={hu.playlists.emptyHint}
        submitLabel={hu.playlists.create}
        busyLabel={hu.playlists.creating}
        invalidAlert
        onSubmit={async (data) => {
          const created = await playlistApi.create(String(data.get('name') ?? '').trim());
          await notePlaylist(created);
          store.set(createdPlaylistAtom, created.id);
          showToast(hu.toast.saved, store);
        }}
      >
        <PlaylistNameField autoFocus />
      </ModalForm>
      <DialogFrame
        open={picker !== null}
        onOpenChange={onOpenChange}
        title={picker?.kind === 'channel' ? hu.playlists.modalChannelTitle : hu.playlists.modalTrackTitle}
        description={
          picker?.kind === 'channel'
            ? hu.playlists.modalChannelHint(picker.name)
            : hu.playlists.modalTrackHint(picker?.title ?? '')
        }
        // Focus the dialog, not the name field: on a tablet that would pop the keyboard over the list
        // the user came for. Only 'Új lista' is about typing a name.
        focusDialog
      >
        {picker && (
          <div className={styles.scroll} key={JSON.stringify(picker)}>
            {picker.kind === 'track' ? (
              <TrackTicks trackId={picker.trackId} />
            ) : (
              <ChannelTargets channelId={picker.channelId} />
            )}
          </div>
        )}
      </DialogFrame>
    </>
  );
}

function PlaylistRowBody({ playlist }: { playlist: Playlist }) {
  return (
    <>
      <PlaylistCover tracks={playlist.tracks} size={48} className={styles.thumb} />
      <span className={styles.rowText}>
        <span className={styles.rowName}>{playlist.name}</span>
        <span className={styles.rowMeta}>{formatTrackCount(playlist.tracks_count)}</span>
      </span>
    </>
  );
}

/** One track: every playlist with a tick that puts the track on it or takes it off. */
function TrackTicks({ trackId }: { trackId: number }) {
  const store = useStore();
  const { data, isLoading, mutate } = useTrackPlaylists(trackId);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const mark = (id: number, on: boolean) =>
    setPending((set) => {
      const next = new Set(set);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggle = async (playlist: PlaylistWithTrackAdded) => {
    mark(playlist.id, true);
    await mutate((list) => setTrackAdded(list, playlist.id, !playlist.track_added), { revalidate: false });
    try {
      const answer = await playlistApi.toggleTrack(playlist.id, trackId);
      await mutate((list) => applyToggleAnswer(list, answer), { revalidate: false });
      void notePlaylist(answer.playlist);
      showToast(toggleToast(answer, { added: hu.playlists.toastAdded, removed: hu.playlists.toastRemoved }), store);
    } catch {
      // SPEC.md §8: swallowed, but the ticks show the server's state again.
      void mutate();
    } finally {
      mark(playlist.id, false);
    }
  };

  const create = async (name: string) => {
    const created = await playlistApi.create(name);
    try {
      const answer = await playlistApi.toggleTrack(created.id, trackId);
      await mutate((list) => withCreated(list, answer.playlist, answer.track_added), { revalidate: false });
      await notePlaylist(answer.playlist);
    } catch {
      await notePlaylist(created);
      void mutate();
    }
    showToast(hu.toast.saved, store);
  };

  return (
    <>
      {isLoading && !data ? (
        <p className={styles.message} role="status">
          {hu.playlists.modalLoading}
        </p>
      ) : data && data.length === 0 ? (
        <p className={styles.message}>{hu.playlists.modalNoPlaylists}</p>
      ) : (
        <ul className={styles.list} aria-label={hu.playlists.listLabel}>
          {data?.map((playlist) => (
            <li key={playlist.id}>
              <label className={`${styles.row} ${playlist.track_added ? styles.on : ''}`}>
                <input
                  type="checkbox"
                  className={styles.check}
                  checked={playlist.track_added}
                  disabled={pending.has(playlist.id)}
                  onChange={() => void toggle(playlist)}
                  aria-label={playlist.name}
                />
                <PlaylistRowBody playlist={playlist} />
                <span className={styles.tick} aria-hidden="true">
                  {playlist.track_added && <CheckIcon size={18} />}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <NewPlaylistSection onCreate={create} />
    </>
  );
}

/** A whole channel: a click on a playlist puts all of the channel's tracks on it. */
function ChannelTargets({ channelId }: { channelId: number }) {
  const store = useStore();
  // Fetched when the modal opens: the grid's cache may be older than another device's edits.
  const { data, isLoading, mutate } = useSWR<Playlist[], Error>(PLAYLISTS_KEY, playlistApi.list, {
    revalidateOnMount: true,
    revalidateOnFocus: false,
    dedupingInterval: 0,
  });
  const [pending, setPending] = useState<number | null>(null);
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set());
  const channelTracks = useRef<Promise<number[]> | null>(null);

  const trackIds = () => {
    if (!channelTracks.current) {
      const request = playlistApi.channelTracks(channelId).then((tracks) => tracks.map((track) => track.id));
      channelTracks.current = request;
      request.catch(() => {
        if (channelTracks.current === request) channelTracks.current = null;
      });
    }
    return channelTracks.current;
  };

  const addAll = async (playlist: Playlist) => {
    setPending(playlist.id);
    try {
      const updated = await playlistApi.addTracks(playlist.id, await trackIds());
      await notePlaylist(updated);
      setAdded((set) => new Set(set).add(playlist.id));
      showToast(hu.playlists.toastAdded, store);
    } catch {
      // SPEC.md §8: swallowed; the list shows the server's counts again.
      void mutate();
    } finally {
      setPending(null);
    }
  };

  const create = async (name: string) => {
    const created = await playlistApi.createWithTracks(name, await trackIds());
    await notePlaylist(created);
    setAdded((set) => new Set(set).add(created.id));
    showToast(hu.toast.saved, store);
  };

  return (
    <>
      {isLoading && !data ? (
        <p className={styles.message} role="status">
          {hu.playlists.modalLoading}
        </p>
      ) : data && data.length === 0 ? (
        <p className={styles.message}>{hu.playlists.modalNoPlaylists}</p>
      ) : (
        <ul className={styles.list} aria-label={hu.playlists.listLabel}>
          {data?.map((playlist) => {
            const done = added.has(playlist.id);
            return (
              <li key={playlist.id}>
                <button
                  type="button"
                  className={`${styles.row} ${done ? styles.on : ''}`}
                  aria-label={hu.playlists.addAllTo(playlist.name)}
                  disabled={pending !== null}
                  aria-busy={pending === playlist.id || undefined}
                  onClick={() => void addAll(playlist)}
                >
                  <PlaylistRowBody playlist={playlist} />
                  <span className={styles.tick}>
                    {done ? (
                      <>
                        <CheckIcon size={18} />
                        <span className={styles.tickText}>{hu.playlists.added}</span>
                      </>
                    ) : (
                      <PlusIcon size={20} />
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <NewPlaylistSection onCreate={create} />
    </>
  );
}

function NewPlaylistSection({ onCreate }: { onCreate: (name: string) => Promise<void> }) {
  return (
    <section className={styles.newSection} aria-label={hu.playlists.newPlaylistSection}>
      <h3 className={styles.newTitle}>{hu.playlists.newPlaylistSection}</h3>
      <PlaylistNameForm
        label={hu.playlists.nameLabel}
        submitLabel={hu.playlists.create}
        busyLabel={hu.playlists.creating}
        onSubmit={onCreate}
        inline
      />
    </section>
  );
}
