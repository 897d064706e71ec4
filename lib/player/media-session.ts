import type { Player } from '@/contracts';
import { trackArtist, trackTitle } from '@/lib/format/track';

const DEFAULT_ARTWORK = '/img/pulse_2.svg';

/** What the media keys and the lock screen's controls ask of the engine. */
export interface MediaKeyActions {
  play(): void;
  pause(): void;
  next(): void;
}

function mediaSession(): MediaSession | null {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return null;
  return navigator.mediaSession;
}

/** Shows the player's track and play state on the lock screen and the system's media controls. */
export function showOnMediaSession(player: Player | null): void {
  const session = mediaSession();
  const track = player?.track;
  if (!session || !track || typeof MediaMetadata === 'undefined') return;
  const art = track.image_thumbnail_url ?? DEFAULT_ARTWORK;
  session.playbackState = player?.is_playing ? 'playing' : 'paused';
  const current = session.metadata;
  const title = trackTitle(track);
  if (current && current.title === title && current.artwork[0]?.src === art) return;
  session.metadata = new MediaMetadata({
    title,
    artist: trackArtist(track),
    album: player?.playable?.name ?? '',
    artwork: [{ src: art }],
  });
}

/** Binds the media keys to `actions`, each that the browser knows. */
export function bindMediaKeys(actions: MediaKeyActions): void {
  const session = mediaSession();
  if (!session) return;
  const safely = (action: MediaSessionAction, handler: () => void) => {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // A browser that does not know this action simply does not get it.
    }
  };
  safely('play', actions.play);
  safely('pause', actions.pause);
  safely('nexttrack', actions.next);
}
