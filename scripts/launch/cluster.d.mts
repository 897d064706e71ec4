/** Types of scripts/launch/cluster.mjs for the TypeScript that starts a cluster (the scale suite). */

export const DEFAULT_DATABASE_URL: string;
export const DEFAULT_REDIS_URL: string;
/** The file in DATA_DIR naming each process's current id. */
export const PID_FILE: string;
export { RESTART, restartPlan } from './supervise.mjs';

export interface ClusterOptions {
  /** HAProxy's web port; the web instances listen on webPort+1 and webPort+2. */
  webPort: number;
  /** HAProxy's API port; the API instances listen on apiPort+1 and apiPort+2. */
  apiPort: number;
  /** HAProxy's API bind address (default 127.0.0.1); its web port listens on every interface unless webHost names one. */
  apiHost?: string;
  webHost?: string;
  dataDir: string;
  distDir: string;
  databaseUrl: string;
  redisUrl: string;
  /** SCHEDULER_TEST_CONTROL for the API instances (test stacks only). */
  testControl?: boolean;
  /** false: never build the web app (default: build when stale). */
  build?: boolean;
  /** 'inherit' (default) or a log file for every child's output. */
  output?: string;
  baseEnv?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** A child ended that nobody stopped, after `ready` (a death before fails `ready`); it is started again. */
  onUnexpectedExit?: (name: string, code: number | null, signal: string | null) => void;
  /** A child failed to start five times in a row: everything is being stopped. */
  onGiveUp?: (name: string, code: number | null, signal: string | null) => void;
}

/** Children: 'load balancer', 'api-1', 'api-2', 'web-1', 'web-2'. */
export interface Cluster {
  /** Resolves once every piece answers; rejects, everything stopped, when one does not. */
  readonly ready: Promise<void>;
  readonly webPort: number;
  readonly apiPort: number;
  readonly webPorts: number[];
  readonly apiPorts: number[];
  alive(name: string): boolean;
  pid(name: string): number | undefined;
  /** How many times the supervisor started `name` again. */
  restarts(name: string): number;
  /** DATA_DIR's file of every process's current id (JSON: name → pid). */
  readonly pidFile: string;
  /** Ends one child on purpose (default SIGKILL), not restarted; the others keep running. */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

export function haproxyConfig(o: { webBind: string; apiBind: string; webPorts: number[]; apiPorts: number[] }): string;
/** Starts the processes and answers at once (see `ready`). */
export function createCluster(o: ClusterOptions): Cluster;
/** createCluster, resolved once `ready`. */
export function startCluster(o: ClusterOptions): Promise<Cluster>;
