import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { DEFAULT_SORT, useStoredSort, type SortKey, type SortPage } from '@/lib/ui/sort';

function Probe({ page, next }: { page: SortPage; next?: SortKey }) {
  const [sort, setSort] = useStoredSort(page);
  return (
    <button type="button" onClick={() => next && setSort(next)}>
      sort:{sort}
    </button>
  );
}

beforeEach(() => window.localStorage.clear());

it('starts with name A–Z when nothing is stored', () => {
  render(<Probe page="channelsIndex" />);
  expect(screen.getByRole('button')).toHaveTextContent(`sort:${DEFAULT_SORT}`);
  expect(DEFAULT_SORT).toBe(1);
});

it('stores the choice under the page key and reads it back after a reload', () => {
  const first = render(<Probe page="channelsIndex" next={4} />);
  act(() => screen.getByRole('button').click());
  expect(screen.getByRole('button')).toHaveTextContent('sort:4');
  expect(window.localStorage.getItem('channelsIndex')).toBe('4');
  expect(window.localStorage.getItem('playlistIndex')).toBeNull();
  first.unmount();

  render(<Probe page="channelsIndex" />);
  expect(screen.getByRole('button')).toHaveTextContent('sort:4');
});

it('keeps each page its own choice', () => {
  window.localStorage.setItem('channelsIndex', '2');
  window.localStorage.setItem('playlistIndex', '3');
  render(
    <>
      <Probe page="channelsIndex" />
      <Probe page="playlistIndex" />
    </>,
  );
  const [channels, playlists] = screen.getAllByRole('button');
  expect(channels).toHaveTextContent('sort:2');
  expect(playlists).toHaveTextContent('sort:3');
});

it('ignores a stored value that is not one of the keys', () => {
  window.localStorage.setItem('channelsIndex', '9');
  render(<Probe page="channelsIndex" />);
  expect(screen.getByRole('button')).toHaveTextContent('sort:1');
});

it('renders the default on the server and hydrates to the stored choice without a mismatch', async () => {
  window.localStorage.setItem('channelsIndex', '3');
  const html = renderToString(<Probe page="channelsIndex" />);
  expect(html).toContain('sort:<!-- -->1');

  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const recoverable = jest.fn();
  await act(async () => {
    hydrateRoot(container, <Probe page="channelsIndex" />, { onRecoverableError: recoverable });
  });
  expect(container).toHaveTextContent('sort:3');
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  container.remove();
});
