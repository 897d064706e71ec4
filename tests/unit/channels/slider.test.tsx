import { act, fireEvent, render, screen } from '@testing-library/react';
import { Slider } from '@/components/channels/Slider';

/**
 * jsdom lays nothing out, so embla itself cannot measure a row here: its hook is replaced by a stand-in
 * API with three pages, recording what the slider asks of it and of the autoplay plugin.
 */
const calls: string[] = [];
let selected = 0;
const pages = 3;
const api = {
  scrollSnapList: () => Array.from({ length: pages }, (_, i) => i),
  canScrollPrev: () => selected > 0,
  canScrollNext: () => selected < pages - 1,
  scrollPrev: () => calls.push(`prev`) && (selected -= 1),
  scrollNext: () => calls.push(`next`) && (selected += 1),
  scrollTo: (index: number) => calls.push(`to ${index}`) && (selected = index),
  plugins: () => ({ autoplay: { play: () => calls.push('play'), stop: () => calls.push('stop') } }),
  rootNode: () => document.createElement('div'),
  slideNodes: () => [],
  on: () => api,
  off: () => api,
};
jest.mock('embla-carousel-react', () => ({ __esModule: true, default: () => [() => undefined, api] }));

// jsdom has no PointerEvent: a mouse event that says which pointer it is.
class PointerEventStandIn extends MouseEvent {
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
window.PointerEvent ??= PointerEventStandIn as unknown as typeof PointerEvent;

function media(reduced: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduced && query === '(prefers-reduced-motion: reduce)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

function Featured() {
  return (
    <Slider title="Legújabb csatornáink" headingLevel={2} factor={1} loop autoplay>
      {['A', 'B', 'C', 'D'].map((name) => (
        <a key={name} href={`#${name}`}>
          {name}
        </a>
      ))}
    </Slider>
  );
}

const last = () => calls.filter((call) => call === 'play' || call === 'stop').at(-1);

beforeEach(() => {
  calls.length = 0;
  selected = 0;
});

it('turns by itself, holds while the pointer is over it or focus is inside, and its button stops it for good', () => {
  media(false);
  render(<Featured />);
  const carousel = screen.getByRole('region', { name: 'Legújabb csatornáink' });
  expect(last()).toBe('play');

  fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
  expect(last()).toBe('stop');
  fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
  expect(last()).toBe('play');

  act(() => screen.getByRole('link', { name: 'B' }).focus());
  expect(last()).toBe('stop');
  act(() => screen.getByRole('link', { name: 'B' }).blur());
  expect(last()).toBe('play');

  fireEvent.click(screen.getByRole('button', { name: 'Forgatás megállítása' }));
  expect(last()).toBe('stop');
  const start = screen.getByRole('button', { name: 'Forgatás indítása' });
  // Nothing the reader does afterwards starts it again, only the button.
  fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
  fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
  expect(last()).toBe('stop');
  fireEvent.click(start);
  // Focus on the button itself does not hold it: it turns as soon as it is started.
  expect(last()).toBe('play');
  expect(screen.getByRole('button', { name: 'Forgatás megállítása' })).toBeInTheDocument();
});

it('under reduced motion it does not turn until the reader starts it', () => {
  media(true);
  render(<Featured />);
  expect(calls).not.toContain('play');
  fireEvent.click(screen.getByRole('button', { name: 'Forgatás indítása' }));
  expect(last()).toBe('play');
});

it('the buttons page; a looping slider goes round at both ends', () => {
  media(true);
  render(<Featured />);
  const previous = screen.getByRole('button', { name: 'Előző csatornák' });
  const next = screen.getByRole('button', { name: 'Következő csatornák' });
  expect(previous).toBeEnabled();
  fireEvent.click(previous);
  expect(calls.at(-1)).toBe('to 2');
  fireEvent.click(next);
  expect(calls.at(-1)).toBe('to 0');
  fireEvent.click(next);
  expect(calls.at(-1)).toBe('next');
  // The arrow keys inside the row page too.
  fireEvent.keyDown(screen.getByRole('link', { name: 'A' }), { key: 'ArrowLeft' });
  expect(calls.at(-1)).toBe('prev');
});

it('a slider that does not loop has no turn button and stops at its ends', () => {
  media(false);
  render(
    <Slider title="Pop" headingLevel={3} factor={2}>
      {['A', 'B'].map((name) => (
        <a key={name} href={`#${name}`}>
          {name}
        </a>
      ))}
    </Slider>,
  );
  expect(screen.queryByRole('button', { name: /Forgatás/ })).toBeNull();
  expect(screen.getByRole('button', { name: 'Előző csatornák' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Következő csatornák' })).toBeEnabled();
  expect(calls).not.toContain('play');
});
