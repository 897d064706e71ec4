/** Types of scripts/launch/supervise.mjs for the TypeScript that uses it (its tests). */
import type { ChildProcess, SpawnOptions } from 'node:child_process';

export interface RestartPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  resetAfterMs: number;
  maxFailedStarts: number;
}
export const RESTART: RestartPolicy;
export function restartPlan(
  ranMs: number,
  failures: number,
  policy?: RestartPolicy,
): { giveUp: true; failures: number } | { giveUp: false; failures: number; delayMs: number };

type Exit = (name: string, code: number | null, signal: string | null) => void;

export class Supervisor {
  constructor(o: {
    policy?: RestartPolicy;
    log?: (line: string) => void;
    onStart?: (name: string, pid: number | undefined) => void;
    onUnexpectedExit?: Exit;
    onGiveUp?: Exit;
  });
  /** The first death before `supervise()`, as a sentence. */
  readonly earlyDeath: string | undefined;
  supervise(): void;
  start(
    name: string,
    command: string,
    args: string[],
    options: { env?: SpawnOptions['env']; stdio?: 'inherit' | number },
  ): ChildProcess;
  names(): string[];
  alive(name: string): boolean;
  pid(name: string): number | undefined;
  restarts(name: string): number;
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export function waitForHttp(
  url: string,
  timeoutMs: number,
  giveUp?: () => boolean,
  accept?: (status: number) => boolean,
): Promise<boolean>;
