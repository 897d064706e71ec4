import { applyToggleAnswer, setTrackAdded, toggleToast, withCreated } from '@/components/playlists/toggle';
import { playlist, withAdded } from './fixtures';

const texts = {
  added: 'Sikeresen hozzáadva a lejátszási listához.',
  removed: 'Sikeresen eltávolítva a lejátszási listáról.',
};

describe('the modal’s ticks', () => {
  const list = [withAdded(playlist(1, [5]), true), withAdded(playlist(2), false)];

  it('flips only the clicked playlist at once', () => {
    const next = setTrackAdded(list, 2, true)!;
    expect(next.map((p) => p.track_added)).toEqual([true, true]);
    expect(list[1]!.track_added).toBe(false);
  });

  it('takes the server’s answer: its tick, count and cover', () => {
    const optimistic = setTrackAdded(list, 2, true);
    const answer = { track_added: true, playlist: playlist(2, [9]) };
    const next = applyToggleAnswer(optimistic, answer)!;
    expect(next[1]).toMatchObject({ id: 2, track_added: true, tracks_count: 1 });
    expect(next[1]!.tracks.map((t) => t.id)).toEqual([9]);
    expect(next[0]).toBe(optimistic![0]);
  });

  it('lets the server overrule the optimistic tick (another device changed it meanwhile)', () => {
    const optimistic = setTrackAdded(list, 1, false);
    const next = applyToggleAnswer(optimistic, { track_added: true, playlist: playlist(1, [5, 6]) })!;
    expect(next[0]).toMatchObject({ track_added: true, tracks_count: 2 });
  });

  it('puts a playlist made in the modal first, ticked', () => {
    const next = withCreated(list, playlist(3, [5]), true);
    expect(next.map((p) => [p.id, p.track_added])).toEqual([
      [3, true],
      [1, true],
      [2, false],
    ]);
  });

  it('works before the list has arrived', () => {
    expect(setTrackAdded(undefined, 1, true)).toBeUndefined();
    expect(withCreated(undefined, playlist(3), true)).toHaveLength(1);
  });

  it('chooses the toast by where the track ended up', () => {
    expect(toggleToast({ track_added: true }, texts)).toBe(texts.added);
    expect(toggleToast({ track_added: false }, texts)).toBe(texts.removed);
  });
});
