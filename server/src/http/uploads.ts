import { readFile } from 'node:fs/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BIDI_CONTROL } from '../../../contracts/fields';
import { fileMessages, isOverLong, UPLOAD_FIELD } from '../../../contracts/uploads';
import type { Config } from '../env';
import { randomString } from './crypto';
import type { Storage } from '../storage';
import { endsMidFrame, mp3Duration, NotMp3Error } from '../storage/mp3-duration';

/*
 * Uploads: one file a call in the multipart field `file`, streamed to a temporary stored file as
 * it arrives (never held whole in memory), limited by size and judged by its content, never by
 * its name or declared type: MP3 by an ID3 tag or a frame header, then whole frames up to its end
 * (a cut file is refused); JPEG/PNG by their magic bytes. A route marks itself with
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
  files: number;
  file?: UploadedFile;
  error?: string;
  /** Temporary files of this request not yet kept. */
  pending: Set<string>;
}

const states = new WeakMap<FastifyRequest, UploadState>();
const stateOf = (req: FastifyRequest) => {
  let state = states.get(req);
  if (!state) {
    state = { files: 0, pending: new Set() };
    states.set(req, state);
  }
  return state;
};

/** Most file parts an upload call may carry before the body counts as abuse (413). */
const MAX_FILE_PARTS = 10;
const TMP_DIR = 'tmp';
const MB = 1024 * 1024;

const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function imageType(head: Buffer): FileType | undefined {
  if (head.subarray(0, 3).equals(JPEG)) return 'jpg';
  if (head.subarray(0, 8).equals(PNG)) return 'png';
  return undefined;
}

function looksLikeMp3(head: Buffer): boolean {
  if (head.length >= 10 && head.toString('latin1', 0, 3) === 'ID3') return true;
  return head.length >= 4 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0;
}

/** Control characters (below 32, and 127) and bidirectional-text controls. */
const unsafeChar = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 32 || code === 127 || BIDI_CONTROL.test(c);
};
/** The client's file name as a label: its last path segment, no control or bidi characters. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = [...base].filter((c) => !unsafeChar(c)).join('').trim().slice(0, 200);
  return clean || fallback;
}

async function drain(part: MultipartFile): Promise<number> {
  let bytes = 0;
  for await (const chunk of part.file) bytes += (chunk as Buffer).length;
  return bytes;
}

export function createUploads({ config, storage }: { config: Config; storage: Storage }) {
  const limitOf = (kind: UploadKind) => (kind === 'audio' ? config.uploadAudioMaxBytes : config.uploadImageMaxBytes);

  async function judge(kind: UploadKind, tmpPath: string, head: Buffer): Promise<{ type: FileType; duration: number | null } | string> {
    if (kind === 'image') {
      const type = imageType(head);
      return type ? { type, duration: null } : fileMessages.notImage;
    }
    if (!looksLikeMp3(head)) return fileMessages.notMp3;
    const abs = storage.resolve(tmpPath);
    if (!abs) return fileMessages.brokenMp3;
    try {
      // The stored file, read once to count its frames: bounded by the audio limit.
      const data = await readFile(abs);
      const duration = mp3Duration(data);
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
      // Routes without uploads keep the plugin's behaviour: the (small) file becomes a field.
      await part.toBuffer();
      return;
    }
    const state = stateOf(this);
    if (state.files > 0 || part.fieldname !== UPLOAD_FIELD) {
      // Only the first file in `file` is read; any other non-empty file refuses the call.
      if ((await drain(part)) > 0) {
        state.files += 1;
        if (state.files > 1 || part.fieldname === UPLOAD_FIELD) state.error = fileMessages.tooMany;
      }
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
    state.files += 1;
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
    await storage.remove(tmpPath).catch((err: unknown) => req.log.warn({ err, tmpPath }, 'temporary upload not removed'));
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
        multipartOptions: { limits: { fileSize: config.uploadBodyMaxBytes, files: MAX_FILE_PARTS } },
      };
    });
    app.addHook('onResponse', async (req) => cleanUp(req));
    app.addHook('onRequestAbort', async (req) => cleanUp(req));
  }

  /** The largest body a route takes: the upload cap on upload routes, else the general limit. */
  const bodyCapOf = (req: FastifyRequest, general: number) => (req.routeOptions.config.upload ? config.uploadBodyMaxBytes : general);

  return { onFile, register, bodyCapOf };
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
export async function removeAfterCommit(req: FastifyRequest, storage: Storage, paths: Array<string | null | undefined>) {
  for (const p of paths) {
    if (!p) continue;
    await storage.remove(p).catch((err: unknown) => req.log.warn({ err, path: p }, 'replaced media file not removed'));
  }
}

/** Where a kept upload lives: `<area>/<customerId>/<random>.<type>` (the type sets its content type). */
export function uploadPath(area: 'spots' | 'sounds' | 'slideshows' | 'logos', customerId: number, type: FileType): string {
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
