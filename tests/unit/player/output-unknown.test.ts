import { createStore } from 'jotai';
import { agoText, outputUnknown } from '@/lib/player/output-state';
import { askTakeOver, takeOverQuestionAtom } from '@/lib/player/take-over';
import { aPlayer } from './fixtures';

describe('a sounding audio device that stopped answering (issue 39)', () => {
  const playing = aPlayer({ version: 3, output: { state: 'audible', since: '2026-01-01T10:00:00Z' } });
  const remote = { isOutput: false, unavailable: false, silent: false };

  it('is unknown on a remote once it misses its reports or presence loses it, while the player plays', () => {
    expect(outputUnknown({ ...remote, player: playing })).toBe(false);
    expect(outputUnknown({ ...remote, player: playing, silent: true })).toBe(true);
    expect(outputUnknown({ ...remote, player: playing, unavailable: true })).toBe(true);
  });

  it('a device paused (by the server or at its last report) stays paused; the audio device itself knows', () => {
    expect(outputUnknown({ ...remote, player: { ...playing, is_playing: false }, unavailable: true })).toBe(false);
    const pausedReport = { ...playing, output: { state: 'paused' as const, since: '2026-01-01T10:00:00Z' } };
    expect(outputUnknown({ ...remote, player: pausedReport, unavailable: true })).toBe(false);
    expect(outputUnknown({ ...remote, player: playing, isOutput: true, silent: true })).toBe(false);
  });

  it('against an API without reports (Laravel: no version) keeps the texts of before', () => {
    const laravel = { ...playing, version: undefined, output: undefined };
    expect(outputUnknown({ ...remote, player: laravel, unavailable: true })).toBe(false);
  });

  it("says when it was last heard: 'most', 'egy perce', '{n} perce'", () => {
    expect(agoText(0)).toBe('most');
    expect(agoText(59_000)).toBe('most');
    expect(agoText(60_000)).toBe('egy perce');
    expect(agoText(119_000)).toBe('egy perce');
    expect(agoText(5 * 60_000 + 1)).toBe('5 perce');
  });
});

describe('the question before taking the music (issue 39)', () => {
  it('waits for the answer; a second question declines the first', async () => {
    const store = createStore();
    const first = askTakeOver(store);
    const question = store.get(takeOverQuestionAtom);
    expect(question).not.toBeNull();
    const second = askTakeOver(store);
    await expect(first).resolves.toBe(false);
    store.get(takeOverQuestionAtom)!.answer(true);
    await expect(second).resolves.toBe(true);
    expect(store.get(takeOverQuestionAtom)).toBeNull();
    // A late answer of the first changes nothing.
    question!.answer(true);
    expect(store.get(takeOverQuestionAtom)).toBeNull();
  });
});
