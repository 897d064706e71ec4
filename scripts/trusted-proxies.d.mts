/** Types of scripts/trusted-proxies.mjs (plain JavaScript, run by Node without a build step). */
import type { IncomingMessage } from 'node:http';

export interface TrustedProxies {
  /** The entries as written. */
  readonly entries: string[];
  contains(address: string | undefined | null): boolean;
}

export interface Forwarded {
  for: string;
  proto: 'http' | 'https';
  host: string;
}

export function normalizeIp(address: string | undefined | null): string | null;
export function parseTrustedProxies(value: string | undefined): TrustedProxies;
export function forwardedHeaders(
  headers: Record<string, string | string[] | undefined>,
  socket: { remoteAddress?: string; encrypted?: boolean },
  trusted: TrustedProxies | undefined,
): Forwarded;
export function applyForwarded(req: IncomingMessage, trusted: TrustedProxies | undefined): Forwarded;
