/** Request bodies: buffered when small so a 419 can be retried, streamed when large or an upload. */
import 'server-only';

/** Bodies up to this size are read into memory (a login, a playlist edit, a small image). */
export const REPLAYABLE_BODY_LIMIT = 4 * 1024 * 1024;

export type PreparedBody = Uint8Array | ReadableStream<Uint8Array> | null;

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/**
 * Reads at most `limit` bytes. When the stream ends within the limit the bytes come back; otherwise a
 * stream that replays what was read and then continues with the rest, so nothing is lost.
 */
export async function bufferUpTo(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array | ReadableStream<Uint8Array>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concat(chunks, total);
    chunks.push(value);
    total += value.byteLength;
    if (total > limit) break;
  }
  const head = chunks;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = head.shift();
      if (next) {
        controller.enqueue(next);
        return;
      }
      return reader.read().then(({ done, value }) => {
        if (done) controller.close();
        else controller.enqueue(value);
      });
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** The Content-Length the browser declared, when it is a plain byte count (the stream then has that size). */
export function declaredLength(request: Request): number | undefined {
  const value = request.headers.get('content-length');
  return value !== null && /^\d{1,15}$/.test(value.trim()) ? Number(value) : undefined;
}

/** A file upload: streamed from its first byte, so the browser's upload progress is the API's. */
export function isUpload(request: Request): boolean {
  return /^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '');
}

export async function prepareBody(request: Request, limit = REPLAYABLE_BODY_LIMIT): Promise<PreparedBody> {
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD' || !request.body) return null;
  // Never held in memory, whatever its size: a 419 on an upload is not retried (the XSRF token is
  // fetched before the first unsafe call), but a buffered image would hold the upload's progress
  // at 100 % while the BFF is still sending it on.
  if (isUpload(request)) return request.body;
  const declared = declaredLength(request);
  if (declared !== undefined && declared > limit) return request.body;
  return bufferUpTo(request.body, limit);
}
