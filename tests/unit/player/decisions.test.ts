import {
  isOutputDevice,
  leaveReportTime,
  onMediaError,
  onPlayRefused,
  onTrackEnded,
  playableHref,
  retryDelayMs,
  serverMovedPosition,
  shouldSound,
} from '@/lib/player/decisions';
import { playableState } from '@/lib/player/use-player';
import { estimatePosition } from '@/lib/player/use-position';
import { aPlayer } from './fixtures';

describe('the playable', () => {
  it('links the playable to its page', () => {
    expect(playableHref(aPlayer())).toBe('/channels/3');
    expect(
      playableHref(
        aPlayer({
          playable: { type: 'App\\Models\\Playlist', id: 9, name: 'Saját' },
          playable_type: 'App\\Models\\Playlist',
          playable_id: 9,
        }),
      ),
    ).toBe('/playlists/9');
    expect(playableHref(aPlayer({ playable: null }))).toBeNull();
    expect(playableHref(null)).toBeNull();
  });
});

describe('which device outputs', () => {
  it('is the device whose session the player names', () => {
    expect(isOutputDevice(aPlayer(), 'device-a')).toBe(true);
    expect(isOutputDevice(aPlayer(), 'device-b')).toBe(false);
  });

  it('is nobody when the player has no owner or the session is not known yet', () => {
    expect(isOutputDevice(aPlayer({ session_id: null }), 'device-a')).toBe(false);
    expect(isOutputDevice(aPlayer(), null)).toBe(false);
    expect(isOutputDevice(aPlayer(), undefined)).toBe(false);
    expect(isOutputDevice(null, 'device-a')).toBe(false);
  });

  it('sounds only on the output device, with a track, while playing', () => {
    expect(shouldSound(aPlayer(), 'device-a')).toBe(true);
    expect(shouldSound(aPlayer({ is_playing: false }), 'device-a')).toBe(false);
    expect(shouldSound(aPlayer({ track: null }), 'device-a')).toBe(false);
    expect(shouldSound(aPlayer(), 'device-b')).toBe(false);
  });
});

describe('when a track ends', () => {
  it('the output device asks for the next one', () => {
    expect(onTrackEnded(aPlayer(), 'device-a')).toBe('request-next');
  });

  it('a remote control never does, so one ending is one skip', () => {
    expect(onTrackEnded(aPlayer(), 'device-b')).toBe('nothing');
    expect(onTrackEnded(aPlayer({ track: null }), 'device-a')).toBe('nothing');
  });
});

describe('when play() is refused', () => {
  const named = (name: string) => Object.assign(new Error(name), { name });

  it('asks for a tap on an autoplay refusal', () => {
    expect(onPlayRefused(named('NotAllowedError'))).toBe('ask-for-tap');
    // DOMException in browsers is not always an Error subclass.
    expect(onPlayRefused({ name: 'NotAllowedError', message: '' })).toBe('ask-for-tap');
  });

  it('ignores an interrupted play (a newer load or pause)', () => {
    expect(onPlayRefused(named('AbortError'))).toBe('ignore');
  });

  it('recovers from an unplayable source', () => {
    expect(onPlayRefused(named('NotSupportedError'))).toBe('recover');
    expect(onPlayRefused('weird')).toBe('recover');
  });
});

describe('when a track fails to load', () => {
  it('first fetches the same track again (a signed URL may have expired)', () => {
    expect(onMediaError({ trackId: 7, reloadedTrackId: null, failuresInRow: 1 })).toBe('reload-track');
    expect(onMediaError({ trackId: 7, reloadedTrackId: 5, failuresInRow: 1 })).toBe('reload-track');
  });

  it('then skips to the next track', () => {
    expect(onMediaError({ trackId: 7, reloadedTrackId: 7, failuresInRow: 2 })).toBe('skip');
  });

  it('keeps skipping after many failures, but with a growing pause', () => {
    expect(onMediaError({ trackId: 7, reloadedTrackId: 7, failuresInRow: 3 })).toBe('wait-and-skip');
    expect(retryDelayMs(3)).toBe(2000);
    expect(retryDelayMs(4)).toBe(4000);
    expect(retryDelayMs(50)).toBe(30_000);
  });
});

describe('following the server position', () => {
  it('does not jump for answers that repeat the stored time', () => {
    expect(serverMovedPosition(12, 12, null)).toBe(false);
  });

  it('does not jump for the echo of its own report', () => {
    expect(serverMovedPosition(12, 42.3, 42.3)).toBe(false);
  });

  it('jumps when someone seeks', () => {
    expect(serverMovedPosition(12, 90, 42)).toBe(true);
    expect(serverMovedPosition(null, 90, null)).toBe(true);
  });
});

describe('active playable', () => {
  it('is active when the player plays this channel', () => {
    expect(playableState(aPlayer(), 'channel', 3)).toEqual({ active: true, playing: true });
    expect(playableState(aPlayer({ is_playing: false }), 'channel', 3)).toEqual({ active: true, playing: false });
  });

  it('is not active for another id or type', () => {
    expect(playableState(aPlayer(), 'channel', 4)).toEqual({ active: false, playing: false });
    expect(playableState(aPlayer(), 'playlist', 3)).toEqual({ active: false, playing: false });
    expect(playableState(null, 'channel', 3)).toEqual({ active: false, playing: false });
  });
});

describe('remote position estimate', () => {
  it('counts on while playing and stops at the end', () => {
    expect(estimatePosition(10, 1000, 4000, true, 185)).toBe(13);
    expect(estimatePosition(10, 1000, 4000, false, 185)).toBe(10);
    expect(estimatePosition(180, 0, 60_000, true, 185)).toBe(185);
  });
});

describe('the report as the page is hidden or unloaded', () => {
  const music = { sounding: true, elementPlaying: true, spotHoldsFloor: false, position: 42.5, lastReported: 30 };

  it('sends where the music is', () => {
    expect(leaveReportTime(music)).toBe(42.5);
  });

  it('also while a spot holds the music', () => {
    expect(leaveReportTime({ ...music, elementPlaying: false, spotHoldsFloor: true })).toBe(42.5);
  });

  it('sends nothing for music that is not under way: paused, remote, or waiting for a tap', () => {
    expect(leaveReportTime({ ...music, sounding: false })).toBeNull();
    expect(leaveReportTime({ ...music, elementPlaying: false })).toBeNull();
  });

  it('does not repeat a position it has just sent (hidden, then unloaded)', () => {
    expect(leaveReportTime({ ...music, lastReported: 42.4 })).toBeNull();
  });
});
