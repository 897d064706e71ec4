import { prefetchWhenIdle } from '@/components/ui/IntentLink';

it('prefetches each destination once, one at a time, only after the page has been idle a while', async () => {
  const seen: string[] = [];
  const prefetch = (href: string) => seen.push(href);
  prefetchWhenIdle(prefetch, '/playlists');
  prefetchWhenIdle(prefetch, '/mixer/scheduler');
  prefetchWhenIdle(prefetch, '/playlists');
  expect(seen).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(seen).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(seen).toEqual(['/playlists', '/mixer/scheduler']);
  // Asked again later (another page's sidebar): not fetched twice.
  prefetchWhenIdle(prefetch, '/playlists');
  prefetchWhenIdle(prefetch, '/tutorial');
  await new Promise((resolve) => setTimeout(resolve, 800));
  expect(seen).toEqual(['/playlists', '/mixer/scheduler', '/tutorial']);
});
