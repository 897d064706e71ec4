import { buildFullOrder, moveItem, sameOrder } from '@/lib/api/playlist-order';

describe('moveItem', () => {
  it('moves an item down', () => {
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
  });

  it('moves an item up', () => {
    expect(moveItem([1, 2, 3, 4], 3, 1)).toEqual([1, 4, 2, 3]);
  });

  it('does not touch the input', () => {
    const items = [1, 2, 3];
    moveItem(items, 0, 2);
    expect(items).toEqual([1, 2, 3]);
  });

  it('leaves the order as it is for out-of-range or equal indexes', () => {
    expect(moveItem([1, 2, 3], 1, 1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], -1, 1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 0, 3)).toEqual([1, 2, 3]);
  });
});

describe('buildFullOrder', () => {
  it('puts the shown order first and the tracks not loaded yet after, in their order', () => {
    // Pages of the first 3 loaded, track 3 moved to the top; 4 and 5 were not on screen.
    expect(buildFullOrder([3, 1, 2], [1, 2, 3, 4, 5])).toEqual([3, 1, 2, 4, 5]);
  });

  it('names every track of the playlist exactly once', () => {
    const order = buildFullOrder([2, 2, 1], [1, 2, 3]);
    expect(order).toEqual([2, 1, 3]);
    expect(new Set(order).size).toBe(3);
  });

  it('drops ids that are no longer on the playlist', () => {
    expect(buildFullOrder([9, 2, 1], [1, 2])).toEqual([2, 1]);
  });

  it('is the shown order itself when everything is loaded', () => {
    expect(buildFullOrder([4, 3, 2, 1], [1, 2, 3, 4])).toEqual([4, 3, 2, 1]);
  });
});

it('sameOrder compares orders, not sets', () => {
  expect(sameOrder([1, 2], [1, 2])).toBe(true);
  expect(sameOrder([1, 2], [2, 1])).toBe(false);
  expect(sameOrder([1], [1, 2])).toBe(false);
});
