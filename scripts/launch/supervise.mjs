/**
 * What `npm start` (start.mjs) and `npm run start:cluster` (cluster.mjs) share: a group of supervised
 * child processes, waiting for a server to answer, and the lines they print.
 */
import { spawn } from 'node:child_process';
import { ROOT } from './web-build.mjs';

/** An environment variable, with an empty value counting as unset. */
export const env = (name) => (process.env[name] === '' ? undefined : process.env[name]);

/** Log and failure lines with the script's tag (`[start] …`). */
export function logger(tag) {
  return {
    log: (message) => process.stdout.write(`[${tag}] ${message}\n`),
    warn: (message) => process.stderr.write(`[${tag}] ${message}\n`),
  };
}

/**
 * Child processes started and stopped together. `onUnexpectedExit(name, code, signal)` is called
 * when a child ends that nobody stopped (neither `stop()` nor `kill(name)`).
 */
export class ChildGroup {
  constructor({ onUnexpectedExit }) {
    this.onUnexpectedExit = onUnexpectedExit;
    this.children = new Map();
    this.stopping = false;
  }

  /** Starts `command args` under `name`; stdio 'inherit' or an open file descriptor for both outputs. */
  start(name, command, args, { env: childEnv, stdio = 'inherit' }) {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: childEnv,
      stdio: stdio === 'inherit' ? 'inherit' : ['ignore', stdio, stdio],
    });
    child.expected = false;
    this.children.set(name, child);
    child.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        if (this.children.get(name) === child) this.children.delete(name);
        resolve();
        if (!this.stopping && !child.expected) this.onUnexpectedExit(name, code, signal);
      });
      child.on('error', (err) => {
        if (this.children.get(name) === child) this.children.delete(name);
        resolve();
        if (!this.stopping) this.onUnexpectedExit(name, null, err.message);
      });
    });
    return child;
  }

  alive(name) {
    const child = this.children.get(name);
    return child !== undefined && child.exitCode === null && child.signalCode === null;
  }

  pid(name) {
    return this.children.get(name)?.pid;
  }

  /** Ends one child on purpose (the others keep running); resolves once it is gone. */
  async kill(name, signal = 'SIGKILL') {
    const child = this.children.get(name);
    if (!child) return;
    child.expected = true;
    child.kill(signal);
    await child.exited;
  }

  /** Sends `signal` to every child, SIGKILL after `graceMs`; resolves once all are gone. */
  async stop(signal = 'SIGTERM', graceMs = 10_000) {
    this.stopping = true;
    const all = [...this.children.values()];
    for (const child of all) child.kill(signal);
    // A child that ignores the signal must not keep the terminal hostage.
    const timer = setTimeout(() => {
      for (const child of all) child.kill('SIGKILL');
    }, graceMs);
    await Promise.all(all.map((child) => child.exited));
    clearTimeout(timer);
  }
}

/** The supervisor's restart delays: the first, the longest, and how long a run must last to reset them. */
export const RESTART = { firstDelayMs: 500, maxDelayMs: 10_000, resetAfterMs: 30_000, maxFailedStarts: 5 };

/**
 * What to do when a supervised process ends after `ranMs`, its failed starts in a row so far being
 * `failures`: restart after `delayMs` (with the new count), or give up. A run shorter than
 * `resetAfterMs` counts as a failed start.
 */
export function restartPlan(ranMs, failures, policy = RESTART) {
  const failed = ranMs < policy.resetAfterMs ? failures + 1 : 0;
  if (failed >= policy.maxFailedStarts) return { giveUp: true, failures: failed };
  return { giveUp: false, failures: failed, delayMs: Math.min(policy.firstDelayMs * 2 ** failed, policy.maxDelayMs) };
}

/**
 * A ChildGroup whose children are started again when they die, as a process supervisor would (the
 * scale mode, cluster.mjs): after `restartPlan`'s delay, until one fails to start `maxFailedStarts`
 * times in a row, when `onGiveUp(name, code, signal)` is called (the caller stops the rest). Until
 * `supervise()` a death is only recorded (`earlyDeath`): a start that fails is the caller's to judge.
 * `onStart(name, pid)` follows every start; `onUnexpectedExit(name, code, signal)` every death.
 */
export class Supervisor {
  constructor({
    policy = RESTART,
    log = () => {},
    onStart = () => {},
    onUnexpectedExit = () => {},
    onGiveUp = () => {},
  }) {
    Object.assign(this, { policy, log, onStart, onUnexpectedExit, onGiveUp });
    this.active = false;
    this.stopping = false;
    this.earlyDeath = undefined;
    /** Each process: how to start it, when it last started, its failed starts in a row, a pending restart. */
    this.procs = new Map();
    this.children = new ChildGroup({
      onUnexpectedExit: (name, code, signal) => {
        if (!this.active) {
          this.earlyDeath ??= `${name} stopped (${signal ?? `exit code ${code}`})`;
          return;
        }
        this.onUnexpectedExit(name, code, signal);
        this.restart(name, code, signal);
      },
    });
  }

  /** From now on a dead child is started again. */
  supervise() {
    this.active = true;
  }

  start(name, command, args, options) {
    const proc = this.procs.get(name) ?? { failures: 0, restarts: 0 };
    Object.assign(proc, { command, args, options, startedAt: Date.now(), timer: undefined });
    this.procs.set(name, proc);
    const child = this.children.start(name, command, args, options);
    this.onStart(name, child.pid);
    return child;
  }

  restart(name, code, signal) {
    const proc = this.procs.get(name);
    if (!proc || this.stopping) return;
    const how = signal ?? `exit code ${code}`;
    const plan = restartPlan(Date.now() - proc.startedAt, proc.failures, this.policy);
    proc.failures = plan.failures;
    if (plan.giveUp) {
      this.log(`${name} stopped (${how}) and failed to start ${plan.failures} times in a row; stopping everything`);
      this.onGiveUp(name, code, signal);
      return;
    }
    this.log(`${name} stopped (${how}); starting it again in ${plan.delayMs} ms`);
    proc.timer = setTimeout(() => {
      if (this.stopping || this.children.alive(name)) return;
      proc.restarts++;
      this.start(name, proc.command, proc.args, proc.options);
    }, plan.delayMs);
  }

  names() {
    return [...this.procs.keys()];
  }

  alive(name) {
    return this.children.alive(name);
  }

  pid(name) {
    return this.children.pid(name);
  }

  /** How many times `name` was started again. */
  restarts(name) {
    return this.procs.get(name)?.restarts ?? 0;
  }

  /** Ends one child on purpose: it is not started again. */
  kill(name, signal) {
    return this.children.kill(name, signal);
  }

  stop(signal = 'SIGTERM', graceMs) {
    this.stopping = true;
    for (const proc of this.procs.values()) clearTimeout(proc.timer);
    return this.children.stop(signal, graceMs);
  }
}

/**
 * Polls until the URL answers with a status `accept` takes (by default any: a 404 still proves the
 * server listens). Resolves false when `timeoutMs` passed or `giveUp()` turned true first.
 */
export async function waitForHttp(url, timeoutMs, giveUp = () => false, accept = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (giveUp()) return false;
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer().catch(() => undefined);
      if (accept(res.status)) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

/** The URLs and demo logins of a running web app on `port`, then `details` (lines) and how to stop. */
export function printRunning(port, details) {
  const lines = [
    '',
    'Pulzus is running:',
    '',
    `  http://localhost:${port}          (the default tenant)`,
    `  http://demo.localhost:${port}     login: demo@pulzus.hu / pulzus-demo`,
    `  http://other.localhost:${port}    login: other@pulzus.hu / pulzus-other`,
    '',
    ...details,
    '',
    'Press Ctrl+C to stop.',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
