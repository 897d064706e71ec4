import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Loudness } from './loudness';
import type { MeasureAnswer } from './loudness-worker';

/**
 * Measures loudness off the event loop: one worker thread, started on the first request and
 * ended after a while idle, measures one file at a time. Every shop's files share it, so no shop
 * may hold it: queued files are taken round-robin by shop (fair queuing: a shop's n-th waiting
 * file comes after every other shop's (n−1)-th), each measurement has a deadline (a file that
 * passes it is not measured, plays at its own level, and is logged; the worker computing it is
 * ended and a new one takes the next file), and the thread runs within `resourceLimits`. A worker
 * that dies fails the file in hand only; one that dies before it could take a file fails the queue
 * (no restart loop), and the next request starts a new one.
 */
export interface LoudnessQueue {
  /**
   * The file's loudness, or null when it could not be measured (not audio, decoder error, past
   * the deadline). `shop` is whose file it is (the round-robin's lane); null for the provider's.
   */
  measure(bytes: Uint8Array, shop?: number | null): Promise<Loudness | null>;
  close(): Promise<void>;
}

const IDLE_MS = 30_000;
/** A measurement's deadline: a 10-minute spot takes a few seconds on the slowest box. */
export const MEASURE_DEADLINE_MS = 60_000;
/**
 * The thread's limits: its JavaScript heap and stack. The decoder's WebAssembly memory is outside
 * them, bounded by the upload limit (it decodes 64 kB at a time).
 */
export const WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  codeRangeSizeMb: 64,
  stackSizeMb: 4,
};
/** A plain module that registers the TypeScript loader in the new thread, then loads the worker. */
const WORKER_URL = new URL('./loudness-thread.mjs', import.meta.url);

interface Job {
  id: number;
  bytes: Uint8Array<ArrayBuffer>;
  /** Its length, for the log (the bytes go to the worker). */
  size: number;
  shop: number | null;
  /** The job's turn: after every job of a lower round. */
  round: number;
  done: (r: Loudness | null) => void;
}

type Log = { warn(obj: object, msg: string): void };

export function createLoudnessQueue({
  log,
  deadlineMs = MEASURE_DEADLINE_MS,
  limits = WORKER_LIMITS,
}: { log?: Log; deadlineMs?: number; limits?: ResourceLimits } = {}): LoudnessQueue {
  let worker: Worker | null = null;
  let ready = false;
  let idle: NodeJS.Timeout | null = null;
  let nextId = 1;
  const queued: Job[] = [];
  let current: { job: Job; timer: NodeJS.Timeout } | null = null;
  /** The round of each shop's last queued job, and of the job last taken. */
  const lastRound = new Map<number | null, number>();
  let servedRound = 0;

  /** The waiting job of the lowest round, the earliest of them on a tie. */
  function takeNext(): Job | undefined {
    if (!queued.length) return undefined;
    let best = 0;
    for (let i = 1; i < queued.length; i++) if (queued[i]!.round < queued[best]!.round) best = i;
    const [job] = queued.splice(best, 1);
    servedRound = job!.round;
    return job;
  }

  function finish(job: Job, result: Loudness | null) {
    if (current?.job === job) {
      clearTimeout(current.timer);
      current = null;
    }
    job.done(result);
  }

  function stopWorker() {
    const w = worker;
    worker = null;
    ready = false;
    if (w) void w.terminate();
  }

  function failQueued() {
    for (const job of queued.splice(0)) job.done(null);
  }

  function start(): Worker {
    if (worker) return worker;
    const w = new Worker(WORKER_URL, { resourceLimits: limits });
    w.unref();
    w.on('message', (answer: MeasureAnswer) => {
      if (worker !== w) return;
      if ('ready' in answer) {
        ready = true;
        pump();
        return;
      }
      const job = current?.job;
      if (!job || job.id !== answer.id) return;
      if ('error' in answer) {
        log?.warn({ error: answer.error, shop: job.shop }, 'loudness: not measured');
        finish(job, null);
      } else {
        finish(job, { lufs: answer.lufs, peakDbtp: answer.peakDbtp });
      }
      pump();
    });
    const gone = (err?: unknown) => {
      if (worker !== w) return;
      const started = ready;
      worker = null;
      ready = false;
      if (err) log?.warn({ err }, 'loudness: worker failed');
      if (current) finish(current.job, null);
      // A thread that could not even start would fail every file again: the queue fails instead.
      if (!started) failQueued();
      pump();
    };
    w.on('error', gone);
    w.on('exit', () => gone());
    worker = w;
    return w;
  }

  /** Sends the next file when the worker is free, starting one when needed; else waits to end it. */
  function pump() {
    if (current) return;
    if (!queued.length) {
      armIdle();
      return;
    }
    const w = start();
    if (!ready) return; // its 'ready' pumps again
    const job = takeNext()!;
    const timer = setTimeout(() => {
      if (current?.job !== job) return;
      log?.warn({ shop: job.shop, deadlineMs, bytes: job.size }, 'loudness: past the deadline, not measured');
      finish(job, null);
      // The thread is still computing it: ended, and a new one takes the next file.
      stopWorker();
      pump();
    }, deadlineMs);
    timer.unref();
    current = { job, timer };
    w.postMessage({ id: job.id, bytes: job.bytes }, [job.bytes.buffer]);
  }

  function armIdle() {
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => {
      idle = null;
      if (!current && !queued.length && worker) stopWorker();
    }, IDLE_MS);
    idle.unref();
  }

  return {
    measure(bytes, shop = null) {
      if (idle) {
        clearTimeout(idle);
        idle = null;
      }
      return new Promise((done) => {
        const round = Math.max((lastRound.get(shop) ?? 0) + 1, servedRound);
        lastRound.set(shop, round);
        // A copy: the caller's buffer (often a pooled slice) stays its own.
        queued.push({ id: nextId++, bytes: new Uint8Array(bytes), size: bytes.byteLength, shop, round, done });
        pump();
      });
    },
    async close() {
      if (idle) clearTimeout(idle);
      const w = worker;
      worker = null;
      ready = false;
      if (current) finish(current.job, null);
      failQueued();
      if (w) await w.terminate();
    },
  };
}
