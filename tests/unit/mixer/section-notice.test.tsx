import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ScreensView } from '@/components/mixer/ScreensView';
import { SlideshowsView } from '@/components/mixer/SlideshowsView';
import { installFakeFetch } from '../fake-fetch';

/** A fresh SWR cache per test, so no list leaks from one test into the next. */
function fresh({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

it('a list the server could not read: the browser tries once, then a Hungarian notice with a retry takes its place', async () => {
  let failing = true;
  const { calls } = installFakeFetch(() =>
    failing
      ? { status: 500, body: { message: 'Hiba' } }
      : { body: [{ id: 1, name: 'Heti akciók', images_count: 3, created_at: '' }] },
  );
  render(<SlideshowsView initial={null} />, { wrapper: fresh });
  expect(screen.getByRole('heading', { level: 1, name: 'Slideshowk' })).toBeInTheDocument();
  expect(await screen.findByRole('alert')).toHaveTextContent('A slideshowk betöltése nem sikerült.');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  // The page's own button still works without the list.
  expect(screen.getByRole('button', { name: 'Új slideshow' })).toBeEnabled();
  expect(calls.map((c) => c.url)).toEqual(['/api/slideshows']);

  failing = false;
  fireEvent.click(screen.getByRole('button', { name: 'Újrapróbálás' }));
  expect(await screen.findByRole('rowheader', { name: 'Heti akciók' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('a list the server read is shown as is, without a call; an empty one says so', async () => {
  const { calls } = installFakeFetch(() => ({ body: [] }));
  const { unmount } = render(
    <ScreensView
      initial={[
        {
          id: 2,
          name: 'Pénztár',
          description: null,
          hash_id: 'AbCdEfGhIjKl1234',
          slideshow_id: null,
          slideshow: null,
          created_at: '',
        },
      ]}
      slideshows={[]}
      origin="https://bolt.example.com"
    />,
    { wrapper: fresh },
  );
  expect(screen.getByRole('rowheader', { name: 'Pénztár' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'https://bolt.example.com/screen/AbCdEfGhIjKl1234' })).toHaveAttribute(
    'href',
    '/screen/AbCdEfGhIjKl1234',
  );
  expect(screen.getByText('AbCdEfGhIjKl1234')).toBeInTheDocument();
  unmount();
  render(<ScreensView initial={[]} slideshows={[]} origin="https://bolt.example.com" />, { wrapper: fresh });
  expect(screen.getByText('Még nincs képernyő.')).toBeInTheDocument();
  await waitFor(() => expect(calls).toHaveLength(0));
});
