import type { Playlist, PlaylistWithTrackAdded, ToggleTrackAnswer } from '@/contracts';

/** The tick flipped at once, before the server answers. */
export function setTrackAdded(
  list: readonly PlaylistWithTrackAdded[] | undefined,
  playlistId: number,
  added: boolean,
): PlaylistWithTrackAdded[] | undefined {
  return list?.map((playlist) => (playlist.id === playlistId ? { ...playlist, track_added: added } : playlist));
}

/**
 * The server's answer wins: its `track_added` says where the track really is (another device may have
 * toggled it meanwhile) and its playlist carries the new count, length and cover.
 */
export function applyToggleAnswer(
  list: readonly PlaylistWithTrackAdded[] | undefined,
  answer: ToggleTrackAnswer,
): PlaylistWithTrackAdded[] | undefined {
  return list?.map((playlist) =>
    playlist.id === answer.playlist.id ? { ...answer.playlist, track_added: answer.track_added } : playlist,
  );
}

/** A playlist just made in the modal goes first, as the server lists newest first. */
export function withCreated(
  list: readonly PlaylistWithTrackAdded[] | undefined,
  playlist: Playlist,
  added: boolean,
): PlaylistWithTrackAdded[] {
  const rest = (list ?? []).filter((item) => item.id !== playlist.id);
  return [{ ...playlist, track_added: added }, ...rest];
}

/** The toast for a toggle's outcome. */
export function toggleToast(answer: Pick<ToggleTrackAnswer, 'track_added'>, texts: { added: string; removed: string }) {
  return answer.track_added ? texts.added : texts.removed;
}
