import { act, render, screen, waitFor } from '@testing-library/react';
import { mutate } from 'swr';
import { AppProviders } from '@/components/layout/AppProviders';
import { noteLocalWrite, SEEDED_AT_KEY } from '@/lib/api/seed-time';
import { SEED_FRESH_MS, noteDocumentSeed, useSeededList } from '@/lib/api/seeded';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh, push: jest.fn(), prefetch: jest.fn() }) }));

const KEY = '/api/test-list';

function List({ initial, fetcher }: { initial: string[]; fetcher: () => Promise<string[]> }) {
  const { list } = useSeededList(KEY, initial, fetcher);
  return <p data-testid="list">{list?.join(',')}</p>;
}

/** A page whose server read its list at `seededAt` (the server's clock). */
function page(seededAt: number, initial: string[], fetcher: () => Promise<string[]>) {
  return render(
    <AppProviders fallback={{ [SEEDED_AT_KEY]: seededAt, [KEY]: initial }}>
      <List initial={initial} fetcher={fetcher} />
    </AppProviders>,
  );
}

beforeAll(() => {
  // The document's own render fixes the offset between the server's clock and this one.
  noteDocumentSeed(Date.now());
});

beforeEach(async () => {
  refresh.mockClear();
  await mutate(() => true, undefined, { revalidate: false });
});

it('writes a seed rendered for this navigation over the cache, without fetching it again', async () => {
  await mutate(KEY, ['older'], { revalidate: false });
  const fetcher = jest.fn(async () => ['fetched']);
  page(Date.now(), ['fresh'], fetcher);
  await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent('fresh'));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(fetcher).not.toHaveBeenCalled();
  expect(screen.getByTestId('list')).toHaveTextContent('fresh');
});

it('never writes a prefetched (older) seed over the cache: the list is fetched again', async () => {
  await mutate(KEY, ['changed since'], { revalidate: false });
  const fetcher = jest.fn(async () => ['now']);
  page(Date.now() - SEED_FRESH_MS - 60_000, ['before the change'], fetcher);
  expect(screen.getByTestId('list')).toHaveTextContent('changed since');
  await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent('now'));
  expect(fetcher).toHaveBeenCalledTimes(1);
});

it('shows a prefetched seed when the cache has nothing, and refreshes it', async () => {
  const fetcher = jest.fn(async () => ['now']);
  page(Date.now() - SEED_FRESH_MS - 60_000, ['prefetched'], fetcher);
  expect(screen.getByTestId('list')).toHaveTextContent('prefetched');
  await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent('now'));
  expect(fetcher).toHaveBeenCalledTimes(1);
});

it('never writes a seed read before a change this browser sent since, however young', async () => {
  const fetcher = jest.fn(async () => ['with the change']);
  const seededAt = Date.now() - 100;
  noteLocalWrite();
  page(seededAt, ['without the change'], fetcher);
  await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent('with the change'));
  expect(fetcher).toHaveBeenCalledTimes(1);
});

it('renders a page read before a change this browser sent since again (what it shows beyond its lists), and a page read after it not', async () => {
  const seededAt = Date.now() - 100;
  noteLocalWrite();
  page(seededAt, ['without the change'], async () => ['with the change']);
  await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
  refresh.mockClear();
  page(Date.now() + 1, ['after the change'], async () => ['after the change']);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(refresh).not.toHaveBeenCalled();
});
