import { setSocketId } from '@/lib/api/socket-id';
import { playerApi } from '@/lib/player/api';
import { installFakeFetch } from '../fake-fetch';

afterEach(() => setSocketId(null));

describe('update-volume', () => {
  it('the periodic report and the report on leaving send the same call', async () => {
    const { calls } = installFakeFetch(() => ({ body: {} }));
    await playerApi.updateVolume(3, 42.456, 64.6);
    playerApi.updateVolumeOnLeave(3, 42.456, 64.6);

    const [report, leave] = calls;
    expect(leave!.url).toBe(report!.url);
    expect(leave!.url).toBe('/api/players/3/update-volume');
    expect(leave!.init.method).toBe('POST');
    expect(JSON.parse(String(leave!.init.body))).toEqual({ currentTime: 42.46, volume: 65 });
    expect(leave!.init.body).toBe(report!.init.body);
  });

  it('on leaving, the request outlives the page and carries the cookies and the socket id', () => {
    const { calls } = installFakeFetch(() => ({ body: {} }));
    setSocketId('1234.5678');
    playerApi.updateVolumeOnLeave(3, 10, 80);

    const { init } = calls[0]!;
    const headers = new Headers(init.headers);
    expect(init.keepalive).toBe(true);
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-socket-id')).toBe('1234.5678');
  });

  it('on leaving, a failed request is swallowed (nobody is left to tell)', async () => {
    const failing = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    (globalThis as { fetch?: unknown }).fetch = failing;
    expect(() => playerApi.updateVolumeOnLeave(3, 10, 80)).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failing).toHaveBeenCalledTimes(1);
  });
});

describe('commands are sent once', () => {
  it('every command that changes the player carries its own Idempotency-Key; reads carry none', async () => {
    const { calls } = installFakeFetch(() => ({ body: {} }));
    await playerApi.togglePlay(3);
    await playerApi.togglePlay(3);
    await playerApi.next(3);
    await playerApi.nextAtTrackEnd(3);
    await playerApi.loadTrack(3);
    await playerApi.toggleRandom(3);
    await playerApi.toggleRepeat(3);
    await playerApi.jumpToTrack(3, 9);
    await playerApi.updateVolume(3, 1, 50);
    await playerApi.setPlayable(3, 'channel', 1);
    await playerApi.moveOutput(3, 'abc', 0, null);
    playerApi.updateVolumeOnLeave(3, 1, 50);
    const keys = calls.map((c) => new Headers(c.init.headers).get('idempotency-key'));
    expect(keys.every((k) => typeof k === 'string' && /^[A-Za-z0-9_-]{8,100}$/.test(k))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);

    await playerApi.list();
    expect(new Headers(calls.at(-1)!.init.headers).get('idempotency-key')).toBeNull();
  });
});
