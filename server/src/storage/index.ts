import { createReadStream } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hmacSha256, safeEqual } from '../security/crypto';

/**
 * Files the API hands to browsers (logos now; tracks, spots, images later). They are fetched
 * directly, without cookies, so access is granted by Laravel-style temporary signed URLs:
 * `/media/<path>?expires=<unix>&signature=<hmac>`.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt',
  '.json': 'application/json',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export const MEDIA_PREFIX = '/media/';

/** Links are stable within this step so browsers can cache them between page loads. */
const EXPIRY_STEP_SECONDS = 60 * 60;
export const DEFAULT_LINK_SECONDS = 24 * 60 * 60;

/**
 * Stored paths under this prefix name files of the committed demo asset folder (server/assets),
 * read-only; every other path lives under DATA_DIR/media. `put` refuses the prefix.
 */
export const ASSETS_PREFIX = 'assets/';

export interface Storage {
  readonly root: string;
  readonly assetsRoot: string | undefined;
  /** Absolute file for a stored path, or undefined when it would leave the root. */
  resolve(relPath: string): string | undefined;
  put(relPath: string, data: Buffer | string): Promise<void>;
  /**
   * Streams `source` into a stored path, never holding more than a chunk in memory. Past
   * `maxBytes` it stops writing, removes what it wrote and reads the rest away (`overLimit`).
   * `head` is the first bytes (for judging the content). A failing source leaves no file.
   */
  writeStream(relPath: string, source: AsyncIterable<Buffer>, options: { maxBytes: number }): Promise<StreamedFile>;
  /** Moves a stored file to another stored path (the same volume: a rename). */
  move(from: string, to: string): Promise<void>;
  /** Removes a stored file; a missing one, or one of the read-only `assets/`, is left alone. */
  remove(relPath: string): Promise<void>;
  signedUrl(relPath: string, options?: { seconds?: number; now?: Date }): string;
  verify(urlPath: string, query: { expires?: unknown; signature?: unknown }, now?: Date): boolean;
  /** `ifRange` is the request's If-Range: when it names another version, the Range is ignored (200, whole file). */
  open(relPath: string, range: string | undefined, ifRange?: string): Promise<MediaFile | undefined>;
}

export interface StreamedFile {
  bytes: number;
  head: Buffer;
  overLimit: boolean;
}

/** How many leading bytes `writeStream` keeps for content checks. */
export const HEAD_BYTES = 64;

export interface MediaFile {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  body?: NodeJS.ReadableStream;
}

const encodePath = (relPath: string) => relPath.split('/').map(encodeURIComponent).join('/');

function normalise(relPath: string): string | undefined {
  const clean = path.posix.normalize(relPath.replace(/\\/g, '/')).replace(/^\/+/, '');
  if (!clean || clean === '.' || clean.startsWith('..') || clean.includes('\0')) return undefined;
  return clean;
}

export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multiple ranges or other units: serve the whole file, as the RFC allows.
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

/**
 * Whether a Range may be honoured under the request's If-Range (RFC 9110 §13.1.5): an entity tag
 * matches only strongly (a weak tag never does), a date only when it is exactly the Last-Modified.
 * A client that resumes with a stale validator would otherwise splice bytes of two versions.
 */
export function ifRangeMatches(
  ifRange: string | undefined,
  validators: { etag: string; lastModified: string },
): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === validators.etag;
  const date = Date.parse(value);
  return Number.isFinite(date) && date === Date.parse(validators.lastModified);
}

/** The committed demo media (tracks, spots, sounds, artwork) next to the server sources. */
export const DEFAULT_ASSETS_ROOT = fileURLToPath(new URL('../../assets', import.meta.url));

const inside = (base: string, rel: string) => {
  const abs = path.resolve(base, rel);
  return abs.startsWith(path.resolve(base) + path.sep) ? abs : undefined;
};

export function createStorage({
  root,
  appKey,
  publicUrl,
  assetsRoot = DEFAULT_ASSETS_ROOT,
}: {
  root: string;
  appKey: string;
  publicUrl: string;
  /** Folder served under the `assets/` prefix; `null` turns it off. */
  assetsRoot?: string | null;
}): Storage {
  const sign = (urlPath: string, expires: number) => hmacSha256(appKey, `${urlPath}?expires=${expires}`);

  const resolve = (relPath: string) => {
    const clean = normalise(relPath);
    if (!clean) return undefined;
    if (clean.startsWith(ASSETS_PREFIX) || clean === ASSETS_PREFIX.slice(0, -1)) {
      return assetsRoot ? inside(assetsRoot, clean.slice(ASSETS_PREFIX.length)) : undefined;
    }
    return inside(root, clean);
  };

  const writable = (relPath: string) => {
    const clean = normalise(relPath);
    const abs = clean && !clean.startsWith(ASSETS_PREFIX) ? inside(root, clean) : undefined;
    if (!abs) throw new Error(`Invalid media path: ${relPath}`);
    return abs;
  };

  return {
    root,
    assetsRoot: assetsRoot ?? undefined,
    resolve,
    async writeStream(relPath, source, { maxBytes }) {
      const abs = writable(relPath);
      await mkdir(path.dirname(abs), { recursive: true });
      const out = createWriteStream(abs, { flags: 'wx' });
      const failed = once(out, 'error').then(([err]) => {
        throw err;
      });
      failed.catch(() => {});
      let bytes = 0;
      let overLimit = false;
      const head: Buffer[] = [];
      let headBytes = 0;
      try {
        for await (const chunk of source) {
          bytes += chunk.length;
          if (headBytes < HEAD_BYTES) {
            head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
            headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
          }
          if (bytes > maxBytes) overLimit = true;
          if (overLimit) continue;
          if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
        }
        out.end();
        await Promise.race([finished(out), failed]);
      } catch (err) {
        out.destroy();
        await finished(out).catch(() => {});
        await unlink(abs).catch(() => {});
        throw err;
      }
      if (overLimit) await unlink(abs).catch(() => {});
      return { bytes, head: Buffer.concat(head), overLimit };
    },
    async move(from, to) {
      const target = writable(to);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(writable(from), target);
    },
    async remove(relPath) {
      const clean = normalise(relPath);
      if (!clean || clean.startsWith(ASSETS_PREFIX)) return;
      const abs = inside(root, clean);
      if (!abs) return;
      await unlink(abs).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    async put(relPath, data) {
      const clean = normalise(relPath);
      const abs = clean && !clean.startsWith(ASSETS_PREFIX) ? inside(root, clean) : undefined;
      if (!abs) throw new Error(`Invalid media path: ${relPath}`);
      await mkdir(path.dirname(abs), { recursive: true });
      await writeFile(abs, data);
    },
    signedUrl(relPath, { seconds = DEFAULT_LINK_SECONDS, now = new Date() } = {}) {
      const clean = normalise(relPath);
      if (!clean) throw new Error(`Invalid media path: ${relPath}`);
      const urlPath = MEDIA_PREFIX + encodePath(clean);
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const expires = Math.ceil((nowSeconds + seconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      return `${publicUrl}${urlPath}?expires=${expires}&signature=${sign(urlPath, expires)}`;
    },
    verify(urlPath, { expires, signature }, now = new Date()) {
      if (typeof expires !== 'string' || typeof signature !== 'string' || !/^[1-9]\d{0,11}$/.test(expires))
        return false;
      if (Number(expires) * 1000 <= now.getTime()) return false;
      return safeEqual(sign(urlPath, Number(expires)), signature);
    },
    async open(relPath, rangeHeader, ifRange) {
      const abs = resolve(relPath);
      if (!abs) return undefined;
      const info = await stat(abs).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const base: Record<string, string> = {
        'content-type': contentTypeOf(abs),
        'accept-ranges': 'bytes',
        'last-modified': info.mtime.toUTCString(),
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        'x-content-type-options': 'nosniff',
        // Uploaded SVGs could carry scripts; they must never run on the API's origin.
        'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      };
      const current = ifRangeMatches(ifRange, { etag: base.etag!, lastModified: base['last-modified']! });
      const range = current ? parseRange(rangeHeader, info.size) : undefined;
      if (range === 'invalid') {
        return { status: 416, headers: { ...base, 'content-range': `bytes */${info.size}` } };
      }
      if (range) {
        return {
          status: 206,
          headers: {
            ...base,
            'content-range': `bytes ${range.start}-${range.end}/${info.size}`,
            'content-length': String(range.end - range.start + 1),
          },
          body: createReadStream(abs, { start: range.start, end: range.end }),
        };
      }
      return {
        status: 200,
        headers: { ...base, 'content-length': String(info.size) },
        body: createReadStream(abs),
      };
    },
  };
}
