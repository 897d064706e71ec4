/**
 * Proof of play on the audio device: what an audio element really played of one item (a track, a
 * spot, a sound), and an outbox that delivers each report to `POST /api/players/{id}/played`
 * exactly once as far as the server can tell (the report's own id makes a resend harmless). No
 * React here.
 *
 * Heard time is the sum of the element's forward progress in small steps, so a seek, a stall or a
 * paused stretch adds nothing. A report made while the API is away waits in localStorage and goes
 * out when the API is back (or on the next page start).
 */
import { BrowserApiError, apiFetch } from '@/lib/api/fetcher';
import { randomId } from '@/lib/api/random-id';

export type PlayedType = 'track' | 'spot' | 'sound';

export interface PlayReport {
  type: PlayedType;
  id: number;
  started_at: string;
  seconds: number;
  ended: boolean;
  report_id: string;
}

/**
 * Forward progress between two time updates counts when it is no more than the wall-clock time
 * that passed plus this slack; a larger jump is a seek. (A busy or background page may space its
 * time updates by seconds, so a fixed step limit would drop real listening.)
 */
const STEP_SLACK_S = 0.75;
/** Plays shorter than this are not worth a report (a track skipped at once). */
export const MIN_REPORTED_S = 1;

/**
 * Measures one element. `begin` starts an item (closing the one before as not ended); the element's
 * `ended` closes it as ended; `finish` closes it from outside (a skip, a spot cut, the page going).
 */
export class PlayMeter {
  private current: {
    type: PlayedType;
    id: number;
    startedAt: number | null;
    seconds: number;
    last: number | null;
    lastWall: number;
  } | null = null;

  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly onReport: (report: PlayReport) => void,
    private readonly now: () => number = Date.now,
  ) {
    audio.addEventListener('timeupdate', this.handleTime);
    audio.addEventListener('playing', this.handlePlaying);
    audio.addEventListener('seeking', this.handleSeeking);
    audio.addEventListener('ended', this.handleEnded);
  }

  /** The item the element is about to play; the one before it (if any) is reported as cut. */
  begin(type: PlayedType, id: number): void {
    if (this.current && this.current.type === type && this.current.id === id) return;
    this.finish(false);
    this.current = { type, id, startedAt: null, seconds: 0, last: null, lastWall: 0 };
  }

  /** Closes the current item; a play too short to count is dropped. */
  finish(ended: boolean): void {
    const c = this.current;
    this.current = null;
    if (!c || c.startedAt === null) return;
    const seconds = Math.round(c.seconds * 10) / 10;
    if (!ended && seconds < MIN_REPORTED_S) return;
    this.onReport({
      type: c.type,
      id: c.id,
      started_at: new Date(c.startedAt).toISOString(),
      seconds,
      ended,
      report_id: randomId(),
    });
  }

  dispose(): void {
    this.audio.removeEventListener('timeupdate', this.handleTime);
    this.audio.removeEventListener('playing', this.handlePlaying);
    this.audio.removeEventListener('seeking', this.handleSeeking);
    this.audio.removeEventListener('ended', this.handleEnded);
  }

  private readonly handlePlaying = () => {
    const c = this.current;
    if (!c) return;
    // The start is when sound first came out (a resumed track starts its report here, not at 0:00).
    if (c.startedAt === null) c.startedAt = this.now();
    c.last = this.audio.currentTime;
    c.lastWall = this.now();
  };

  private readonly handleSeeking = () => {
    if (this.current) this.current.last = null;
  };

  /** Adds the progress since the last update when it is listening, not a seek. */
  private advance(c: NonNullable<PlayMeter['current']>): void {
    const t = this.audio.currentTime;
    const wall = this.now();
    if (c.last !== null) {
      const step = t - c.last;
      const elapsed = Math.max(0, (wall - c.lastWall) / 1000);
      if (step > 0 && step <= elapsed + STEP_SLACK_S) c.seconds += step;
    }
    c.last = t;
    c.lastWall = wall;
  }

  private readonly handleTime = () => {
    const c = this.current;
    if (!c || this.audio.paused) return;
    if (c.startedAt === null) c.startedAt = this.now();
    this.advance(c);
  };

  private readonly handleEnded = () => {
    const c = this.current;
    if (c) this.advance(c);
    this.finish(true);
  };
}

// ---------------------------------------------------------------------------------------------

const STORE_PREFIX = 'pulzus.playReports.';
/** A device offline for days keeps at most this many (the oldest go first). */
export const OUTBOX_MAX = 2000;
/** The API refuses older reports; no use keeping them. */
const MAX_AGE_MS = 30 * 86_400_000;
const RETRY_MS = 30_000;

/** Statuses after which sending again cannot help: the report is dropped. */
export function isFinalRefusal(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 408, 419, 429].includes(status);
}

export interface OutboxStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function memoryStore(): OutboxStore {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

function defaultStore(): OutboxStore {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    /* storage switched off */
  }
  return memoryStore();
}

export type SendReport = (playerId: number, report: PlayReport) => Promise<void>;

/**
 * Sends one report with its age by this device's clock at the moment it leaves: the API stamps the
 * play from its own clock, so a device whose clock is off (or was offline for hours) logs true times.
 */
export const sendPlayReport: SendReport = async (playerId, report) => {
  const age = Math.max(0, Math.round(Date.now() - Date.parse(report.started_at)));
  await apiFetch(`/api/players/${playerId}/played`, {
    method: 'POST',
    body: Number.isFinite(age) ? { ...report, age_ms: age } : report,
  });
};

/**
 * Reports waiting for the API, per player, kept across reloads. `flush` sends them in order, one
 * at a time; a failure that may pass (no network, 5xx, a session renewing) stops the round and
 * keeps the rest for the next one.
 */
export class PlayReportOutbox {
  /** The round under way: a second caller waits for it instead of starting another. */
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly playerId: number,
    private readonly send: SendReport = sendPlayReport,
    private readonly store: OutboxStore = defaultStore(),
    private readonly now: () => number = Date.now,
  ) {}

  private get key() {
    return `${STORE_PREFIX}${this.playerId}`;
  }

  pending(): PlayReport[] {
    try {
      const raw = JSON.parse(this.store.getItem(this.key) ?? '[]') as unknown;
      return Array.isArray(raw) ? (raw as PlayReport[]) : [];
    } catch {
      return [];
    }
  }

  private save(reports: PlayReport[]): void {
    const fresh = reports.filter((r) => this.now() - Date.parse(r.started_at) < MAX_AGE_MS).slice(-OUTBOX_MAX);
    try {
      this.store.setItem(this.key, JSON.stringify(fresh));
    } catch {
      /* storage full: the newest report is lost rather than the page failing */
    }
  }

  add(report: PlayReport): void {
    this.save([...this.pending(), report]);
    void this.flush();
  }

  flush(): Promise<void> {
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(): Promise<void> {
    for (;;) {
      const [first] = this.pending();
      if (!first) return;
      try {
        await this.send(this.playerId, first);
      } catch (error) {
        if (!(error instanceof BrowserApiError && isFinalRefusal(error.status))) {
          this.retryLater();
          return;
        }
      }
      this.save(this.pending().filter((r) => r.report_id !== first.report_id));
    }
  }

  private retryLater(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, RETRY_MS);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

// ---------------------------------------------------------------------------------------------
// The page's outboxes: one per player, shared by the music engine and the spot player.

const outboxes = new Map<number, PlayReportOutbox>();

function outboxFor(playerId: number): PlayReportOutbox {
  let box = outboxes.get(playerId);
  if (!box) {
    box = new PlayReportOutbox(playerId);
    outboxes.set(playerId, box);
  }
  return box;
}

/** Queues a report of `playerId`'s audio device and sends what is waiting. */
export function reportPlayed(playerId: number, report: PlayReport): void {
  outboxFor(playerId).add(report);
}

/** Sends what waits for `playerId` (the API is back, the page started again). */
export function flushPlayReports(playerId: number): void {
  void outboxFor(playerId).flush();
}

/** The players with reports waiting in this browser (this page's and any earlier page's). */
function storedPlayerIds(store: Storage | null): number[] {
  const ids = new Set<number>(outboxes.keys());
  if (store) {
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      const id = key?.startsWith(STORE_PREFIX) ? Number(key.slice(STORE_PREFIX.length)) : NaN;
      if (Number.isSafeInteger(id) && id > 0) ids.add(id);
    }
  }
  return [...ids];
}

/**
 * Sends every report waiting in this browser before the login ends (logout), waiting at most
 * `limitMs`: a report the API cannot take now stays for this browser's next login.
 */
export async function deliverWaitingReports(limitMs = 5_000): Promise<void> {
  let store: Storage | null = null;
  try {
    store = typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    store = null;
  }
  const all = Promise.all(storedPlayerIds(store).map((id) => outboxFor(id).flush()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)))]);
  clearTimeout(timer);
}
