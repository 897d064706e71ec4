import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { LoadMoreFooter, TracksMessage } from '@/components/tracks/LoadMoreFooter';
import { TrackRow } from '@/components/tracks/TrackRow';
import { PlayModeToggles } from '@/components/player/PlayModeToggles';
import { playerAtom } from '@/lib/player/state';
import { aPlayer, aTrack } from '../player/fixtures';

const actions = { toggleRandom: jest.fn(async () => undefined), toggleRepeat: jest.fn(async () => undefined) };
jest.mock('@/lib/player/use-player-actions', () => ({ usePlayerActions: () => actions }));

describe('TrackRow', () => {
  it('shows the number, title, artist and length, and plays on a click', () => {
    const onPlay = jest.fn();
    render(
      <ol>
        <TrackRow track={aTrack({ artist: null })} index={2} current={false} playing={false} onPlay={onPlay} />
      </ol>,
    );
    const button = screen.getByRole('button');
    expect(button).toHaveTextContent('3Balatoni szellőIsmeretlen3:05');
    expect(button).not.toHaveAttribute('aria-current');
    fireEvent.click(button);
    expect(onPlay).toHaveBeenCalledTimes(1);
  });

  it('marks the current track and shows the equalizer while it plays', () => {
    const { rerender } = render(
      <ol>
        <TrackRow track={aTrack({ title: null })} index={0} current playing={false} onPlay={() => undefined} />
      </ol>,
    );
    const button = screen.getByRole('button', { current: true });
    // No title: the file name without .mp3.
    expect(button).toHaveTextContent('1balatoni-szello');
    rerender(
      <ol>
        <TrackRow track={aTrack()} index={0} current playing onPlay={() => undefined} />
      </ol>,
    );
    expect(screen.getByRole('button', { current: true })).not.toHaveTextContent(/^1/);
  });

  it('puts leading and trailing controls around the play area and passes the li its props', () => {
    render(
      <ol>
        <TrackRow
          track={aTrack()}
          index={0}
          current={false}
          playing={false}
          onPlay={() => undefined}
          data-track-id={7}
          leading={<span>fogantyú</span>}
          trailing={<button type="button">Eltávolítás a listáról</button>}
        />
      </ol>,
    );
    const row = screen.getByRole('listitem');
    expect(row).toHaveAttribute('data-track-id', '7');
    expect(row.firstElementChild).toHaveTextContent('fogantyú');
    // Last, the track menu's place, kept empty while the API has not said whether it offers the menu.
    expect(row.lastElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(row.lastElementChild).toBeEmptyDOMElement();
    expect(row.lastElementChild!.previousElementSibling).toHaveTextContent('Eltávolítás a listáról');
  });
});

describe('LoadMoreFooter and useInfiniteList', () => {
  let observed: Element[] = [];
  let trigger: (visible: boolean) => void = () => undefined;
  let disconnects = 0;
  beforeEach(() => {
    observed = [];
    disconnects = 0;
    (globalThis as { IntersectionObserver: unknown }).IntersectionObserver = class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        trigger = (visible) => callback([{ isIntersecting: visible }]);
      }
      observe(node: Element) {
        observed.push(node);
      }
      disconnect() {
        disconnects += 1;
      }
    };
  });

  it('loads more when the sentinel comes into view, and re-observes after a new page', () => {
    const loadMore = jest.fn();
    const { rerender } = render(
      <LoadMoreFooter loadMore={loadMore} loading={false} error={false} done={false} count={50} />,
    );
    expect(observed).toHaveLength(1);
    act(() => trigger(false));
    expect(loadMore).not.toHaveBeenCalled();
    act(() => trigger(true));
    expect(loadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMoreFooter loadMore={loadMore} loading={false} error={false} done={false} count={100} />);
    expect(disconnects).toBe(1);
    expect(observed).toHaveLength(2);
  });

  it('says it is loading, offers Újra after a failure (and stops observing), and ends with the end message', () => {
    const loadMore = jest.fn();
    const { rerender } = render(<LoadMoreFooter loadMore={loadMore} loading error={false} done={false} count={50} />);
    expect(screen.getByRole('status')).toHaveTextContent('További zenék betöltése…');
    rerender(<LoadMoreFooter loadMore={loadMore} loading={false} error done={false} count={50} />);
    expect(screen.getByRole('alert')).toHaveTextContent('A zenék betöltése nem sikerült.');
    expect(disconnects).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Újra' }));
    expect(loadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMoreFooter loadMore={loadMore} loading={false} error={false} done count={60} />);
    expect(screen.getByText('Nincsenek további zenék.')).toBeInTheDocument();
    expect(observed).toHaveLength(1);
  });

  it('has the empty message of SPEC.md', () => {
    render(<TracksMessage />);
    expect(screen.getByText('Ez a csatorna üres még.')).toBeInTheDocument();
  });
});

describe('PlayModeToggles', () => {
  it('shows the player’s shuffle and repeat as pressed buttons and toggles them', () => {
    const store = createStore();
    store.set(playerAtom, aPlayer({ is_random: false, is_repeat: true }));
    render(
      <Provider store={store}>
        <PlayModeToggles />
      </Provider>,
    );
    const random = screen.getByRole('button', { name: 'Véletlen sorrend' });
    const repeat = screen.getByRole('button', { name: 'Ismétlés' });
    expect(random).toHaveAttribute('aria-pressed', 'false');
    expect(repeat).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(random);
    expect(actions.toggleRandom).toHaveBeenCalledTimes(1);
    fireEvent.click(repeat);
    expect(actions.toggleRepeat).toHaveBeenCalledTimes(1);
    act(() => store.set(playerAtom, aPlayer({ is_random: true, is_repeat: false })));
    expect(random).toHaveAttribute('aria-pressed', 'true');
    expect(repeat).toHaveAttribute('aria-pressed', 'false');
  });

  it('is disabled until there is a player', () => {
    render(
      <Provider store={createStore()}>
        <PlayModeToggles />
      </Provider>,
    );
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
