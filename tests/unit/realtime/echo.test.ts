import { connectRealtime } from '@/lib/realtime/echo';

/*
 * pusher-js stands in here as the few calls the connection uses: what matters is which of them
 * `reconnectNow` makes in each state.
 */
const pusher = {
  connection: {
    state: 'connecting',
    socket_id: undefined as string | undefined,
    bind: jest.fn(),
    unbind: jest.fn(),
  },
  connect: jest.fn(),
  disconnect: jest.fn(),
};

jest.mock('laravel-echo', () => ({
  __esModule: true,
  default: class {
    connector = { pusher };
    disconnect() {}
  },
}));
jest.mock('@/lib/realtime/pusher-ws/pusher', () => ({ __esModule: true, default: class {} }));

const config = { key: 'k', cluster: 'mt1', wsHost: 'localhost', wsPort: 6001, wssPort: 6001, forceTLS: false };

beforeEach(() => {
  pusher.connect.mockClear();
  pusher.disconnect.mockClear();
});

describe('reconnectNow', () => {
  it("starts a fresh connect even while pusher-js is 'connecting' (its attempt may hang on a server that is gone)", async () => {
    const connection = await connectRealtime(config);
    pusher.connection.state = 'connecting';
    connection.reconnectNow();
    expect(pusher.disconnect).toHaveBeenCalledTimes(1);
    expect(pusher.connect).toHaveBeenCalledTimes(1);
    expect(pusher.disconnect.mock.invocationCallOrder[0]!).toBeLessThan(pusher.connect.mock.invocationCallOrder[0]!);
  });

  it('connects after a failed attempt, and leaves a live connection alone', async () => {
    const connection = await connectRealtime(config);
    pusher.connection.state = 'unavailable';
    connection.reconnectNow();
    expect(pusher.connect).toHaveBeenCalledTimes(1);
    pusher.connection.state = 'connected';
    connection.reconnectNow();
    expect(pusher.connect).toHaveBeenCalledTimes(1);
    expect(pusher.disconnect).toHaveBeenCalledTimes(1);
  });
});
