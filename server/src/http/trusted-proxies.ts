import { BlockList, isIP } from 'node:net';

/**
 * TRUSTED_PROXIES for the API: the addresses and CIDR ranges (comma- or space-separated) of the
 * load balancers in front of the instances. Only a peer in the list may name the client in
 * X-Forwarded-For (the realtime server counts sockets per client address by it). The web server
 * parses the same variable the same way (scripts/trusted-proxies.mjs); the server may not import it.
 */

export interface TrustedProxies {
  readonly entries: string[];
  contains(address: string): boolean;
}

export function normalizeIp(address: string | undefined): string | undefined {
  if (!address) return undefined;
  let a = address.trim();
  if (a.startsWith('[') && a.endsWith(']')) a = a.slice(1, -1);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) a = mapped[1]!;
  return isIP(a) ? a.toLowerCase() : undefined;
}

/** Throws naming every entry that is neither an address nor a CIDR range. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  const list = new BlockList();
  const bad: string[] = [];
  for (const entry of entries) {
    const [addr, prefix, ...rest] = entry.split('/');
    const ip = normalizeIp(addr);
    const family = ip && isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (!ip || rest.length > 0) {
      bad.push(entry);
      continue;
    }
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
  if (bad.length > 0)
    throw new Error(`not an IP address or CIDR range: ${bad.join(', ')} (expected e.g. "127.0.0.1, 10.0.0.0/8, ::1")`);
  return {
    entries,
    contains(address) {
      if (entries.length === 0) return false;
      const ip = normalizeIp(address);
      return ip ? list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4') : false;
    },
  };
}
