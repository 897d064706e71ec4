import type { RealtimeConfig } from '@/contracts';
import {
  chooseRealtimeConfig,
  initialLink,
  isMissingCall,
  linkReducer,
  MAX_FAILED_CONNECTS,
  POLL_INTERVAL_MS,
  startVisiblePolling,
  type LinkEvent,
  type VisibleDocument,
} from '@/lib/realtime/fallback';

const api: RealtimeConfig = {
  key: 'api-key',
  wsHost: '127.0.0.1',
  wsPort: 4000,
  wssPort: 4000,
  forceTLS: false,
  cluster: 'eu',
};
const web: RealtimeConfig = {
  key: 'web-key',
  wsHost: 'ws-eu.pusher.com',
  wsPort: 443,
  wssPort: 443,
  forceTLS: true,
  cluster: 'eu',
};

describe('chooseRealtimeConfig', () => {
  it("takes the API's own config when it has one", () => {
    expect(chooseRealtimeConfig({ kind: 'config', config: api }, web)).toBe(api);
    expect(chooseRealtimeConfig({ kind: 'config', config: api }, null)).toBe(api);
  });
  it("takes the web's settings when the API has no /api/realtime-config", () => {
    expect(chooseRealtimeConfig({ kind: 'missing' }, web)).toBe(web);
  });
  it('gives no socket at all without a key anywhere', () => {
    expect(chooseRealtimeConfig({ kind: 'missing' }, null)).toBeNull();
    expect(chooseRealtimeConfig({ kind: 'config', config: { ...api, key: '' } }, null)).toBeNull();
  });
  it('counts only "no such call" answers as missing', () => {
    expect(isMissingCall(404)).toBe(true);
    expect(isMissingCall(405)).toBe(true);
    expect(isMissingCall(500)).toBe(false);
    expect(isMissingCall(502)).toBe(false);
  });
});

describe('linkReducer', () => {
  const run = (events: LinkEvent[]) => events.reduce(linkReducer, initialLink);

  it(`polls after ${MAX_FAILED_CONNECTS} failed connects in a row, not before`, () => {
    const failed: LinkEvent = { type: 'failed' };
    expect(run(Array(MAX_FAILED_CONNECTS - 1).fill(failed)).mode).toBe('socket');
    expect(run(Array(MAX_FAILED_CONNECTS).fill(failed)).mode).toBe('poll');
  });
  it('starts counting again after a success, and a success ends the polling', () => {
    expect(
      run([{ type: 'failed' }, { type: 'failed' }, { type: 'connected' }, { type: 'failed' }, { type: 'failed' }]).mode,
    ).toBe('socket');
    expect(run([{ type: 'failed' }, { type: 'failed' }, { type: 'failed' }, { type: 'connected' }])).toEqual(
      initialLink,
    );
  });
  it('polls at once when there can be no socket', () => {
    expect(run([{ type: 'no-socket' }]).mode).toBe('poll');
  });
});

describe('startVisiblePolling', () => {
  class FakeDocument implements VisibleDocument {
    visibilityState: DocumentVisibilityState = 'visible';
    private listeners = new Set<() => void>();
    addEventListener(_type: 'visibilitychange', listener: () => void) {
      this.listeners.add(listener);
    }
    removeEventListener(_type: 'visibilitychange', listener: () => void) {
      this.listeners.delete(listener);
    }
    set(state: DocumentVisibilityState) {
      this.visibilityState = state;
      for (const listener of this.listeners) listener();
    }
    get listening() {
      return this.listeners.size;
    }
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks every 15 s while the page is visible', () => {
    expect(POLL_INTERVAL_MS).toBe(15_000);
    const doc = new FakeDocument();
    const poll = jest.fn();
    const stop = startVisiblePolling(poll, doc);
    jest.advanceTimersByTime(14_999);
    expect(poll).toHaveBeenCalledTimes(0);
    jest.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(30_000);
    expect(poll).toHaveBeenCalledTimes(3);
    stop();
    jest.advanceTimersByTime(60_000);
    expect(poll).toHaveBeenCalledTimes(3);
    expect(doc.listening).toBe(0);
  });

  it('does not ask while hidden, and asks at once when visible again', () => {
    const doc = new FakeDocument();
    const poll = jest.fn();
    const stop = startVisiblePolling(poll, doc);
    doc.set('hidden');
    jest.advanceTimersByTime(60_000);
    expect(poll).toHaveBeenCalledTimes(0);
    doc.set('visible');
    expect(poll).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(15_000);
    expect(poll).toHaveBeenCalledTimes(2);
    stop();
  });

  it('starts only once the page is visible when it begins hidden', () => {
    const doc = new FakeDocument();
    doc.visibilityState = 'hidden';
    const poll = jest.fn();
    const stop = startVisiblePolling(poll, doc);
    jest.advanceTimersByTime(45_000);
    expect(poll).not.toHaveBeenCalled();
    doc.set('visible');
    expect(poll).toHaveBeenCalledTimes(1);
    stop();
  });
});
