'use client';

import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { useStore } from 'jotai';
import { useRef } from 'react';
import type { Paginator, Track } from '@/contracts';
import { notePlaylist, usePlaylistTracks } from '@/lib/api/playlists';
import { LoadMoreFooter, TracksMessage } from '@/components/tracks/LoadMoreFooter';
import { TrackRow, trackListClass } from '@/components/tracks/TrackRow';
import { trackTitle } from '@/lib/format/track';
import { playlists as huPlaylists } from '@/lib/i18n/hu/playlists';
import { usePlayableState, usePlayer } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import { showToast } from '@/lib/ui/toast';
import { GripIcon, TrashIcon } from '@/components/ui/icons';
import { useRefreshPlayer } from './use-refresh-player';
import styles from './PlaylistTrackList.module.scss';

const hu = { playlists: huPlaylists };

interface Props {
  playlistId: number;
  firstPage: Paginator<Track>;
}

/**
 * The playlist's tracks in play order. A track is moved by its handle (mouse, touch, or the keyboard:
 * space, arrows, space), with Hungarian announcements; the list plays in the order it shows.
 */
export function PlaylistTrackList({ playlistId, firstPage }: Props) {
  const { tracks, done, loading, error, loadMore, prefetchAll, reorder, removeTrack } = usePlaylistTracks(
    playlistId,
    firstPage,
  );
  const player = usePlayer();
  const { active, playing } = usePlayableState('playlist', playlistId);
  const { playPlaylist, togglePlay } = usePlayerActions();
  const refreshPlayer = useRefreshPlayer();
  const store = useStore();
  const currentTrackId = active ? (player?.track?.id ?? null) : null;
  const listRef = useRef<HTMLOListElement>(null);

  const onDragEnd = (result: DropResult) => {
    if (!result.destination || result.destination.index === result.source.index) return;
    void reorder(result.source.index, result.destination.index).then((playlist) => {
      // The collage shows the first four, so a move can change the cover.
      if (playlist) void notePlaylist(playlist);
    });
  };

  const remove = (track: Track, index: number) => {
    // Keep the keyboard where it was: on the next row's remove button, or the previous one at the end.
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-remove]');
    const neighbour = buttons?.[index + 1] ?? buttons?.[index - 1];
    neighbour?.focus();
    const wasCurrent = track.id === currentTrackId;
    void removeTrack(track.id).then((playlist) => {
      if (!playlist) return;
      void notePlaylist(playlist);
      showToast(hu.playlists.toastRemoved, store);
      if (wasCurrent || playlist.tracks_count === 0) refreshPlayer();
    });
  };

  if (tracks.length === 0 && done) return <TracksMessage />;

  return (
    <section aria-label={hu.playlists.tracksLabel}>
      <DragDropContext
        dragHandleUsageInstructions={hu.playlists.dragInstructions}
        onBeforeCapture={() => {
          // A reorder names every track: fetch the rest while the track is being dragged.
          if (!done) void prefetchAll().catch(() => undefined);
        }}
        onDragStart={(start, provided) => provided.announce(hu.playlists.dragStart(start.source.index + 1))}
        onDragUpdate={(update, provided) => {
          if (update.destination) provided.announce(hu.playlists.dragMove(update.destination.index + 1));
        }}
        onDragEnd={(result, provided) => {
          provided.announce(
            result.destination
              ? hu.playlists.dragDrop(result.source.index + 1, result.destination.index + 1)
              : hu.playlists.dragCancel(result.source.index + 1),
          );
          onDragEnd(result);
        }}
      >
        <Droppable droppableId={`playlist-${playlistId}`}>
          {(droppable) => (
            <ol
              ref={(node) => {
                droppable.innerRef(node);
                listRef.current = node;
              }}
              {...droppable.droppableProps}
              className={trackListClass(true)}
            >
              {tracks.map((track, index) => {
                const current = track.id === currentTrackId;
                const title = trackTitle(track);
                return (
                  <Draggable key={track.id} draggableId={String(track.id)} index={index}>
                    {(draggable, snapshot) => (
                      <TrackRow
                        ref={draggable.innerRef}
                        {...draggable.draggableProps}
                        data-track-id={track.id}
                        track={track}
                        index={index}
                        current={current}
                        playing={playing}
                        dragging={snapshot.isDragging}
                        onPlay={() => void (current ? togglePlay() : playPlaylist(playlistId, track.id))}
                        leading={
                          <span
                            {...draggable.dragHandleProps}
                            className={styles.handle}
                            aria-label={hu.playlists.dragHandle(title)}
                            title={hu.playlists.dragHandle(title)}
                          >
                            <GripIcon size={20} />
                          </span>
                        }
                        trailing={
                          <button
                            type="button"
                            className={styles.remove}
                            aria-label={hu.playlists.removeTrack}
                            title={hu.playlists.removeTrack}
                            data-remove
                            onClick={() => remove(track, index)}
                          >
                            <TrashIcon size={20} />
                          </button>
                        }
                      />
                    )}
                  </Draggable>
                );
              })}
              {droppable.placeholder}
            </ol>
          )}
        </Droppable>
      </DragDropContext>
      <LoadMoreFooter loadMore={loadMore} loading={loading} error={error} done={done} count={tracks.length} />
    </section>
  );
}
