import type { PlayerSound } from '@/contracts';
import {
  canSkip,
  currentRemoteSpot,
  currentSpot,
  decideNext,
  emptySpotQueue,
  extendRemoteTimeline,
  FALLBACK_DURATION_S,
  pauseRemoteTimeline,
  pruneRemoteTimeline,
  resumeRemoteTimeline,
  soundingSpot,
  spotQueueReducer,
  type SpotQueueAction,
  type SpotQueueState,
} from '@/lib/player/spot-queue';

const spot = (id: number, duration = 5): PlayerSound => ({
  id,
  type: 'spot',
  url: `http://media.test/spot-${id}.mp3`,
  name: `Spot ${id}`,
  duration,
});
const sound = (id: number, duration = 2): PlayerSound => ({
  id,
  type: 'sound',
  url: `http://media.test/sound-${id}.mp3`,
  duration,
});

function run(actions: SpotQueueAction[], from: SpotQueueState = emptySpotQueue): SpotQueueState {
  return actions.reduce(spotQueueReducer, from);
}

describe('spot queue', () => {
  test('PlaySpots fills the queue in order, appending to what is queued', () => {
    const state = run([
      { type: 'fill', spots: [spot(1), spot(2)] },
      { type: 'fill', spots: [spot(3)] },
    ]);
    expect(state.queue.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(currentSpot(state)?.id).toBe(1);
  });

  test('each finished item is removed and the next one plays; empty means the music resumes', () => {
    let state = run([{ type: 'fill', spots: [spot(1), spot(2)] }]);
    state = spotQueueReducer(state, { type: 'ended', key: currentSpot(state)!.key });
    expect(currentSpot(state)?.id).toBe(2);
    state = spotQueueReducer(state, { type: 'ended', key: currentSpot(state)!.key });
    expect(currentSpot(state)).toBeNull();
    expect(state.queue).toEqual([]);
  });

  test('a repeated spot gets its own key, so one end removes only one of them', () => {
    let state = run([{ type: 'fill', spots: [spot(4), spot(4)] }]);
    const [first, second] = state.queue;
    expect(first!.key).not.toBe(second!.key);
    state = spotQueueReducer(state, { type: 'ended', key: first!.key });
    expect(state.queue).toHaveLength(1);
    // A late second 'ended' for the item already gone changes nothing.
    expect(spotQueueReducer(state, { type: 'ended', key: first!.key })).toBe(state);
  });

  test('a spot that fails to load is skipped', () => {
    let state = run([{ type: 'fill', spots: [spot(1), spot(2)] }]);
    state = spotQueueReducer(state, { type: 'failed', key: currentSpot(state)!.key });
    expect(currentSpot(state)?.id).toBe(2);
  });

  test('PlaySound is queued like a spot of type sound, and plays at once on an empty queue', () => {
    const alone = run([{ type: 'sound', sound: sound(9) }]);
    expect(currentSpot(alone)).toMatchObject({ id: 9, type: 'sound' });
    const behind = run([
      { type: 'fill', spots: [spot(1)] },
      { type: 'sound', sound: sound(9) },
    ]);
    expect(behind.queue.map((s) => [s.type, s.id])).toEqual([
      ['spot', 1],
      ['sound', 9],
    ]);
  });

  test('a current spot cannot be skipped: next is blocked and the queue stays', () => {
    const state = run([
      { type: 'fill', spots: [spot(1)] },
      { type: 'sound', sound: sound(9) },
    ]);
    expect(canSkip(state)).toBe(false);
    expect(decideNext(state)).toBe('blocked');
    expect(spotQueueReducer(state, { type: 'skip' })).toBe(state);
  });

  test('next while a sound plays clears the whole queue and ends the sound', () => {
    const state = run([
      { type: 'sound', sound: sound(9) },
      { type: 'fill', spots: [spot(1), spot(2)] },
    ]);
    expect(canSkip(state)).toBe(true);
    expect(decideNext(state)).toBe('clear-then-next');
    const after = spotQueueReducer(state, { type: 'skip' });
    expect(after.queue).toEqual([]);
    expect(currentSpot(after)).toBeNull();
  });

  test('next with nothing queued is a plain next', () => {
    expect(decideNext(emptySpotQueue)).toBe('next');
    expect(spotQueueReducer(emptySpotQueue, { type: 'skip' })).toBe(emptySpotQueue);
  });

  test('reset empties the queue (this device no longer plays)', () => {
    const state = run([{ type: 'fill', spots: [spot(1)] }, { type: 'reset' }]);
    expect(state.queue).toEqual([]);
  });
});

describe('pause during a spot or a sound', () => {
  test('a paused spot is held, with what waits behind it; play lets it go on', () => {
    const held = run([{ type: 'fill', spots: [spot(1), spot(2)] }, { type: 'pause' }]);
    expect(held.held).toBe(true);
    expect(currentSpot(held)?.id).toBe(1);
    expect(soundingSpot(held)).toBeNull();
    // 'next' still may not drop a paid ad.
    expect(decideNext(held)).toBe('blocked');
    const resumed = spotQueueReducer(held, { type: 'resume' });
    expect(resumed.held).toBe(false);
    expect(soundingSpot(resumed)?.id).toBe(1);
    expect(resumed.queue.map((s) => s.id)).toEqual([1, 2]);
  });

  test('a paused sound is dropped; a spot behind it waits for the next play', () => {
    const onlySound = run([{ type: 'sound', sound: sound(7) }, { type: 'pause' }]);
    expect(onlySound.queue).toEqual([]);
    expect(onlySound.held).toBe(false);
    const withSpot = run([{ type: 'sound', sound: sound(7) }, { type: 'fill', spots: [spot(1)] }, { type: 'pause' }]);
    expect(withSpot.queue.map((s) => s.id)).toEqual([1]);
    expect(withSpot.held).toBe(true);
    expect(soundingSpot(withSpot)).toBeNull();
  });

  test('a spot that arrives while held plays, the held one first', () => {
    const state = run([{ type: 'fill', spots: [spot(1)] }, { type: 'pause' }, { type: 'fill', spots: [spot(2)] }]);
    expect(state.held).toBe(false);
    expect(state.queue.map((s) => s.id)).toEqual([1, 2]);
  });

  test('pause with nothing queued, or a second pause, changes nothing; reset ends the hold', () => {
    expect(spotQueueReducer(emptySpotQueue, { type: 'pause' })).toBe(emptySpotQueue);
    expect(spotQueueReducer(emptySpotQueue, { type: 'resume' })).toBe(emptySpotQueue);
    const held = run([{ type: 'fill', spots: [spot(1)] }, { type: 'pause' }]);
    expect(spotQueueReducer(held, { type: 'pause' })).toBe(held);
    expect(spotQueueReducer(held, { type: 'reset' })).toEqual({ ...held, queue: [], held: false });
  });

  test('the held head failing leaves the next one held; the last one gone ends the hold', () => {
    const held = run([{ type: 'fill', spots: [spot(1), spot(2)] }, { type: 'pause' }]);
    const next = spotQueueReducer(held, { type: 'failed', key: currentSpot(held)!.key });
    expect(next.held).toBe(true);
    const none = spotQueueReducer(next, { type: 'failed', key: currentSpot(next)!.key });
    expect(none).toMatchObject({ queue: [], held: false });
  });
});

describe('remote estimate', () => {
  test('items follow each other from now, and clear when their estimated time has passed', () => {
    const now = 1_000_000;
    const timeline = extendRemoteTimeline([], [spot(1, 4), sound(2, 1.5)], now);
    expect(currentRemoteSpot(timeline, now)?.id).toBe(1);
    expect(currentRemoteSpot(timeline, now + 4_100)?.id).toBe(2);
    expect(currentRemoteSpot(timeline, now + 5_600)).toBeNull();
  });

  test('a later event queues behind what is still estimated to play', () => {
    const now = 2_000_000;
    const first = extendRemoteTimeline([], [spot(1, 10)], now);
    const later = extendRemoteTimeline(first, [sound(5, 2)], now + 3_000);
    expect(later.at(-1)).toMatchObject({ id: 5, startsAt: now + 10_000, endsAt: now + 12_000 });
  });

  test('without a duration the fallback for the type is used', () => {
    const now = 0;
    const [entry] = extendRemoteTimeline([], [{ id: 1, type: 'spot', url: 'x' }], now);
    expect(entry!.endsAt).toBe(FALLBACK_DURATION_S.spot * 1000);
  });
});

describe('remote estimate across a pause', () => {
  test('pause holds what is left of the spot (a sounding sound is dropped); play goes on from then', () => {
    const now = 5_000_000;
    const timeline = extendRemoteTimeline([], [spot(1, 10), spot(2, 4)], now);
    const held = pauseRemoteTimeline(timeline, now + 3_000);
    expect(currentRemoteSpot(held, now + 3_000)).toBeNull();
    expect(held.map((e) => [e.id, e.heldMs])).toEqual([
      [1, 7_000],
      [2, 4_000],
    ]);
    // Long after, it is still held.
    expect(pruneRemoteTimeline(held, now + 60_000)).toHaveLength(2);
    const later = now + 60_000;
    const resumed = resumeRemoteTimeline(held, later);
    expect(currentRemoteSpot(resumed, later)?.id).toBe(1);
    expect(resumed[0]).toEqual({ type: 'spot', id: 1, name: 'Spot 1', startsAt: later, endsAt: later + 7_000 });
    expect(resumed[1]).toMatchObject({ id: 2, startsAt: later + 7_000, endsAt: later + 11_000 });

    const withSound = extendRemoteTimeline([], [sound(3, 5), spot(4, 6)], now);
    expect(pauseRemoteTimeline(withSound, now + 1_000).map((e) => [e.id, e.heldMs])).toEqual([[4, 6_000]]);
  });

  test('an arrival while held plays, after what was held', () => {
    const now = 7_000_000;
    const held = pauseRemoteTimeline(extendRemoteTimeline([], [spot(1, 10)], now), now + 2_000);
    const later = now + 30_000;
    const after = extendRemoteTimeline(held, [spot(2, 5)], later);
    expect(after.map((e) => [e.id, e.startsAt, e.endsAt])).toEqual([
      [1, later, later + 8_000],
      [2, later + 8_000, later + 13_000],
    ]);
  });
});
