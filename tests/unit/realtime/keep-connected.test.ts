import type { ConnectionStatus } from '@/lib/realtime/atoms';
import type { PusherState, RealtimeConnection, StateChange } from '@/lib/realtime/echo';
import { keepConnected, reconnectRealtimeNow } from '@/lib/realtime/keep-connected';

/** A connection as pusher-js drives it: a fresh connect says 'disconnected', then 'connecting'. */
function fakeConnection() {
  let state: PusherState = 'connecting';
  const listeners = new Set<(change: StateChange) => void>();
  const set = (next: PusherState) => {
    const previous = state;
    state = next;
    for (const listener of listeners) listener({ previous, current: next });
  };
  const connection = {
    echo: {} as RealtimeConnection['echo'],
    state: () => state,
    onStateChange(listener: (change: StateChange) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onUnauthorized: () => () => {},
    reconnectNow: jest.fn(() => {
      if (state === 'connected') return;
      set('disconnected');
      set('connecting');
    }),
    restart: jest.fn(() => {
      set('disconnected');
      set('connecting');
    }),
    disconnect: jest.fn(),
  };
  return { connection, set };
}

const fake = fakeConnection();

jest.mock('@/lib/realtime/api', () => ({
  resolveRealtimeConfig: async () => ({ key: 'k' }),
  checkLogin: async () => 'live',
}));
jest.mock('@/lib/realtime/echo', () => ({ connectRealtime: async () => fake.connection }));
jest.mock('@/lib/realtime/wake', () => ({
  whenIdle: (run: () => void) => {
    run();
    return () => {};
  },
  watchWake: () => () => {},
}));

describe('reconnectRealtimeNow (the API answers again after an outage)', () => {
  afterEach(() => jest.useRealTimers());

  it('drops the attempt under way and connects anew at once; the player is read again once connected', async () => {
    jest.useFakeTimers();
    const statuses: ConnectionStatus[] = [];
    const missed = jest.fn(async () => {});
    const stop = keepConnected({
      setStatus: (status) => statuses.push(status),
      events: { missed, loginEnded: async () => {} },
      onConnection: () => {},
    });
    await jest.advanceTimersByTimeAsync(0);
    fake.set('connected');
    expect(statuses.at(-1)).toBe('connected');

    // The API goes away: pusher-js tries again, and that attempt hangs on the dead server.
    fake.set('connecting');
    expect(statuses.at(-1)).toBe('offline');

    reconnectRealtimeNow();
    expect(fake.connection.reconnectNow).toHaveBeenCalledTimes(1);
    // The keeper's own drop is no failure: no second restart is planned for later.
    await jest.advanceTimersByTimeAsync(10_000);
    expect(fake.connection.restart).not.toHaveBeenCalled();
    expect(statuses).not.toContain('polling');

    fake.set('connected');
    expect(missed).toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe('connected');

    // Connected: nothing to do.
    reconnectRealtimeNow();
    expect(fake.connection.reconnectNow).toHaveBeenCalledTimes(1);

    // After the stop, nothing is kept any more.
    stop();
    fake.set('connecting');
    reconnectRealtimeNow();
    expect(fake.connection.reconnectNow).toHaveBeenCalledTimes(1);
  });
});
