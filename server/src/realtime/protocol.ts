import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { PresenceMember } from './presence-store';

/**
 * Pusher Channels protocol 7: frame shapes, codes, limits and the two HMAC signatures
 * (channel authorization and the HTTP API request signature), as CONTRACTS.md §1 fixes them.
 */

export const PROTOCOL_VERSION = 7;

/** Pusher's limits (and the ones soketi and Reverb enforce the same way). */
export const limits = {
  /** HTTP events API: `data` of one event, bytes → 413. */
  eventDataBytes: 10 * 1024,
  eventNameLength: 200,
  channelsPerEvent: 100,
  batchSize: 10,
  channelNameLength: 200,
  /** Client events: messages per second per connection, and the size of one. */
  clientEventsPerSecond: 10,
  clientEventDataBytes: 10 * 1024,
  /** One message from a client: Pusher refuses bigger ones with 4301 and closes the socket. */
  messageBytes: 10 * 1024,
  /**
   * What the WebSocket layer reads of one frame at all (bigger ones close with 1009 before being
   * buffered); above `messageBytes` so that the common case gets Pusher's own 4301.
   */
  framePayloadBytes: 64 * 1024,
  /** Channels one socket may be subscribed to at once. */
  channelsPerConnection: 100,
  /** channel_data of a presence subscription. */
  presenceChannelDataBytes: 2 * 1024,
  presenceUserIdLength: 128,
} as const;

/** Error / close codes of CONTRACTS.md §1.4. */
export const codes = {
  appNotFound: 4001,
  pathNotFound: 4005,
  unsupportedProtocol: 4007,
  noProtocol: 4008,
  /** Also the close code when the login that authorised a socket's channels ends (logout, reset, expiry). */
  unauthorized: 4009,
  /** Over capacity (here: too many sockets from one client address); pusher-js retries after a while. */
  overCapacity: 4100,
  /** Reconnect at once: the server is going away (shutdown, restart). */
  restarting: 4200,
  pongTimeout: 4201,
  /** Client event refused (disabled, not allowed here, rate limit): sent as an error; also the close code of a message over 10 kB. */
  clientEventRejected: 4301,
} as const;

export const SOCKET_ID = /^\d+\.\d+$/;
/** Pusher's channel name alphabet. */
export const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/;

export type ChannelKind = 'public' | 'private' | 'private-encrypted' | 'presence';

/** Order matters: `private-encrypted-` before `private-` (soketi getChannelManagerFor). */
export function channelKind(name: string): ChannelKind {
  if (name.startsWith('presence-')) return 'presence';
  if (name.startsWith('private-encrypted-')) return 'private-encrypted';
  if (name.startsWith('private-')) return 'private';
  return 'public';
}

export function isValidChannelName(name: unknown): name is string {
  return (
    typeof name === 'string' && name.length > 0 && name.length <= limits.channelNameLength && CHANNEL_NAME.test(name)
  );
}

/** Reverb's form: two random integers joined by a dot. */
export function newSocketId(): string {
  return `${randomInt(1, 1_000_000_000)}.${randomInt(1, 1_000_000_000)}`;
}

/** What reaches a socket. `data` is a JSON string, except client events, relayed as sent. */
export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

export function encode(frame: Frame): string {
  return JSON.stringify(frame);
}

/** `{"event":"pusher:error","data":{"code":…,"message":…}}` (data as an object, as soketi and pusher-js accept). */
export function errorFrame(code: number | null, message: string): string {
  return encode({ event: 'pusher:error', data: { code, message } });
}

export const PONG_FRAME = '{"event":"pusher:pong","data":"{}"}';
export const PING_FRAME = '{"event":"pusher:ping","data":"{}"}';

export function hmacHex(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function md5Hex(body: Buffer | string): string {
  return createHash('md5').update(body).digest('hex');
}

/** Constant-time equality of two hex strings (or any strings): digests first, so lengths leak nothing. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/** The string a channel authorization signs: `socket_id:channel[:channel_data]`. */
export function channelAuthString(socketId: string, channel: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
}

/** The device login that authorised a subscription (see grants.ts): `{customerId}.{sessionId}`. */
export const LOGIN_REF = /^\d{1,10}\.[A-Za-z0-9_-]{1,64}$/;

export function loginRef(customerId: number, sessionId: string): string {
  return `${customerId}.${sessionId}`;
}

/** `key:hex(HMAC_SHA256(secret, socket_id:channel[:channel_data]))`. */
export function signChannel(
  app: { key: string; secret: string },
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  return `${app.key}:${hmacHex(app.secret, channelAuthString(socketId, channel, channelData))}`;
}

/**
 * Checks a subscription's `auth` against the exact `channel_data` string received: the key must be
 * ours and the signature is compared in constant time (only the part after `key:`, as Reverb does).
 */
export function verifyChannelAuth(
  app: { key: string; secret: string },
  auth: unknown,
  socketId: string,
  channel: string,
  channelData?: string,
): boolean {
  if (typeof auth !== 'string') return false;
  const colon = auth.indexOf(':');
  if (colon <= 0) return false;
  const key = auth.slice(0, colon);
  const signature = auth.slice(colon + 1);
  const expected = hmacHex(app.secret, channelAuthString(socketId, channel, channelData));
  return safeEqual(signature, expected) && safeEqual(key, app.key);
}

/** `METHOD\npath\nk=v&…` with keys lowercased and sorted, values not escaped, auth_signature left out. */
export function requestSigningString(method: string, path: string, params: Record<string, string>): string {
  const query = Object.keys(params)
    .filter((k) => k.toLowerCase() !== 'auth_signature')
    .map((k) => [k.toLowerCase(), params[k]!] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `${method.toUpperCase()}\n${path}\n${query}`;
}

export function signRequest(secret: string, method: string, path: string, params: Record<string, string>): string {
  return hmacHex(secret, requestSigningString(method, path, params));
}

export function memberAdded(channel: string, member: PresenceMember): string {
  const data = member.user_info === undefined ? { user_id: member.user_id } : member;
  return encode({ event: 'pusher_internal:member_added', channel, data: JSON.stringify(data) });
}

export function memberRemoved(channel: string, userId: string): string {
  return encode({ event: 'pusher_internal:member_removed', channel, data: JSON.stringify({ user_id: userId }) });
}
