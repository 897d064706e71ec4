import { Worker } from 'node:worker_threads';
import type { Loudness } from './loudness';
import type { MeasureAnswer } from './loudness-worker';

/**
 * Measures loudness off the event loop: one worker thread, started on the first request and
 * ended after a while idle, takes the files one at a time. A worker that dies fails the files in
 * hand (they stay at their own level) and the next request starts a new one.
 */
export interface LoudnessQueue {
  /** The file's loudness, or null when it could not be measured (not audio, decoder error). */
  measure(bytes: Uint8Array): Promise<Loudness | null>;
  close(): Promise<void>;
}

const IDLE_MS = 30_000;
/** A plain module that registers the TypeScript loader in the new thread, then loads the worker. */
const WORKER_URL = new URL('./loudness-thread.mjs', import.meta.url);

export function createLoudnessQueue({ log }: { log?: { warn(obj: object, msg: string): void } } = {}): LoudnessQueue {
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | null = null;
  let nextId = 1;
  const waiting = new Map<number, (r: Loudness | null) => void>();

  function failAll() {
    for (const done of waiting.values()) done(null);
    waiting.clear();
  }

  function start(): Worker {
    if (worker) return worker;
    const w = new Worker(WORKER_URL);
    w.unref();
    w.on('message', (answer: MeasureAnswer) => {
      const done = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (!done) return;
      if ('error' in answer) {
        log?.warn({ error: answer.error }, 'loudness: not measured');
        done(null);
      } else {
        done({ lufs: answer.lufs, peakDbtp: answer.peakDbtp });
      }
      if (waiting.size === 0) armIdle();
    });
    const gone = (err?: unknown) => {
      if (worker !== w) return;
      worker = null;
      if (err) log?.warn({ err }, 'loudness: worker failed');
      failAll();
    };
    w.on('error', gone);
    w.on('exit', () => gone());
    worker = w;
    return w;
  }

  function armIdle() {
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => {
      idle = null;
      if (waiting.size === 0 && worker) {
        const w = worker;
        worker = null;
        void w.terminate();
      }
    }, IDLE_MS);
    idle.unref();
  }

  return {
    measure(bytes) {
      if (idle) {
        clearTimeout(idle);
        idle = null;
      }
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        // A copy: the caller's buffer (often a pooled slice) stays its own.
        const copy = new Uint8Array(bytes);
        start().postMessage({ id, bytes: copy }, [copy.buffer]);
      });
    },
    async close() {
      if (idle) clearTimeout(idle);
      const w = worker;
      worker = null;
      failAll();
      if (w) await w.terminate();
    },
  };
}
