import { IDLE_PREFETCH_EVERY_MS, prefetchWhenIdle } from '@/components/ui/IntentLink';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('prefetches each destination once, one at a time, only after the page has been idle a while', async () => {
  const seen: string[] = [];
  const prefetch = (href: string) => seen.push(href);
  prefetchWhenIdle(prefetch, '/playlists');
  prefetchWhenIdle(prefetch, '/mixer/scheduler');
  prefetchWhenIdle(prefetch, '/playlists');
  expect(seen).toEqual([]);
  await wait(200);
  expect(seen).toEqual([]);
  await wait(600);
  expect(seen).toEqual(['/playlists', '/mixer/scheduler']);
  // Asked again later (another page's sidebar): not fetched twice.
  prefetchWhenIdle(prefetch, '/playlists');
  prefetchWhenIdle(prefetch, '/tutorial');
  await wait(800);
  expect(seen).toEqual(['/playlists', '/mixer/scheduler', '/tutorial']);

  // Once Next has let the prefetch go stale, a page that links the destination prefetches it again.
  const now = Date.now();
  const clock = jest.spyOn(Date, 'now').mockReturnValue(now + IDLE_PREFETCH_EVERY_MS + 1);
  try {
    prefetchWhenIdle(prefetch, '/playlists');
    await wait(800);
    expect(seen).toEqual(['/playlists', '/mixer/scheduler', '/tutorial', '/playlists']);
  } finally {
    clock.mockRestore();
  }
});
