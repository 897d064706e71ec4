import type { Playable } from '@/contracts';
import { PLAYABLE_CHANNEL, PLAYABLE_PLAYLIST } from '@/contracts/names';
import { nextTrackSource } from '@/lib/player/track-source';

const morning: Playable = { type: PLAYABLE_CHANNEL, id: 1, name: 'Reggeli kávé' };
const afternoon: Playable = { type: PLAYABLE_CHANNEL, id: 2, name: 'Lounge terasz' };

describe('the source of the track that sounds', () => {
  it('keeps the source a track started under when the block changes under it, until the next track', () => {
    const started = nextTrackSource(null, 10, morning, false);
    expect(started).toEqual({ trackId: 10, playable: morning });
    // The block's start: the same track, the player already names the afternoon's channel.
    const finishing = nextTrackSource(started, 10, afternoon, true);
    expect(finishing).toBe(started);
    // The afternoon's first track.
    expect(nextTrackSource(finishing, 11, afternoon, true)).toEqual({ trackId: 11, playable: afternoon });
  });

  it('takes a rename of the same list, and answers the same object when nothing changed', () => {
    const list: Playable = { type: PLAYABLE_PLAYLIST, id: 3, name: 'Tavasz' };
    const started = nextTrackSource(null, 5, list, false)!;
    expect(nextTrackSource(started, 5, { ...list }, false)).toBe(started);
    expect(nextTrackSource(started, 5, { ...list, name: 'Nyár' }, false)).toEqual({
      trackId: 5,
      playable: { ...list, name: 'Nyár' },
    });
    // A playlist and a channel of the same id are not the same source.
    expect(nextTrackSource(started, 5, { ...list, type: PLAYABLE_CHANNEL }, true)).toBe(started);
  });

  it('takes the new source of a manager who started a list at the track that plays', () => {
    const started = nextTrackSource(null, 10, morning, false);
    const list: Playable = { type: PLAYABLE_PLAYLIST, id: 3, name: 'Tavasz' };
    expect(nextTrackSource(started, 10, list, false)).toEqual({ trackId: 10, playable: list });
  });

  it('has none without a track', () => {
    expect(nextTrackSource({ trackId: 1, playable: morning }, null, morning, true)).toBeNull();
  });
});
