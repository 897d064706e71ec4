import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { Device } from '@/contracts';
import { usePlayableState } from '@/lib/player/use-player';
import { localOutputAtom, playerAtom, sessionIdAtom } from '@/lib/player/state';
import { connectionAtom, membersAtom } from '@/lib/realtime/atoms';
import { aPlayer, aTrack } from './fixtures';

const renders = new Map<number, number>();
const pc: Device = { id: 'device-a', type: 'desktop', device_model: 'Chrome', device_family: 'Windows' };
const phone: Device = { id: 'device-b', type: 'mobile', device_model: 'iPhone', device_family: 'Apple' };

function Tile({ id }: { id: number }) {
  const { active, playing } = usePlayableState('channel', id);
  renders.set(id, (renders.get(id) ?? 0) + 1);
  return <p data-testid={`tile-${id}`}>{`${active ? 'active' : 'other'} ${playing ? 'playing' : 'still'}`}</p>;
}

function setup() {
  renders.clear();
  const store = createStore();
  store.set(playerAtom, aPlayer({ playable_id: 3, session_id: 'device-a', is_playing: false }));
  store.set(sessionIdAtom, 'device-a');
  store.set(connectionAtom, 'connected');
  store.set(membersAtom, [pc]);
  render(
    <Provider store={store}>
      {[3, 4, 5].map((id) => (
        <Tile key={id} id={id} />
      ))}
    </Provider>,
  );
  return store;
}

const text = (id: number) => screen.getByTestId(`tile-${id}`).textContent;

describe('a tile’s playing state', () => {
  test('follows play, pause and another channel', () => {
    const store = setup();
    expect([text(3), text(4)]).toEqual(['active still', 'other still']);
    act(() => store.set(playerAtom, aPlayer({ playable_id: 3, session_id: 'device-a', is_playing: true })));
    expect([text(3), text(4)]).toEqual(['active playing', 'other still']);
    act(() => store.set(playerAtom, aPlayer({ playable_id: 4, session_id: 'device-a', is_playing: true })));
    expect([text(3), text(4)]).toEqual(['other still', 'active playing']);
  });

  test('is not playing when the audio device is gone, nor when it waits for a tap', () => {
    const store = setup();
    act(() => store.set(playerAtom, aPlayer({ playable_id: 3, session_id: 'device-a', is_playing: true })));
    act(() => store.set(localOutputAtom, 'needs_tap'));
    expect(text(3)).toBe('active still');
    act(() => {
      store.set(localOutputAtom, null);
      store.set(sessionIdAtom, 'device-b');
      store.set(membersAtom, [phone]);
    });
    expect(text(3)).toBe('active still');
    act(() => store.set(membersAtom, [pc, phone]));
    expect(text(3)).toBe('active playing');
  });

  test('a change of the player that changes no tile’s state re-renders none of them', () => {
    const store = setup();
    act(() => store.set(playerAtom, aPlayer({ playable_id: 3, session_id: 'device-a', is_playing: true })));
    const before = new Map(renders);
    act(() => {
      // A position report's answer, a volume change, the next track: the same tiles' states.
      store.set(playerAtom, aPlayer({ playable_id: 3, session_id: 'device-a', is_playing: true, current_time: 40 }));
      store.set(playerAtom, aPlayer({ playable_id: 3, session_id: 'device-a', is_playing: true, volume: 30 }));
      store.set(
        playerAtom,
        aPlayer({ playable_id: 3, session_id: 'device-a', is_playing: true, track: aTrack({ id: 8, title: 'Más' }) }),
      );
    });
    expect(renders).toEqual(before);
  });
});
