import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { applyPushedPlayer } from '@/lib/player/commit';
import { showsOutputAlive } from '@/lib/player/decisions';
import { OUTPUT_SILENT_MS, useOutputSilent } from '@/lib/player/output-state';
import { playerAtom, sessionIdAtom } from '@/lib/player/state';
import { connectionAtom } from '@/lib/realtime/atoms';
import { aPlayer } from './fixtures';

jest.mock('@/lib/player/api', () => ({ playerApi: { list: jest.fn() } }));

function setup(held = false) {
  const store = createStore();
  store.set(playerAtom, aPlayer({ session_id: 'device-a', is_playing: true, current_time: 10 }));
  store.set(sessionIdAtom, 'device-b');
  store.set(connectionAtom, 'connected');
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(({ h }) => useOutputSilent(h), { wrapper, initialProps: { h: held } });
  return { store, hook };
}

describe('a device that stops answering', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('what shows the audio device alive: a new position, track, holder or play state; the same state again does not', () => {
    const p = aPlayer();
    expect(showsOutputAlive(p, { ...p, current_time: p.current_time + 10 })).toBe(true);
    expect(showsOutputAlive(p, { ...p, session_id: 'device-c' })).toBe(true);
    expect(showsOutputAlive(p, { ...p, is_playing: false })).toBe(true);
    expect(showsOutputAlive(p, { ...p, volume: 10 })).toBe(false);
  });

  test('is offered after 30 s without a moving state, and the offer goes when one arrives', () => {
    const { store, hook } = setup();
    act(() => jest.advanceTimersByTime(OUTPUT_SILENT_MS - 1_000));
    expect(hook.result.current).toBe(false);
    // A report every 10 s keeps it quiet.
    act(() => {
      applyPushedPlayer(store, aPlayer({ session_id: 'device-a', current_time: 20 }));
      jest.advanceTimersByTime(OUTPUT_SILENT_MS - 1_000);
    });
    expect(hook.result.current).toBe(false);
    act(() => jest.advanceTimersByTime(2_000));
    expect(hook.result.current).toBe(true);
    act(() => {
      applyPushedPlayer(store, aPlayer({ session_id: 'device-a', current_time: 60 }));
    });
    expect(hook.result.current).toBe(false);
  });

  test('not while a spot holds the music, nor for a paused player, nor on the audio device itself, nor with the socket down', () => {
    const held = setup(true);
    act(() => jest.advanceTimersByTime(OUTPUT_SILENT_MS * 2));
    expect(held.hook.result.current).toBe(false);
    // The spot ends: the wait starts afresh.
    held.hook.rerender({ h: false });
    act(() => jest.advanceTimersByTime(OUTPUT_SILENT_MS - 1_000));
    expect(held.hook.result.current).toBe(false);

    const paused = setup();
    act(() => paused.store.set(playerAtom, aPlayer({ session_id: 'device-a', is_playing: false })));
    act(() => jest.advanceTimersByTime(OUTPUT_SILENT_MS * 2));
    expect(paused.hook.result.current).toBe(false);

    const own = setup();
    act(() => own.store.set(sessionIdAtom, 'device-a'));
    act(() => jest.advanceTimersByTime(OUTPUT_SILENT_MS * 2));
    expect(own.hook.result.current).toBe(false);

    const offline = setup();
    act(() => offline.store.set(connectionAtom, 'connecting'));
    act(() => jest.advanceTimersByTime(OUTPUT_SILENT_MS * 2));
    expect(offline.hook.result.current).toBe(false);
  });
});
