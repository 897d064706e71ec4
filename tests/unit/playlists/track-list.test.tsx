import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { Paginator, Track } from '@/contracts';
import { PlaylistTrackList } from '@/components/playlists/PlaylistTrackList';
import { pendingMouseDrag } from '@/components/playlists/pending-drag';
import { installFakeFetch } from '../fake-fetch';
import { track } from './fixtures';

function page(tracks: Track[]): Paginator<Track> {
  return {
    data: tracks,
    current_page: 1,
    last_page: 1,
    per_page: 50,
    total: tracks.length,
    from: 1,
    to: tracks.length,
  } as unknown as Paginator<Track>;
}

beforeEach(() => {
  // jsdom has none; the list's footer watches its sentinel with one (the whole list is here anyway).
  (globalThis as { IntersectionObserver: unknown }).IntersectionObserver = class {
    observe() {}
    disconnect() {}
  };
});

function show() {
  installFakeFetch(() => ({ body: null }));
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PlaylistTrackList playlistId={7} firstPage={page([track(1), track(2), track(3)])} />
    </SWRConfig>,
  );
  return screen.getByRole('region', { name: 'A lista zenéi' });
}

it('paints the rows with their drag handles before the drag-and-drop code is fetched', () => {
  const list = show();
  const handles = within(list).getAllByRole('button', { name: /áthelyezése$/ });
  expect(handles.map((h) => h.getAttribute('aria-label'))).toEqual([
    'Dal 1 áthelyezése',
    'Dal 2 áthelyezése',
    'Dal 3 áthelyezése',
  ]);
  // Reachable by the keyboard, and telling how to move a track, as the library's handles do.
  expect(handles[0]).toHaveAttribute('tabindex', '0');
  expect(handles[0]).toHaveAccessibleDescription(/szóköz/i);
  expect(list.querySelector('[data-rfd-drag-handle-draggable-id]')).toBeNull();
});

it('fetches the drag and drop when the keyboard comes into the list, and keeps the focus where it was', async () => {
  const list = show();
  const handle = within(list).getByRole('button', { name: 'Dal 2 áthelyezése' });
  handle.focus();
  fireEvent.focus(handle);
  // The first import compiles the library: slow on a busy machine.
  await waitFor(() => expect(list.querySelector('[data-rfd-drag-handle-draggable-id="2"]')).not.toBeNull(), {
    timeout: 10_000,
  });
  expect(list.querySelector('[data-rfd-drag-handle-draggable-id="2"]')).toHaveFocus();
}, 20_000);

it('follows a mouse press until it is released, and lets go when the drag takes over', () => {
  const press = pendingMouseDrag(4, { clientX: 10, clientY: 20 });
  fireEvent.mouseMove(window, { clientX: 12, clientY: 60 });
  expect(press.at).toEqual({ x: 12, y: 60 });
  expect(press.origin).toEqual({ x: 10, y: 20 });
  fireEvent.mouseUp(window);
  expect(press.released).toBe(true);
  fireEvent.mouseMove(window, { clientX: 50, clientY: 90 });
  expect(press.at).toEqual({ x: 12, y: 60 });

  const taken = pendingMouseDrag(5, { clientX: 0, clientY: 0 });
  taken.release();
  fireEvent.mouseMove(window, { clientX: 5, clientY: 5 });
  fireEvent.mouseUp(window);
  expect(taken.at).toEqual({ x: 0, y: 0 });
  expect(taken.released).toBe(false);
});
