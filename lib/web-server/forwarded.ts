/**
 * The X-Forwarded-* headers the web app sees, set by the web server (web-server.ts) from the socket
 * before Next or the BFF runs. Why: a route handler cannot see the socket's address, and Next keeps
 * an X-Forwarded-For the client sent; the BFF forwards the client IP to the tenant API (which
 * throttles logins per IP), so a client could otherwise name any IP. What a client sent under these
 * names is kept only when the socket's address is in TRUSTED_PROXIES (contracts/trusted-proxies.ts).
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { forwardedClient, normalizeIp, type TrustedProxies } from '@/contracts/trusted-proxies';

export interface Forwarded {
  for: string;
  proto: 'http' | 'https';
  host: string;
}

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v : undefined;
}

/**
 * The X-Forwarded-* values the web app sees for one request.
 *
 * - From an untrusted socket: For = the socket address, Proto = the socket's (https on TLS),
 *   Host = the Host header. Whatever the client sent under these names is dropped.
 * - From a trusted proxy: Proto and Host as the proxy sent them (falling back to the socket's), and
 *   For = the client its X-Forwarded-For chain names (`forwardedClient`), so a client-written
 *   prefix of the chain is never believed.
 *
 * `headers` are Node's lower-cased request headers.
 */
export function forwardedHeaders(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
  socket: { remoteAddress?: string; encrypted?: boolean },
  trusted: TrustedProxies | undefined,
): Forwarded {
  const peer = normalizeIp(socket.remoteAddress) ?? socket.remoteAddress ?? '';
  const ownProto = socket.encrypted ? 'https' : 'http';
  const host = first(headers.host) ?? '';
  if (!trusted || !peer || !trusted.contains(peer)) {
    return { for: peer, proto: ownProto, host };
  }
  const client = forwardedClient(peer, first(headers['x-forwarded-for']), trusted);
  const sentProto = first(headers['x-forwarded-proto'])?.split(',')[0]?.trim().toLowerCase();
  const proto = sentProto === 'https' || sentProto === 'http' ? sentProto : ownProto;
  const sentHost = first(headers['x-forwarded-host'])?.split(',')[0]?.trim();
  return { for: client, proto, host: sentHost || host };
}

/** Headers that name the client or the way it came; only the web server's own values pass. */
const REPLACED = [
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-real-ip',
  'forwarded',
];

/** Writes the result of `forwardedHeaders` into Node's request headers (and their raw list). */
export function applyForwarded(req: IncomingMessage, trusted: TrustedProxies | undefined): Forwarded {
  const f = forwardedHeaders(req.headers, req.socket as { remoteAddress?: string; encrypted?: boolean }, trusted);
  const set = { 'x-forwarded-for': f.for, 'x-forwarded-proto': f.proto, 'x-forwarded-host': f.host };
  for (const name of REPLACED) delete req.headers[name];
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    if (name.startsWith('x-forwarded-') || name === 'x-real-ip' || name === 'forwarded') continue;
    raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
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
