/**
 * Who may tell the web server where a request came from. Pure, so it is unit-tested; used by
 * scripts/web-server.mjs.
 *
 * TRUSTED_PROXIES is a comma- or space-separated list of IPv4/IPv6 addresses and CIDR ranges
 * (`10.0.0.0/8, 127.0.0.1, ::1, fd00::/8`), empty by default. A request whose socket address is in
 * the list keeps the X-Forwarded-For/-Proto/-Host it arrived with (the proxy set them); any other
 * request gets them from its socket, whatever it sent.
 */
import { BlockList, isIP } from 'node:net';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is `1.2.3.4`. */
export function normalizeIp(address) {
  if (typeof address !== 'string') return null;
  let a = address.trim();
  if (a.startsWith('[') && a.endsWith(']')) a = a.slice(1, -1);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) a = mapped[1];
  return isIP(a) ? a.toLowerCase() : null;
}

/**
 * Parses TRUSTED_PROXIES. Throws an Error naming every entry that is not an address or a CIDR range.
 * Returns `{ entries, contains(address) }`.
 */
export function parseTrustedProxies(value) {
  const raw = (value ?? '').split(/[\s,]+/).filter(Boolean);
  const list = new BlockList();
  const bad = [];
  for (const entry of raw) {
    const [addr, prefix, ...rest] = entry.split('/');
    const ip = normalizeIp(addr);
    const family = ip ? (isIP(ip) === 6 ? 'ipv6' : 'ipv4') : null;
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
  if (bad.length > 0) {
    throw new Error(
      `TRUSTED_PROXIES: not an IP address or CIDR range: ${bad.join(', ')} ` +
        '(expected e.g. "127.0.0.1, 10.0.0.0/8, ::1, fd00::/8")',
    );
  }
  return {
    entries: raw,
    contains(address) {
      // Asked on every request: with nothing trusted, BlockList's per-call SocketAddress is not worth making.
      if (raw.length === 0) return false;
      const ip = normalizeIp(address);
      if (!ip) return false;
      return list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

function first(value) {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v : undefined;
}

/**
 * The X-Forwarded-* values the web app sees for one request.
 *
 * - From an untrusted socket: For = the socket address, Proto = the socket's (https on TLS),
 *   Host = the Host header. Whatever the client sent under these names is dropped.
 * - From a trusted proxy: Proto and Host as the proxy sent them (falling back to the socket's), and
 *   For = the nearest address in the proxy's X-Forwarded-For chain that is not itself a trusted
 *   proxy (walking from the right, the end the proxies append to), so a client-written prefix of
 *   the chain is never believed.
 *
 * `headers` are Node's lower-cased request headers; `socket` is `{ remoteAddress, encrypted }`.
 */
export function forwardedHeaders(headers, socket, trusted) {
  const peer = normalizeIp(socket.remoteAddress) ?? socket.remoteAddress ?? '';
  const ownProto = socket.encrypted ? 'https' : 'http';
  const host = first(headers.host) ?? '';
  if (!trusted || !peer || !trusted.contains(peer)) {
    return { for: peer, proto: ownProto, host };
  }
  let client = peer;
  const chain = (first(headers['x-forwarded-for']) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    const ip = normalizeIp(chain[i]);
    if (!ip) break;
    client = ip;
    if (!trusted.contains(ip)) break;
  }
  const sentProto = first(headers['x-forwarded-proto'])?.split(',')[0]?.trim().toLowerCase();
  const proto = sentProto === 'https' || sentProto === 'http' ? sentProto : ownProto;
  const sentHost = first(headers['x-forwarded-host'])?.split(',')[0]?.trim();
  return { for: client, proto, host: sentHost || host };
}

/** Writes the result of `forwardedHeaders` into Node's request headers (and their raw list). */
export function applyForwarded(req, trusted) {
  const f = forwardedHeaders(req.headers, req.socket, trusted);
  const set = { 'x-forwarded-for': f.for, 'x-forwarded-proto': f.proto, 'x-forwarded-host': f.host };
  for (const name of [
    'x-forwarded-for',
    'x-forwarded-proto',
    'x-forwarded-host',
    'x-forwarded-port',
    'x-real-ip',
    'forwarded',
  ]) {
    delete req.headers[name];
  }
  const raw = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i].toLowerCase();
    if (name.startsWith('x-forwarded-') || name === 'x-real-ip' || name === 'forwarded') continue;
    raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  for (const [name, value] of Object.entries(set)) {
    if (!value) continue;
    req.headers[name] = value;
    raw.push(name, value);
  }
  req.rawHeaders.length = 0;
  req.rawHeaders.push(...raw);
  return f;
}
