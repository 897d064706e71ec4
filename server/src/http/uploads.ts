import { readFile } from 'node:fs/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stripInvisible } from '../../../contracts/fields';
import { fileMessages, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, isOverLong, UPLOAD_FIELD } from '../../../contracts/uploads';
import type { Config } from '../env';
import { randomString } from '../security/crypto';
import type { Storage } from '../storage';
import { readImageHeader, sniffImageType } from '../storage/image-header';
import { endsMidFrame, NotMp3Error } from '../storage/mp3-duration';
import { mp3Length } from '../storage/mp3-length';

/*
 * Uploads: one file a call in the multipart field `file`, streamed to a temporary stored file as
 * it arrives (never held whole in memory), limited by size and judged by its content, never by
 * its name or declared type: MP3 by an ID3 tag or a frame header, then read by music-metadata and
 * cross-checked by walking every frame (storage/mp3-length.ts: the length is what the frames play,
 * a header that lies about it or frames with no decodable audio are refused), whole frames up to
 * its end (a cut file is refused); JPEG/PNG by their headers read properly (storage/image-header.ts) and
 * within the screen's size limit. A route marks itself with
 * `config: { upload: 'audio' | 'image' }` and reads the result with `uploadOf(req)`; it keeps the
 * file with `keepUpload`, and whatever it does not keep is removed when the answer is sent
 * (refusals and errors leave no file).
 */

export type UploadKind = 'audio' | 'image';
export type FileType = 'mp3' | 'jpg' | 'png';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes one uploaded file of this kind (see http/uploads.ts). */
    upload?: UploadKind;
  }
}

export interface UploadedFile {
  /** Stored path of the temporary file. */
  tmpPath: string;
  /** The client's file name, cleaned (shown in lists, never used as a path). */
  fileName: string;
  bytes: number;
  type: FileType;
  /** Seconds, for audio. */
  duration: number | null;
}

interface UploadState {
  file?: UploadedFile;
  error?: string;
  /** Temporary files of this request not yet kept. */
  pending: Set<string>;
}

const states = new WeakMap<FastifyRequest, UploadState>();
const stateOf = (req: FastifyRequest) => {
  let state = states.get(req);
  if (!state) {
    state = { pending: new Set() };
    states.set(req, state);
  }
  return state;
};

/**
 * File parts an upload call may carry: its one file. Busboy stops at the next file part's headers,
 * so a chunked body cannot bring more for the server to read and drop (`tooManyFilesOf`).
 */
const UPLOAD_FILE_PARTS = 1;
const TMP_DIR = 'tmp';
const MB = 1024 * 1024;

function looksLikeMp3(head: Buffer): boolean {
  if (head.length >= 10 && head.toString('latin1', 0, 3) === 'ID3') return true;
  return head.length >= 4 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0;
}

/**
 * The client's file name as a label: its last path segment without invisible characters (the
 * names' rule, contracts/fields.ts), which are dropped rather than refused: the shop did not type
 * them, and the file is good.
 */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // Cut by code points, then again without invisibles: a joiner left at the cut has no emoji after it.
  const clean = stripInvisible([...stripInvisible(base)].slice(0, 200).join('')).trim();
  return clean || fallback;
}

async function drain(part: MultipartFile): Promise<number> {
  let bytes = 0;
  for await (const chunk of part.file) bytes += (chunk as Buffer).length;
  return bytes;
}

export function createUploads({ config, storage }: { config: Config; storage: Storage }) {
  const limitOf = (kind: UploadKind) => (kind === 'audio' ? config.uploadAudioMaxBytes : config.uploadImageMaxBytes);

  async function judgeImage(tmpPath: string, head: Buffer): Promise<{ type: FileType; duration: null } | string> {
    if (!sniffImageType(head)) return fileMessages.notImage;
    const abs = storage.resolve(tmpPath);
    if (!abs) return fileMessages.notImage;
    // The stored file, bounded by the image limit: a PNG's chunks before its first IDAT may be long.
    const header = readImageHeader(await readFile(abs));
    if (!header) return fileMessages.notImage;
    const { width, height } = header;
    if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS)
      return fileMessages.imageTooLarge;
    return { type: header.type, duration: null };
  }

  async function judge(
    kind: UploadKind,
    tmpPath: string,
    head: Buffer,
  ): Promise<{ type: FileType; duration: number | null } | string> {
    if (kind === 'image') return judgeImage(tmpPath, head);
    if (!looksLikeMp3(head)) return fileMessages.notMp3;
    const abs = storage.resolve(tmpPath);
    if (!abs) return fileMessages.brokenMp3;
    try {
      // The stored file, read once to count its frames: bounded by the audio limit.
      const data = await readFile(abs);
      const duration = (await mp3Length(data)).seconds;
      return duration > 0 && !endsMidFrame(data) ? { type: 'mp3', duration } : fileMessages.brokenMp3;
    } catch (err) {
      if (err instanceof NotMp3Error) return fileMessages.brokenMp3;
      throw err;
    }
  }

  /** @fastify/multipart's `onFile`: called for each file part, with the request as `this`. */
  async function onFile(this: FastifyRequest, part: MultipartFile): Promise<void> {
    const kind = this.routeOptions.config.upload;
    if (!kind) {
      // Routes without uploads take no file part (their files limit is 0): none should come here.
      await drain(part);
      return;
    }
    const state = stateOf(this);
    if (part.fieldname !== UPLOAD_FIELD) {
      // A file in another field is not the upload: a non-empty one refuses the call.
      if ((await drain(part)) > 0) state.error = fileMessages.tooMany;
      return;
    }
    const tmpPath = `${TMP_DIR}/${randomString(32)}`;
    state.pending.add(tmpPath);
    const limit = limitOf(kind);
    const written = await storage.writeStream(tmpPath, part.file as AsyncIterable<Buffer>, { maxBytes: limit });
    // A form's empty file input (no file chosen) is no file at all.
    if (written.bytes === 0) {
      await forget(this, tmpPath);
      return;
    }
    if (written.overLimit) {
      state.error = fileMessages.tooLarge(Math.round((limit / MB) * 10) / 10);
      await forget(this, tmpPath);
      return;
    }
    const verdict = await judge(kind, tmpPath, written.head);
    if (typeof verdict === 'string') {
      state.error = verdict;
      await forget(this, tmpPath);
      return;
    }
    state.file = {
      tmpPath,
      fileName: cleanFileName(part.filename, kind === 'audio' ? 'hang.mp3' : `kep.${verdict.type}`),
      bytes: written.bytes,
      type: verdict.type,
      duration: verdict.duration,
    };
  }

  async function forget(req: FastifyRequest, tmpPath: string) {
    stateOf(req).pending.delete(tmpPath);
    await storage
      .remove(tmpPath)
      .catch((err: unknown) => req.log.warn({ err, tmpPath }, 'temporary upload not removed'));
  }

  /** Removes the request's temporary files that no route kept. */
  async function cleanUp(req: FastifyRequest) {
    const state = states.get(req);
    if (!state) return;
    for (const tmpPath of [...state.pending]) await forget(req, tmpPath);
  }

  /** Upload routes: the hard cap on the body and the multipart limits; cleanup when answered. */
  function register(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      if (!route.config?.upload) return;
      route.config = {
        ...route.config,
        multipartOptions: { limits: { fileSize: config.uploadBodyMaxBytes, files: UPLOAD_FILE_PARTS } },
      };
    });
    app.addHook('onResponse', async (req) => cleanUp(req));
    app.addHook('onRequestAbort', async (req) => cleanUp(req));
  }

  /** The largest body a route takes: the upload cap on upload routes, else the general limit. */
  const bodyCapOf = (req: FastifyRequest, general: number) =>
    req.routeOptions.config.upload ? config.uploadBodyMaxBytes : general;

  return { onFile, register, bodyCapOf };
}

/**
 * The field error of an upload call whose body brought a file part more than the route takes
 * (busboy's files limit, raised at that part's headers): the form's own message under `file`,
 * answered without reading the rest.
 */
export function tooManyFilesOf(req: FastifyRequest, err: unknown): Record<string, string[]> | undefined {
  if (!req.routeOptions.config.upload || (err as { code?: string }).code !== 'FST_FILES_LIMIT') return undefined;
  return { [UPLOAD_FIELD]: [fileMessages.tooMany] };
}

/**
 * The call's file: `file` when one good file came, `error` (the message for `errors.file`) when
 * it was refused, neither when none came. Required-ness is the route's to judge.
 */
export function uploadOf(req: FastifyRequest): { file?: UploadedFile; error?: string } {
  const state = states.get(req);
  if (!state) return {};
  if (state.error) return { error: state.error };
  return state.file ? { file: state.file } : {};
}

/**
 * Keeps the upload at `relPath` and runs `write` (the database change); when `write` fails the
 * kept file is removed again, so a refused call leaves no file behind.
 */
export async function keepUpload<T>(
  req: FastifyRequest,
  storage: Storage,
  file: UploadedFile,
  relPath: string,
  write: (relPath: string) => Promise<T>,
): Promise<T> {
  await storage.move(file.tmpPath, relPath);
  stateOf(req).pending.delete(file.tmpPath);
  try {
    return await write(relPath);
  } catch (err) {
    await storage.remove(relPath).catch(() => {});
    throw err;
  }
}

/** Removes replaced or deleted files once the database change has committed. */
export async function removeAfterCommit(
  req: FastifyRequest,
  storage: Storage,
  paths: Array<string | null | undefined>,
) {
  for (const p of paths) {
    if (!p) continue;
    await storage.remove(p).catch((err: unknown) => req.log.warn({ err, path: p }, 'replaced media file not removed'));
  }
}

/** Where a kept upload lives: `<area>/<customerId>/<random>.<type>` (the type sets its content type). */
export function uploadPath(
  area: 'spots' | 'sounds' | 'slideshows' | 'logos',
  customerId: number,
  type: FileType,
): string {
  return `${area}/${customerId}/${randomString(32)}.${type}`;
}

/**
 * The upload rules of a route as field errors: the file's refusal, `required` when none came
 * and one is needed, or the route's length cap (`maxSeconds`, audio). Answers the file when there is a good one.
 */
export function collectUpload(
  req: FastifyRequest,
  errors: Record<string, string[]>,
  { required, maxSeconds }: { required: boolean; maxSeconds?: { seconds: number; message: string } },
) {
  const { file, error } = uploadOf(req);
  if (error) errors[UPLOAD_FIELD] = [error];
  else if (!file && required) errors[UPLOAD_FIELD] = [fileMessages.required];
  else if (file && maxSeconds && file.duration !== null && isOverLong(file.duration, maxSeconds.seconds)) {
    errors[UPLOAD_FIELD] = [maxSeconds.message];
    return undefined;
  }
  return error ? undefined : file;
}
