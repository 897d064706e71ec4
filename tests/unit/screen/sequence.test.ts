import {
  advance,
  currentSlide,
  emptyProgram,
  queueOnce,
  replaceBase,
  slideMillis,
  upcomingSlide,
  type Slide,
} from '@/lib/screen/sequence';

const slide = (id: number, seconds = 5): Slide => ({ id, url: `https://api.test/media/${id}.jpg?sig=a`, seconds });
const ids = (program: ReturnType<typeof emptyProgram>, steps: number) => {
  const seen: number[] = [];
  let p = program;
  for (let i = 0; i < steps; i++) {
    seen.push(currentSlide(p)?.id ?? -1);
    p = advance(p);
  }
  return seen;
};

describe('screen sequence', () => {
  it('loops the default slideshow', () => {
    const p = replaceBase(emptyProgram(), [slide(1), slide(2), slide(3)]);
    expect(ids(p, 7)).toEqual([1, 2, 3, 1, 2, 3, 1]);
  });

  it('shows nothing without slides, and skips images without a URL', () => {
    expect(currentSlide(emptyProgram())).toBeNull();
    const p = replaceBase(emptyProgram(), [{ id: 9, url: '', seconds: 5 }, slide(2)]);
    expect(ids(p, 3)).toEqual([2, 2, 2]);
  });

  it('plays sent slideshows one pass each, in order, at once, then returns to the default from its start', () => {
    let p = replaceBase(emptyProgram(), [slide(1), slide(2), slide(3)]);
    p = advance(p); // on slide 2 of the default
    p = queueOnce(p, [[slide(10), slide(11)], [slide(20)]]);
    expect(ids(p, 6)).toEqual([10, 11, 20, 1, 2, 3]);
  });

  it('queues a show that arrives during another one behind it', () => {
    let p = replaceBase(emptyProgram(), [slide(1)]);
    p = queueOnce(p, [[slide(10), slide(11)]]);
    p = advance(p); // on 11
    p = queueOnce(p, [[slide(20)]]);
    expect(ids(p, 4)).toEqual([11, 20, 1, 1]);
  });

  it('ignores empty shows', () => {
    const p = replaceBase(emptyProgram(), [slide(1), slide(2)]);
    expect(queueOnce(p, [[], [{ id: 5, url: '', seconds: 3 }]])).toBe(p);
  });

  it('a refreshed default with the same slides keeps its place and takes the new links', () => {
    let p = replaceBase(emptyProgram(), [slide(1), slide(2), slide(3)]);
    p = advance(p);
    const fresh = [1, 2, 3].map((id) => ({ ...slide(id), url: `https://api.test/media/${id}.jpg?sig=b` }));
    const q = replaceBase(p, fresh);
    expect(currentSlide(q)).toEqual(fresh[1]);
    expect(q.step).toBe(p.step);
  });

  it('a new default slideshow starts from its first slide, with a new step for the cross-fade', () => {
    let p = replaceBase(emptyProgram(), [slide(1), slide(2)]);
    p = advance(p);
    const q = replaceBase(p, [slide(7), slide(8)]);
    expect(currentSlide(q)?.id).toBe(7);
    expect(q.step).toBeGreaterThan(p.step);
  });

  it('a new default during a sent show waits until the show is over', () => {
    let p = replaceBase(emptyProgram(), [slide(1)]);
    p = queueOnce(p, [[slide(10), slide(11)]]);
    p = replaceBase(p, [slide(7)]);
    expect(ids(p, 3)).toEqual([10, 11, 7]);
  });

  it('names the slide to preload', () => {
    const p = replaceBase(emptyProgram(), [slide(1), slide(2)]);
    expect(upcomingSlide(p)?.id).toBe(2);
    expect(upcomingSlide(advance(p))?.id).toBe(1);
  });

  it('every slide stays at least a second', () => {
    expect(slideMillis(slide(1, 0))).toBe(1000);
    expect(slideMillis(slide(1, Number.NaN))).toBe(1000);
    expect(slideMillis(slide(1, 12))).toBe(12_000);
  });

  it('counts a step per change of slide, so a loop of one slide does not flicker', () => {
    const one = replaceBase(emptyProgram(), [slide(1)]);
    expect(advance(one).step).toBe(one.step);
    const two = replaceBase(emptyProgram(), [slide(1), slide(2)]);
    expect(advance(two).step).toBe(two.step + 1);
  });
});
