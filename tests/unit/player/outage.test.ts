import { BrowserApiError, DeadlineError } from '@/lib/api/fetcher';
import { createOutage, isUnreachable, planReturn, returnFromAlone, type ReturnCalls } from '@/lib/player/outage';
import type { AlonePosition } from '@/lib/player/alone';
import { aPlayer, aTrack } from './fixtures';

const t1 = aTrack({ id: 8, url: 'http://media.test/8.mp3?signature=a' });
const t2 = aTrack({ id: 9, url: 'http://media.test/9.mp3?signature=a' });
const base = aPlayer({ version: 40, next_tracks: [t1, t2] });
const at = (overrides: Partial<AlonePosition> = {}): AlonePosition => ({
  base,
  advanced: 1,
  trackId: 8,
  time: 21.5,
  ...overrides,
});

describe('isUnreachable', () => {
  it('is a network failure or a gateway answer, not an ordinary error answer', () => {
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnreachable(new BrowserApiError(502, 'A szerver nem elérhető.'))).toBe(true);
    expect(isUnreachable(new BrowserApiError(504, 'x'))).toBe(true);
    expect(isUnreachable(new BrowserApiError(500, 'x'))).toBe(false);
    expect(isUnreachable(new BrowserApiError(422, 'x'))).toBe(false);
    expect(isUnreachable(new Error('x'))).toBe(false);
    // A hung API: no answer within the call's deadline.
    expect(isUnreachable(new DeadlineError('/api/players/1/next', 5_000))).toBe(true);
  });
});

describe('planReturn', () => {
  it('catches the server up when its player did not change', () => {
    expect(planReturn(base, at())).toEqual({ kind: 'catch-up', steps: 1 });
  });

  it('catches up over a change that did not touch what plays (volume from another device)', () => {
    expect(planReturn({ ...base, version: 41, volume: 30 }, at({ advanced: 2, trackId: 9 }))).toEqual({
      kind: 'catch-up',
      steps: 2,
    });
  });

  it('follows the server when another device moved it on, paused it, or took the output', () => {
    expect(planReturn({ ...base, version: 41, track: t1 }, at())).toEqual({ kind: 'follow' });
    expect(planReturn({ ...base, version: 41, is_playing: false }, at())).toEqual({ kind: 'follow' });
    expect(planReturn({ ...base, version: 41, session_id: 'device-b' }, at())).toEqual({ kind: 'follow' });
    expect(planReturn(null, at())).toEqual({ kind: 'follow' });
  });
});

describe('returnFromAlone', () => {
  function calls(server = base): jest.Mocked<ReturnCalls> & { order: string[] } {
    const order: string[] = [];
    let now = server;
    return {
      order,
      list: jest.fn(async () => {
        order.push('list');
        return [now];
      }),
      next: jest.fn(async (_id: number) => {
        order.push('next');
        const upcoming = now.next_tracks ?? [];
        now = {
          ...now,
          version: (now.version ?? 0) + 1,
          track: upcoming[0] ?? null,
          next_tracks: upcoming.slice(1),
          current_time: 0,
        };
        return now;
      }),
      report: jest.fn(async (_id: number, time: number, volume: number) => {
        order.push(`report ${time}`);
        now = { ...now, version: (now.version ?? 0) + 1, current_time: time, volume };
        return now;
      }),
    };
  }

  it('moves the server on as far as the device went and reports where the music is', async () => {
    const c = calls();
    const result = await returnFromAlone(c, () => at({ advanced: 2, trackId: 9, time: 3.25 }));
    expect(c.order).toEqual(['list', 'next', 'next', 'report 3.25']);
    expect(result?.track?.id).toBe(9);
    expect(result?.current_time).toBe(3.25);
  });

  it('keeps a volume another device set meanwhile (its change was answered 2xx)', async () => {
    const c = calls({ ...base, version: 41, volume: 25 });
    const result = await returnFromAlone(c, () => at({ advanced: 1, trackId: 8, time: 2 }));
    expect(c.order).toEqual(['list', 'next', 'report 2']);
    expect(result?.volume).toBe(25);
  });

  it('still on the same track: only the position', async () => {
    const c = calls();
    const result = await returnFromAlone(c, () => at({ advanced: 0, trackId: 7, time: 40 }));
    expect(c.order).toEqual(['list', 'report 40']);
    expect(result?.current_time).toBe(40);
  });

  it('follows a server whose state changed meanwhile, without moving it', async () => {
    const moved = { ...base, version: 45, track: aTrack({ id: 30 }) };
    const c = calls(moved);
    const result = await returnFromAlone(c, () => at());
    expect(c.order).toEqual(['list']);
    expect(result).toEqual(moved);
  });

  it('rejects while the API is still away', async () => {
    const c = calls();
    c.list.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(returnFromAlone(c, () => at())).rejects.toThrow('Failed to fetch');
    expect(c.next).not.toHaveBeenCalled();
  });
});

describe('createOutage', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks every half second until the API is back, then ends the outage once', async () => {
    let back = false;
    const tryReturn = jest.fn(async () => {
      if (!back) throw new TypeError('Failed to fetch');
    });
    const onAway = jest.fn();
    const outage = createOutage({ tryReturn, onAway });
    outage.begin();
    outage.begin();
    expect(onAway.mock.calls).toEqual([[true]]);
    await jest.advanceTimersByTimeAsync(1500);
    expect(tryReturn).toHaveBeenCalledTimes(3);
    back = true;
    await jest.advanceTimersByTimeAsync(1000);
    expect(onAway.mock.calls).toEqual([[true], [false]]);
    expect(outage.away).toBe(false);
    await jest.advanceTimersByTimeAsync(5000);
    expect(tryReturn).toHaveBeenCalledTimes(4);
  });

  it('tries at once when nudged (the socket reconnected)', async () => {
    const tryReturn = jest.fn(async () => {});
    const onAway = jest.fn();
    const outage = createOutage({ tryReturn, onAway });
    outage.begin();
    outage.nudge();
    await Promise.resolve();
    await Promise.resolve();
    expect(tryReturn).toHaveBeenCalledTimes(1);
    expect(onAway).toHaveBeenLastCalledWith(false);
  });

  it('drops a probe that hangs when the network comes back, and tries afresh at once', async () => {
    // The first probe was sent as the line went down and hangs (it would end only at its deadline).
    const signals: AbortSignal[] = [];
    const tryReturn = jest.fn(
      (signal: AbortSignal) =>
        new Promise<void>((resolve, reject) => {
          signals.push(signal);
          if (signals.length > 1) {
            resolve();
            return;
          }
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const onAway = jest.fn();
    const outage = createOutage({ tryReturn, onAway });
    outage.begin();
    await jest.advanceTimersByTimeAsync(500);
    expect(tryReturn).toHaveBeenCalledTimes(1);
    // The browser is online again: the hanging probe is aborted and a new attempt goes without waiting.
    outage.nudge();
    expect(signals[0]!.aborted).toBe(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(tryReturn).toHaveBeenCalledTimes(2);
    expect(onAway).toHaveBeenLastCalledWith(false);
    expect(outage.away).toBe(false);
  });
});
