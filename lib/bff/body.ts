/** Request bodies: buffered when small so a 419 can be retried, streamed when large or an upload. */
import 'server-only';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/** Bodies up to this size are read into memory (a login, a playlist edit, a small image). */
export const REPLAYABLE_BODY_LIMIT = 4 * 1024 * 1024;

export type PreparedBody = Buffer | Readable | null;

const EMPTY = Buffer.alloc(0);

function abortError(): Error {
  const err = new Error('The browser closed the request before its body was read');
  err.name = 'AbortError';
  return err;
}

/**
 * Reads at most `limit` bytes. When the stream ends within the limit the bytes come back; otherwise a
 * stream that replays what was read and then continues with the rest, so nothing is lost.
 */
export function bufferUpTo(stream: Readable, limit: number): Promise<Buffer | Readable> {
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
      resolve(Readable.from(replay(chunks, stream), { objectMode: false }));
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

async function* replay(head: Buffer[], rest: Readable): AsyncGenerator<Buffer> {
  yield* head;
  for await (const chunk of rest) yield chunk as Buffer;
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

export async function prepareBody(request: IncomingMessage, limit = REPLAYABLE_BODY_LIMIT): Promise<PreparedBody> {
  const method = (request.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD') return null;
  if (!hasBody(request.headers)) return EMPTY;
  // Never held in memory, whatever its size: a 419 on an upload is not retried (the XSRF token is
  // fetched before the first unsafe call), but a buffered image would hold the upload's progress
  // at 100 % while the BFF is still sending it on.
  if (isUpload(request.headers)) return request;
  const declared = declaredLength(request.headers);
  if (declared !== undefined && declared > limit) return request;
  return bufferUpTo(request, limit);
}
