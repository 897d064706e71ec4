import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Laravel's Str::random: URL-safe, so cookie and header values need no encoding. */
export function randomString(length = 40): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALNUM[randomInt(ALNUM.length)];
  return out;
}

export function randomId(): string {
  return randomBytes(16).toString('hex');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacSha256(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  // Compare digests so that differing lengths take the same time as differing contents.
  const ha = createHash('sha256').update(ab).digest();
  const hb = createHash('sha256').update(bb).digest();
  return timingSafeEqual(ha, hb) && ab.length === bb.length;
}
