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
