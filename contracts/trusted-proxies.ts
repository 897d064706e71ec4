/**
 * TRUSTED_PROXIES: who may tell a server where a request came from. One module for both servers that
 * read the variable: the web server (web-server.ts, lib/web-server/forwarded.ts), which rewrites
 * X-Forwarded-* before the BFF forwards the client IP to the API's login throttle, and the tenant
 * API (server/src/env.ts), whose realtime server counts sockets per client address.
 *
 * The value is a comma- or space-separated list of IPv4/IPv6 addresses and CIDR ranges
 * (`10.0.0.0/8, 127.0.0.1, ::1, fd00::/8`), empty by default. Only a peer in the list may name the
 * client in X-Forwarded-For. Pure, so it is unit-tested; like secrets.mjs it is server-side only
 * (node:net) and not exported from index.ts.
 */
import { BlockList, isIP } from 'node:net';

export interface TrustedProxies {
  /** The entries as written. */
  readonly entries: string[];
  contains(address: string | null | undefined): boolean;
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is `1.2.3.4`; `[::1]` is `::1`; anything else than an address is null. */
export function normalizeIp(address: string | null | undefined): string | null {
  if (typeof address !== 'string') return null;
  let a = address.trim();
  if (a.startsWith('[') && a.endsWith(']')) a = a.slice(1, -1);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) a = mapped[1]!;
  return isIP(a) ? a.toLowerCase() : null;
}

/**
 * Parses TRUSTED_PROXIES. Throws an Error naming every entry that is neither an address nor a CIDR
 * range (each server says which variable it was).
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  const list = new BlockList();
  const bad: string[] = [];
  for (const entry of entries) {
    const [addr, prefix, ...rest] = entry.split('/');
    const ip = normalizeIp(addr);
    if (!ip || rest.length > 0) {
      bad.push(entry);
      continue;
    }
    const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) {
      list.addAddress(ip, family);
      continue;
    }
    const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (!(bits >= 0 && bits <= (family === 'ipv6' ? 128 : 32))) {
      bad.push(entry);
      continue;
    }
    list.addSubnet(ip, bits, family);
  }
  if (bad.length > 0) {
    throw new Error(
      `not an IP address or CIDR range: ${bad.join(', ')} (expected e.g. "127.0.0.1, 10.0.0.0/8, ::1, fd00::/8")`,
    );
  }
  return {
    entries,
    contains(address) {
      // Asked on every request: with nothing trusted, BlockList's per-call SocketAddress is not worth making.
      if (entries.length === 0) return false;
      const ip = normalizeIp(address);
      return ip ? list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4') : false;
    },
  };
}

/**
 * The client's address of a request that reached us from `peer` (the socket's address, normalized)
 * with this X-Forwarded-For. An untrusted peer is the client, whatever it sent. A trusted proxy names
 * the client: the nearest address of its chain that is not itself a trusted proxy, walking from the
 * right (the end the proxies append to), so a prefix the client wrote is never believed. The walk
 * stops at the first entry that is not an address; a chain of trusted hops only gives the farthest.
 */
export function forwardedClient(
  peer: string,
  forwardedFor: string | string[] | undefined,
  trusted: { contains(address: string): boolean } | undefined,
): string {
  if (!peer || !trusted || !trusted.contains(peer)) return peer;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  let client = peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    const ip = normalizeIp(chain[i]);
    if (!ip) break;
    client = ip;
    if (!trusted.contains(ip)) break;
  }
  return client;
}
