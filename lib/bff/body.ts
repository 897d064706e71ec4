/**
 * Request bodies and their limits. A call's body is buffered (a 419 can then be retried), an upload
 * streamed; either is counted here as it arrives, so a body over the API's limit gets the 413 from
 * the web server itself, whatever the API would do with it (it refuses and closes the connection
 * while the body is still being sent, and the refusal was then often lost with the connection).
 */
import 'server-only';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { BODY_MAX_BYTES } from '@/contracts/uploads';

export type PreparedBody = Buffer | Readable | null;

const EMPTY = Buffer.alloc(0);

/** The body passed its limit: the call is answered 413 'A kérés túl nagy.' and nothing more of it goes on. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The request body is over ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

function abortError(): Error {
  const err = new Error('The browser closed the request before its body was read');
  err.name = 'AbortError';
  return err;
}

/**
 * The largest body the API takes for this request: an upload's (`uploadMax`, UPLOAD_BODY_MAX_MB)
 * or any other call's (the API's general limit).
 */
export function bodyLimitOf(headers: IncomingHttpHeaders, uploadMax: number): number {
  return isUpload(headers) ? uploadMax : BODY_MAX_BYTES;
}

/**
 * Reads the whole body when it is at most `limit` bytes; past that it rejects with
 * `BodyTooLargeError` at once and reads no more (the web server drops the rest once answered).
 */
export function bufferUpTo(stream: Readable, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      total += chunk.length;
      if (total <= limit) return;
      done();
      stream.pause();
      reject(new BodyTooLargeError(limit));
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    // A browser that goes away mid-body closes the request without an end.
    const onClose = () => {
      done();
      reject(abortError());
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

/** The Content-Length the browser declared, when it is a plain byte count (the stream then has that size). */
export function declaredLength(headers: IncomingHttpHeaders): number | undefined {
  const value = headers['content-length'];
  return value !== undefined && /^\d{1,15}$/.test(value.trim()) ? Number(value) : undefined;
}

/** A file upload: streamed from its first byte, so the browser's upload progress is the API's. */
export function isUpload(headers: IncomingHttpHeaders): boolean {
  return /^multipart\/form-data\b/i.test(headers['content-type'] ?? '');
}

/** Whether the request carries a body at all (RFC 9112 §6.3: a length or a transfer coding says so). */
function hasBody(headers: IncomingHttpHeaders): boolean {
  return (
    headers['transfer-encoding'] !== undefined ||
    (headers['content-length'] !== undefined && headers['content-length'] !== '0')
  );
}

/**
 * The body to send on: null for GET and HEAD, an upload as the browser's own stream (the transport
 * counts it against `limit` as it goes), anything else read into memory. Rejects with
 * `BodyTooLargeError` when the declared length, or the bytes read, pass `limit`.
 */
export async function prepareBody(request: IncomingMessage, limit: number): Promise<PreparedBody> {
  const method = (request.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD') return null;
  if (!hasBody(request.headers)) return EMPTY;
  const declared = declaredLength(request.headers);
  if (declared !== undefined && declared > limit) throw new BodyTooLargeError(limit);
  // Never held in memory, whatever its size: a 419 on an upload is not retried (the XSRF token is
  // fetched before the first unsafe call), but a buffered image would hold the upload's progress
  // at 100 % while the BFF is still sending it on.
  if (isUpload(request.headers)) return request;
  return bufferUpTo(request, limit);
}
