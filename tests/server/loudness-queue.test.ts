/**
 * The loudness worker's queue (server/src/audio/queue.ts): one thread for every shop, so files
 * are taken round-robin by shop, each measurement has a deadline, and the thread has limits.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLoudnessQueue } from '../../server/src/audio/queue';
import { silentMp3 } from './mp3-bytes';

function recordingLog() {
  const lines: Array<{ obj: object; msg: string }> = [];
  return { lines, warn: (obj: object, msg: string) => void lines.push({ obj, msg }) };
}

test("files are taken round-robin by shop: one shop's backlog does not hold another's file", async () => {
  const queue = createLoudnessQueue();
  try {
    const order: string[] = [];
    const ask = (name: string, shop: number, seconds: number) =>
      queue.measure(silentMp3(seconds), shop).then((r) => {
        assert.ok(r, name);
        order.push(name);
      });
    // Shop 1 queues four long files, then shop 2 one short one, and shop 1 another.
    await Promise.all([
      ...[1, 2, 3, 4].map((n) => ask(`A${n}`, 1, 60)),
      ask('B1', 2, 2),
      ask('A5', 1, 2),
      ask('B2', 2, 2),
    ]);
    assert.deepEqual(order, ['A1', 'B1', 'A2', 'B2', 'A3', 'A4', 'A5']);
  } finally {
    await queue.close();
  }
});

test('a measurement past its deadline is not measured and is logged; the worker goes on with the next file', async () => {
  const log = recordingLog();
  const queue = createLoudnessQueue({ log, deadlineMs: 1500 });
  try {
    // 5.5 hours of frames (20 MB): seconds of decoding on any machine.
    const long = queue.measure(silentMp3(20_000), 1);
    const next = queue.measure(silentMp3(2), 2);
    assert.equal(await long, null);
    const measured = await next;
    assert.ok(measured && measured.lufs <= -70, JSON.stringify(measured));
    assert.deepEqual(
      log.lines.map((l) => l.msg),
      ['loudness: past the deadline, not measured'],
    );
    assert.deepEqual(log.lines[0]!.obj, { shop: 1, deadlineMs: 1500, bytes: silentMp3(20_000).length });
  } finally {
    await queue.close();
  }
});

test('the thread runs within its resource limits: one that cannot start in them fails the files, once', async () => {
  const log = recordingLog();
  const queue = createLoudnessQueue({ log, limits: { maxOldGenerationSizeMb: 2, maxYoungGenerationSizeMb: 1 } });
  try {
    assert.deepEqual(await Promise.all([queue.measure(silentMp3(1), 1), queue.measure(silentMp3(1), 2)]), [null, null]);
    assert.ok(
      log.lines.some((l) => l.msg === 'loudness: worker failed'),
      JSON.stringify(log.lines),
    );
  } finally {
    await queue.close();
  }
});
