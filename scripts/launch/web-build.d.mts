/** Types of scripts/launch/web-build.mjs for the TypeScript that builds the web app (test stacks, bench). */

export const ROOT: string;
export function newestMtime(entry: string, skip?: (name: string) => boolean): number;
export function webServerPath(distDir: string): string;
export function buildIsStale(distDir: string): boolean;
export function webServerIsStale(distDir: string): boolean;
export function compileWebServer(distDir: string): Promise<void>;
export function buildWebIfStale(
  distDir: string,
  childEnv: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<void>;
export function ensureWebBuild(distDir: string, log?: (line: string) => void): Promise<void>;
