import { act, render, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { playerAtom } from '@/lib/player/state';
import { preloadPlayerEngine, usePlayerEngine } from '@/lib/player/use-player-engine';
import { aPlayer } from './fixtures';

// This device's login: the player names it as the output, or another one.
jest.mock('@/lib/api/use-me', () => ({ useMe: () => ({ data: { session_id: 'here' } }) }));

const startEngineSession = jest.fn((..._args: unknown[]) => ({
  engine: { apply: jest.fn(), currentTime: 0, setSoundSettings: jest.fn() },
  dispose: jest.fn(),
}));
let fetched = 0;
jest.mock('@/lib/player/engine-session', () => {
  fetched += 1;
  return { startEngineSession: (...args: unknown[]) => startEngineSession(...args) };
});

function Bar() {
  usePlayerEngine();
  return null;
}

beforeEach(() => {
  startEngineSession.mockClear();
});

// In this order: the engine's code is fetched once per page (the module stays).
it('a remote makes the page’s music element but fetches no engine', async () => {
  const store = createStore();
  store.set(playerAtom, aPlayer({ session_id: 'elsewhere' }));
  const { unmount } = render(
    <Provider store={store}>
      <Bar />
    </Provider>,
  );
  expect(document.querySelector('audio[data-player-audio]')).not.toBeNull();
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(fetched).toBe(0);
  expect(startEngineSession).not.toHaveBeenCalled();
  unmount();
  expect(document.querySelector('audio[data-player-audio]')).toBeNull();
});

it('intent (a play button, the device menu) fetches the engine’s code without starting it', async () => {
  preloadPlayerEngine();
  await waitFor(() => expect(fetched).toBe(1));
  expect(startEngineSession).not.toHaveBeenCalled();
});

it('the engine starts on the page’s music element once this device is the output, and stays', async () => {
  const store = createStore();
  store.set(playerAtom, aPlayer({ session_id: 'elsewhere' }));
  render(
    <Provider store={store}>
      <Bar />
    </Provider>,
  );
  const audio = document.querySelector('audio[data-player-audio]');
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(startEngineSession).not.toHaveBeenCalled();

  // The music moves here (this device's press, or another device's choice).
  act(() => store.set(playerAtom, aPlayer({ session_id: 'here' })));
  await waitFor(() => expect(startEngineSession).toHaveBeenCalledTimes(1));
  expect(startEngineSession).toHaveBeenCalledWith(store, audio);

  // It moves away again: the engine stays, silent (it follows the store itself).
  act(() => store.set(playerAtom, aPlayer({ session_id: 'elsewhere' })));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(startEngineSession).toHaveBeenCalledTimes(1);
});
