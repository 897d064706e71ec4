import type { Sound } from '@/contracts';
import { isSavedItem, upsertById, withoutId } from '@/lib/mixer/list-edits';
import { isOwnSound, markFromAnswer, markToast, soundSource, soundsWith, withMark } from '@/lib/mixer/sounds';

const sound = (id: number, extra: Partial<Sound> = {}): Sound => ({
  id,
  name: `Hang ${id}`,
  url: `https://api.example/media/sounds/${id}.mp3`,
  duration: 2,
  is_favorite: false,
  is_quick: false,
  created_at: '2026-11-01T10:00:00Z',
  ...extra,
});

describe('own and provider sounds (SPEC.md §3, §6)', () => {
  it('is own only with a customer_id, and says whose it is', () => {
    expect(isOwnSound(sound(1, { customer_id: 7 }))).toBe(true);
    expect(isOwnSound(sound(2))).toBe(false);
    // A Laravel API may send the key with null for a provider's sound.
    expect(isOwnSound({ customer_id: null } as unknown as Sound)).toBe(false);
    expect(soundSource(sound(1, { customer_id: 7 }))).toBe('Saját hangok');
    expect(soundSource(sound(2))).toBe('Szolgáltató hangjai');
  });
});

describe('favourite and quick marks', () => {
  it('reads the new mark from the sound the API answers', () => {
    expect(markFromAnswer(sound(1, { is_favorite: true }), 'favorite', false)).toBe(true);
    expect(markFromAnswer(sound(1, { is_quick: false }), 'quick', true)).toBe(false);
  });

  it('takes a bare boolean answer too, and otherwise reads the toggle as a flip', () => {
    expect(markFromAnswer(true, 'quick', true)).toBe(true);
    expect(markFromAnswer(false, 'favorite', false)).toBe(false);
    expect(markFromAnswer(null, 'favorite', false)).toBe(true);
    expect(markFromAnswer({ ok: 1 }, 'quick', true)).toBe(false);
  });

  it('sets one sound’s mark in a list, leaving the rest (and the input) alone', () => {
    const list = [sound(1), sound(2)];
    const after = withMark(list, 2, 'quick', true)!;
    expect(after.map((s) => s.is_quick)).toEqual([false, true]);
    expect(list[1]!.is_quick).toBe(false);
    expect(withMark(undefined, 2, 'quick', true)).toBeUndefined();
    expect(soundsWith(after, 'quick').map((s) => s.id)).toEqual([2]);
    expect(soundsWith(after, 'favorite')).toEqual([]);
  });

  it('toasts exactly as SPEC.md §8 words the sound marks', () => {
    expect(markToast('favorite', true)).toBe('Hozzáadva a kedvencekhez');
    expect(markToast('favorite', false)).toBe('Eltávolítva a kedvencek közül');
    expect(markToast('quick', true)).toBe('Hozzáadva a gyorshangokhoz');
    expect(markToast('quick', false)).toBe('Eltávolítva a gyorshangok közül');
  });
});

describe('list edits after a write', () => {
  const a = { id: 1, name: 'A' };
  const b = { id: 2, name: 'B' };

  it('replaces a saved item in place, and puts a new one first or last', () => {
    expect(upsertById([a, b], { id: 2, name: 'B2' })).toEqual([a, { id: 2, name: 'B2' }]);
    expect(upsertById([a], b)).toEqual([b, a]);
    expect(upsertById([a], b, 'last')).toEqual([a, b]);
    expect(upsertById(undefined, b)).toEqual([b]);
  });

  it('drops a deleted item', () => {
    expect(withoutId([a, b], 1)).toEqual([b]);
    expect(withoutId(undefined, 1)).toBeUndefined();
  });

  it('knows a saved item from another answer', () => {
    expect(isSavedItem({ id: 3, name: 'Gong' })).toBe(true);
    expect(isSavedItem(true)).toBe(false);
    expect(isSavedItem({ id: '3', name: 'Gong' })).toBe(false);
    expect(isSavedItem(null)).toBe(false);
  });
});
