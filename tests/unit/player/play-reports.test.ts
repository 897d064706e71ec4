import { BrowserApiError } from '@/lib/api/fetcher';
import {
  isFinalRefusal,
  OUTBOX_MAX,
  PlayMeter,
  PlayReportOutbox,
  type OutboxStore,
  type PlayReport,
} from '@/lib/player/play-reports';

/** An audio element whose time and paused state the test moves. */
function fakeAudio() {
  const audio = document.createElement('audio');
  let time = 0;
  let paused = true;
  Object.defineProperty(audio, 'currentTime', { get: () => time, set: (v: number) => (time = v), configurable: true });
  Object.defineProperty(audio, 'paused', { get: () => paused, configurable: true });
  return {
    audio,
    play() {
      paused = false;
      audio.dispatchEvent(new Event('playing'));
    },
    pause() {
      paused = true;
      audio.dispatchEvent(new Event('pause'));
    },
    /** Plays forward in 0.25 s steps, as timeupdate would report. */
    advance(seconds: number) {
      for (let s = 0; s < seconds; s += 0.25) {
        time += 0.25;
        audio.dispatchEvent(new Event('timeupdate'));
      }
    },
    seek(to: number) {
      audio.dispatchEvent(new Event('seeking'));
      time = to;
      audio.dispatchEvent(new Event('timeupdate'));
    },
    end() {
      audio.dispatchEvent(new Event('ended'));
    },
  };
}

describe('PlayMeter', () => {
  const START = Date.parse('2026-11-24T09:00:00Z');

  it('reports what was heard: seeks, pauses and stalls add nothing; ended closes the item', () => {
    const a = fakeAudio();
    const reports: PlayReport[] = [];
    const meter = new PlayMeter(
      a.audio,
      (r) => reports.push(r),
      () => START,
    );
    meter.begin('track', 7);
    a.play();
    a.advance(10);
    a.seek(100); // jumped ahead: not heard
    a.advance(5);
    a.pause();
    a.audio.dispatchEvent(new Event('timeupdate')); // paused: nothing
    a.play();
    a.advance(2);
    a.end();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      type: 'track',
      id: 7,
      seconds: 17,
      ended: true,
      started_at: new Date(START).toISOString(),
    });
    expect(reports[0]!.report_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('a new item closes the one before as cut; a skip under a second is not reported; the same item twice is one', () => {
    const a = fakeAudio();
    const reports: PlayReport[] = [];
    const meter = new PlayMeter(a.audio, (r) => reports.push(r));
    meter.begin('track', 1);
    a.play();
    a.advance(0.5);
    meter.begin('track', 2); // skipped after half a second
    a.play(); // the next track's first sound
    a.advance(3);
    meter.begin('track', 2); // the same item again (a resync): still one play
    a.advance(3);
    meter.begin('spot', 9);
    expect(reports.map((r) => [r.type, r.id, r.seconds, r.ended])).toEqual([['track', 2, 6, false]]);
    meter.dispose();
    a.advance(5);
    meter.finish(false);
    expect(reports).toHaveLength(1);
  });

  it('a busy page that reports its time seldom still counts what was heard; a jump beyond the time that passed does not', () => {
    const a = fakeAudio();
    let wall = START;
    const reports: PlayReport[] = [];
    const meter = new PlayMeter(
      a.audio,
      (r) => reports.push(r),
      () => wall,
    );
    meter.begin('track', 4);
    a.play();
    for (let i = 0; i < 5; i++) {
      wall += 4_000;
      a.audio.currentTime += 4;
      a.audio.dispatchEvent(new Event('timeupdate'));
    }
    // 60 s further one second later, with no seeking event: not listening.
    wall += 1_000;
    a.audio.currentTime += 60;
    a.audio.dispatchEvent(new Event('timeupdate'));
    meter.finish(false);
    expect(reports.map((r) => r.seconds)).toEqual([20]);
  });

  it('an item that never made a sound is not reported, even when it ends', () => {
    const a = fakeAudio();
    const reports: PlayReport[] = [];
    const meter = new PlayMeter(a.audio, (r) => reports.push(r));
    meter.begin('sound', 3);
    meter.finish(true);
    expect(reports).toEqual([]);
  });
});

function memory(): OutboxStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const report = (n: number, startedAt = new Date().toISOString()): PlayReport => ({
  type: 'spot',
  id: 1,
  started_at: startedAt,
  seconds: 30,
  ended: true,
  report_id: `report-${String(n).padStart(4, '0')}`,
});

describe('PlayReportOutbox', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends in order and keeps what failed for a later round, across a reload', async () => {
    const store = memory();
    const sent: string[] = [];
    let down = true;
    const send = jest.fn(async (_player: number, r: PlayReport) => {
      if (down) throw new TypeError('Failed to fetch');
      sent.push(r.report_id);
    });
    const outbox = new PlayReportOutbox(5, send, store);
    outbox.add(report(1));
    outbox.add(report(2));
    await Promise.resolve();
    expect(outbox.pending().map((r) => r.report_id)).toEqual(['report-0001', 'report-0002']);
    // The page reloads while the API is away: a new outbox finds both.
    outbox.dispose();
    const again = new PlayReportOutbox(5, send, store);
    down = false;
    await again.flush();
    expect(sent).toEqual(['report-0001', 'report-0002']);
    expect(again.pending()).toEqual([]);
    // Another player's outbox is its own.
    expect(new PlayReportOutbox(6, send, store).pending()).toEqual([]);
  });

  it('a 5xx or an expired session retries after a while; a 422 drops the report and goes on', async () => {
    const store = memory();
    const answers: Array<BrowserApiError | null> = [
      new BrowserApiError(503, 'down'),
      null,
      new BrowserApiError(422, 'bad'),
      null,
    ];
    const seen: string[] = [];
    const send = jest.fn(async (_p: number, r: PlayReport) => {
      seen.push(r.report_id);
      const a = answers.shift();
      if (a) throw a;
    });
    const outbox = new PlayReportOutbox(5, send, store);
    store.setItem('pulzus.playReports.5', JSON.stringify([report(1), report(2), report(3)]));
    await outbox.flush();
    expect(seen).toEqual(['report-0001']);
    expect(outbox.pending()).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(30_000);
    // 1 sent, 2 refused for good (dropped), 3 sent.
    expect(seen).toEqual(['report-0001', 'report-0001', 'report-0002', 'report-0003']);
    expect(outbox.pending()).toEqual([]);
  });

  it('keeps at most OUTBOX_MAX, dropping the oldest, and forgets reports the API would refuse as too old', () => {
    const store = memory();
    const outbox = new PlayReportOutbox(5, async () => Promise.reject(new TypeError('offline')), store);
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    store.setItem(
      'pulzus.playReports.5',
      JSON.stringify([report(0, old), ...Array.from({ length: OUTBOX_MAX }, (_, i) => report(i + 1))]),
    );
    outbox.add(report(OUTBOX_MAX + 1));
    const pending = outbox.pending();
    expect(pending).toHaveLength(OUTBOX_MAX);
    expect(pending[0]!.report_id).toBe('report-0002');
    expect(pending.at(-1)!.report_id).toBe(`report-${OUTBOX_MAX + 1}`);
    outbox.dispose();
  });

  it('which refusals are final', () => {
    expect([400, 403, 404, 413, 422].every(isFinalRefusal)).toBe(true);
    expect([401, 408, 419, 429, 500, 502, 503].some(isFinalRefusal)).toBe(false);
  });
});
