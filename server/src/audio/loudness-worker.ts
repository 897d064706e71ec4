/**
 * The loudness worker's thread: says `{ ready: true }` once loaded, then measures the MP3 bytes it
 * is sent and answers `{ id, lufs, peakDbtp }` or `{ id, error }`. Started by
 * server/src/audio/queue.ts, which sends one file at a time.
 */
import { parentPort } from 'node:worker_threads';
import { measureMp3 } from './measure';

export interface MeasureRequest {
  id: number;
  bytes: Uint8Array;
}

export type MeasureAnswer =
  { ready: true } | { id: number; lufs: number; peakDbtp: number } | { id: number; error: string };

parentPort?.on('message', (req: MeasureRequest) => {
  measureMp3(req.bytes).then(
    (r) => parentPort!.postMessage({ id: req.id, lufs: r.lufs, peakDbtp: r.peakDbtp } satisfies MeasureAnswer),
    (err: unknown) =>
      parentPort!.postMessage({
        id: req.id,
        error: err instanceof Error ? err.message : String(err),
      } satisfies MeasureAnswer),
  );
});

parentPort?.postMessage({ ready: true } satisfies MeasureAnswer);
