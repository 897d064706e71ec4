import assert from 'node:assert/strict';
import { test } from 'node:test';
import { restartPlan, RESTART, Supervisor } from '../../scripts/launch/supervise.mjs';

/**
 * The scale mode's supervisor (scripts/launch/supervise.mjs, used by `npm run start:cluster`) with
 * real child processes: a dead one is started again with growing delays, one that keeps failing to
 * start stops everything after five tries in a row. (Beside the API's tests as the launcher has no
 * suite of its own; the scale suite kills the cluster's real instances.)
 */

// A run counts as long (resetting the failures) only after 30 s: a node start alone can take over a
// second on a loaded machine, and the crasher below must still count as failing to start.
const FAST = { firstDelayMs: 20, maxDelayMs: 200, resetAfterMs: 30_000, maxFailedStarts: 5 };
const node = process.execPath;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('the delays: 0.5 s after a long run, doubling to 10 s while it keeps dying early, giving up at the fifth early death', () => {
  assert.deepEqual(restartPlan(60_000, 3), { giveUp: false, failures: 0, delayMs: 500 });
  const delays: number[] = [];
  let failures = 0;
  for (;;) {
    const plan = restartPlan(1_000, failures);
    failures = plan.failures;
    if (plan.giveUp) break;
    delays.push(plan.delayMs);
  }
  assert.deepEqual(delays, [1_000, 2_000, 4_000, 8_000]);
  assert.equal(failures, RESTART.maxFailedStarts);
  assert.equal(restartPlan(29_000, 0, { ...RESTART, maxFailedStarts: 99 }).failures, 1);
  let slow = 0;
  for (let i = 0; i < 10; i++)
    slow = Math.max(slow, (restartPlan(0, i, { ...RESTART, maxFailedStarts: 99 }) as { delayMs: number }).delayMs);
  assert.equal(slow, RESTART.maxDelayMs);
});

test('a killed process is started again (a new pid), and counts its restarts', async () => {
  const starts: Array<[string, number | undefined]> = [];
  const sup = new Supervisor({ policy: FAST, onStart: (name, pid) => starts.push([name, pid]) });
  try {
    sup.start('sleeper', node, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' });
    sup.supervise();
    const first = sup.pid('sleeper')!;
    process.kill(first, 'SIGKILL');
    // Generous: a node start takes seconds on a loaded machine.
    for (let i = 0; i < 1500 && (!sup.alive('sleeper') || sup.pid('sleeper') === first); i++) await sleep(20);
    assert.ok(sup.alive('sleeper'));
    assert.notEqual(sup.pid('sleeper'), first);
    assert.equal(sup.restarts('sleeper'), 1);
    assert.deepEqual(
      starts.map(([name]) => name),
      ['sleeper', 'sleeper'],
    );
  } finally {
    await sup.stop();
  }
});

test('a process that keeps failing to start: five tries in a row, then the supervisor gives up', async () => {
  let gaveUp: string | undefined;
  const sup = new Supervisor({ policy: FAST, onGiveUp: (name) => (gaveUp = name) });
  try {
    sup.start('other', node, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' });
    sup.start('crasher', node, ['-e', 'setTimeout(() => process.exit(3), 50)'], { stdio: 'inherit' });
    sup.supervise();
    // Five starts of node: seconds each on a loaded machine, so the wait is generous.
    for (let i = 0; i < 3000 && !gaveUp; i++) await sleep(20);
    assert.equal(gaveUp, 'crasher');
    assert.equal(sup.restarts('crasher'), FAST.maxFailedStarts - 1);
    // The other process was never touched.
    assert.ok(sup.alive('other'));
  } finally {
    await sup.stop();
  }
});

test('a death before supervise() is recorded, not restarted', async () => {
  const sup = new Supervisor({ policy: FAST });
  try {
    sup.start('early', node, ['-e', 'process.exit(2)'], { stdio: 'inherit' });
    for (let i = 0; i < 1500 && !sup.earlyDeath; i++) await sleep(20);
    assert.equal(sup.earlyDeath, 'early stopped (exit code 2)');
    await sleep(100);
    assert.equal(sup.alive('early'), false);
    assert.equal(sup.restarts('early'), 0);
  } finally {
    await sup.stop();
  }
});
