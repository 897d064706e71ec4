import { fireEvent, render, screen } from '@testing-library/react';
import { MixerTabs, TAB_AUTOPLAY_MS } from '@/components/mixer/MixerTabs';

/**
 * jsdom lays nothing out, so embla cannot measure the row here: its hook is replaced by a stand-in API
 * (every tab a page of its own) recording what the row asks of it and of the autoplay plugin. The
 * plugin's own turning (every TAB_AUTOPLAY_MS, back to the first after the last) is embla's.
 */
const calls: string[] = [];
let root: HTMLElement;
let emblaOptions: { breakpoints?: Record<string, { active: boolean }> } = {};
let autoplayOptions: { delay?: number } = {};
const api = {
  internalEngine: () => ({ slideRegistry: [[0], [1], [2], [3], [4, 5]] }),
  scrollSnapList: () => [0, 0.25, 0.5, 0.75, 1],
  scrollTo: (index: number, jump: boolean) => calls.push(`to ${index}${jump ? ' at once' : ''}`),
  scrollNext: () => calls.push('next'),
  scrollPrev: () => calls.push('prev'),
  // Off (a wide window), embla has no plugins at all.
  plugins: () =>
    active ? { autoplay: { play: () => calls.push('play'), stop: () => calls.push('stop') } } : undefined,
  rootNode: () => root,
  on: () => api,
  off: () => api,
};
jest.mock('embla-carousel-react', () => ({
  __esModule: true,
  default: (options: typeof emblaOptions) => {
    emblaOptions = options;
    return [(node: HTMLElement | null) => node && (root = node), api];
  },
}));
jest.mock('embla-carousel-autoplay', () => ({
  __esModule: true,
  default: (options: typeof autoplayOptions) => {
    autoplayOptions = options;
    return { name: 'autoplay' };
  },
}));
let active = true;
let pathname = '/mixer/spots';
jest.mock('next/navigation', () => ({
  usePathname: () => pathname,
  useRouter: () => ({ prefetch: () => undefined, push: () => undefined }),
}));

function media(reduced: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduced && query === '(prefers-reduced-motion: reduce)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  calls.length = 0;
});

it('is a carousel on phones only, turning every 1500 ms', () => {
  media(false);
  render(<MixerTabs musicPlan />);
  expect(emblaOptions.breakpoints).toEqual({ '(min-width: 720px)': { active: false } });
  expect(autoplayOptions.delay).toBe(TAB_AUTOPLAY_MS);
  expect(TAB_AUTOPLAY_MS).toBe(1500);
});

it('does not turn for someone who asked for reduced motion; it still starts at the current tab', () => {
  media(true);
  pathname = '/mixer/screens';
  render(<MixerTabs musicPlan />);
  expect(screen.getByRole('link', { name: 'Képernyők' })).toHaveAttribute('aria-current', 'page');
  expect(calls).toEqual(['to 3 at once']);
});

it('starts at the current tab and turns until the first touch, focus, key or wheel; then no row turns again', () => {
  media(false);
  pathname = '/mixer/spots';
  const { unmount } = render(<MixerTabs musicPlan />);
  expect(calls).toEqual(['to 1 at once', 'play']);
  fireEvent.focusIn(screen.getByRole('link', { name: 'Szpotok' }));
  expect(calls.at(-1)).toBe('stop');
  unmount();

  // The next mixer page's row shows its current tab and stays there.
  calls.length = 0;
  pathname = '/mixer/soundboard';
  render(<MixerTabs musicPlan />);
  expect(calls).toEqual(['to 4 at once']);
});

it('in a wide window, where embla is off and has no plugins, it only shows the row', () => {
  media(false);
  active = false;
  pathname = '/mixer/spots';
  render(<MixerTabs musicPlan />);
  expect(screen.getByRole('link', { name: 'Szpotok' })).toHaveAttribute('aria-current', 'page');
  expect(calls).not.toContain('play');
  fireEvent.focusIn(screen.getByRole('link', { name: 'Szpotok' }));
  active = true;
});
