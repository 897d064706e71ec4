import { createNextRequester, NEXT_RETRY_MS } from '@/lib/player/next-retry';

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup(answers: ('fail' | 'ok')[], shouldRetry = () => true) {
  const states: boolean[] = [];
  const call = jest.fn((_key: string) =>
    answers.shift() === 'ok' ? Promise.resolve('player') : Promise.reject(new TypeError('Failed to fetch')),
  );
  const next = createNextRequester({ call, shouldRetry, onUnreachable: (u) => states.push(u) });
  return { call, states, next };
}

it('asks once and says nothing when the server answers', async () => {
  const { call, states, next } = setup(['ok']);
  next.request();
  await flush();
  expect(call).toHaveBeenCalledTimes(1);
  expect(states).toEqual([]);
  jest.advanceTimersByTime(NEXT_RETRY_MS * 3);
  expect(call).toHaveBeenCalledTimes(1);
});

it('says the server is unreachable, asks again every 5 s, and clears the notice once it answers', async () => {
  const { call, states, next } = setup(['fail', 'fail', 'fail', 'ok']);
  next.request();
  await flush();
  expect(states).toEqual([true]);
  expect(call).toHaveBeenCalledTimes(1);

  jest.advanceTimersByTime(NEXT_RETRY_MS - 1);
  expect(call).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(1);
  expect(call).toHaveBeenCalledTimes(2);
  await flush();
  jest.advanceTimersByTime(NEXT_RETRY_MS);
  expect(call).toHaveBeenCalledTimes(3);
  await flush();
  // Still away: the notice stays, no flicker.
  expect(states).toEqual([true]);
  jest.advanceTimersByTime(NEXT_RETRY_MS);
  expect(call).toHaveBeenCalledTimes(4);
  await flush();
  expect(states).toEqual([true, false]);
  // Answered: no more asking.
  jest.advanceTimersByTime(NEXT_RETRY_MS * 3);
  expect(call).toHaveBeenCalledTimes(4);
});

it('stops asking (and clears the notice) when this device no longer sounds a playing player', async () => {
  let sounding = true;
  const { call, states, next } = setup(['fail', 'fail', 'fail'], () => sounding);
  next.request();
  await flush();
  sounding = false;
  jest.advanceTimersByTime(NEXT_RETRY_MS);
  await flush();
  expect(call).toHaveBeenCalledTimes(1);
  expect(states).toEqual([true, false]);
});

it('a new request (a media key) replaces the pending retry rather than adding one', async () => {
  const { call, next } = setup(['fail', 'fail', 'ok', 'ok']);
  next.request();
  await flush();
  jest.advanceTimersByTime(NEXT_RETRY_MS / 2);
  next.request();
  await flush();
  jest.advanceTimersByTime(NEXT_RETRY_MS);
  await flush();
  // First call, the manual one, one retry after it; the first retry timer was replaced.
  expect(call).toHaveBeenCalledTimes(3);
});

it('does nothing after dispose', async () => {
  const { call, states, next } = setup(['fail', 'ok']);
  next.request();
  next.dispose();
  await flush();
  jest.advanceTimersByTime(NEXT_RETRY_MS * 2);
  expect(call).toHaveBeenCalledTimes(1);
  expect(states).toEqual([]);
});

it('every try of one track end carries the same idempotency key; the next track end another', async () => {
  const { call, next } = setup(['fail', 'fail', 'ok', 'ok']);
  next.request();
  await flush();
  jest.advanceTimersByTime(NEXT_RETRY_MS);
  await flush();
  jest.advanceTimersByTime(NEXT_RETRY_MS);
  await flush();
  expect(call).toHaveBeenCalledTimes(3);
  const keys = call.mock.calls.map(([key]) => key);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  next.request();
  await flush();
  expect(call.mock.calls[3]![0]).not.toBe(keys[0]);
});
