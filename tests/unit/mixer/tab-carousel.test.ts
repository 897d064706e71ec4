import { CAROUSEL_OFF, startTabCarousel, TAB_AUTOPLAY_MS } from '@/components/mixer/tab-carousel';

/** A 300 px wide row of five 100 px tabs; jsdom has no layout, so the sizes are given. */
function row() {
  const viewport = document.createElement('div');
  const list = document.createElement('ul');
  viewport.append(list);
  for (let i = 0; i < 5; i++) {
    const item = document.createElement('li');
    Object.defineProperty(item, 'offsetLeft', { value: 10 + i * 100 });
    list.append(item);
  }
  Object.defineProperty(viewport, 'clientWidth', { value: 300 });
  Object.defineProperty(viewport, 'scrollWidth', { value: 500 });
  const positions: number[] = [];
  viewport.scrollTo = ((options: ScrollToOptions) => {
    viewport.scrollLeft = options.left ?? 0;
    positions.push(viewport.scrollLeft);
  }) as typeof viewport.scrollTo;
  document.body.append(viewport);
  return { viewport, positions };
}

function media(matching: string[]) {
  window.matchMedia = ((query: string) => ({
    matches: matching.includes(query),
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

it('starts at the current tab, turns one tab every 1500 ms, and starts again after the last', () => {
  media([]);
  const { viewport, positions } = row();
  const stop = startTabCarousel(viewport, 1, { taken: false });
  expect(viewport.scrollLeft).toBe(100);
  jest.advanceTimersByTime(TAB_AUTOPLAY_MS - 1);
  expect(positions).toEqual([]);
  jest.advanceTimersByTime(1);
  // 200 is as far as the row goes (500 - 300): then back to the first tab.
  jest.advanceTimersByTime(2 * TAB_AUTOPLAY_MS);
  expect(positions).toEqual([200, 0, 100]);
  stop();
});

it('stops for good at the first touch (or focus) in the row', () => {
  media([]);
  const { viewport, positions } = row();
  const hold = { taken: false };
  startTabCarousel(viewport, 0, hold);
  jest.advanceTimersByTime(TAB_AUTOPLAY_MS);
  expect(positions).toEqual([100]);
  viewport.dispatchEvent(new Event('touchstart'));
  jest.advanceTimersByTime(5 * TAB_AUTOPLAY_MS);
  expect(positions).toEqual([100]);
  expect(hold.taken).toBe(true);

  // The next mixer page's row, with the same hold: it shows its current tab and stays there.
  const next = row();
  startTabCarousel(next.viewport, 2, hold);
  expect(next.viewport.scrollLeft).toBe(200);
  jest.advanceTimersByTime(5 * TAB_AUTOPLAY_MS);
  expect(next.positions).toEqual([]);

  const other = row();
  startTabCarousel(other.viewport, 0, { taken: false });
  other.viewport.dispatchEvent(new FocusEvent('focusin'));
  jest.advanceTimersByTime(5 * TAB_AUTOPLAY_MS);
  expect(other.positions).toEqual([]);
});

it('a page left before any touch does not count as a take-over: the next page turns again', () => {
  media([]);
  const hold = { taken: false };
  const first = row();
  const stop = startTabCarousel(first.viewport, 0, hold);
  stop();
  expect(hold.taken).toBe(false);
  const second = row();
  startTabCarousel(second.viewport, 0, hold);
  jest.advanceTimersByTime(TAB_AUTOPLAY_MS);
  expect(second.positions).toEqual([100]);
});

it('does not turn in a wide window, nor for someone who asked for reduced motion', () => {
  media([CAROUSEL_OFF]);
  const wide = row();
  startTabCarousel(wide.viewport, 3, { taken: false });
  jest.advanceTimersByTime(5 * TAB_AUTOPLAY_MS);
  expect(wide.viewport.scrollLeft).toBe(0);
  expect(wide.positions).toEqual([]);

  media(['(prefers-reduced-motion: reduce)']);
  const calm = row();
  startTabCarousel(calm.viewport, 2, { taken: false });
  expect(calm.viewport.scrollLeft).toBe(200);
  jest.advanceTimersByTime(5 * TAB_AUTOPLAY_MS);
  expect(calm.positions).toEqual([]);
});
