import type { PlayerSound } from '@/contracts';
import {
  canSkip,
  currentRemoteSpot,
  currentSpot,
  decideNext,
  emptySpotQueue,
  extendRemoteTimeline,
  FALLBACK_DURATION_S,
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
