/** @jest-environment node */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { BodyTooLargeError, bodyLimitOf, bufferUpTo, prepareBody } from '@/lib/bff/body';

function streamOf(...parts: string[]): Readable {
  return Readable.from(parts.map((p) => Buffer.from(p)));
}

/** A browser request as the web server gets it: Node's stream with its method and headers. */
function request(method: string, headers: Record<string, string>, ...parts: string[]): IncomingMessage {
  return Object.assign(streamOf(...parts), { method, headers }) as unknown as IncomingMessage;
}

const LIMIT = 2 * 1024 * 1024;

async function text(body: Buffer | Readable): Promise<string> {
  if (Buffer.isBuffer(body)) return body.toString();
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('bufferUpTo', () => {
  it('buffers a body within the limit', async () => {
    const out = await bufferUpTo(streamOf('ab', 'cd'), 10);
    expect(Buffer.isBuffer(out)).toBe(true);
    expect(await text(out)).toBe('abcd');
  });
  it('takes a body of exactly the limit', async () => {
    expect(await text(await bufferUpTo(streamOf('abc', 'def'), 6))).toBe('abcdef');
  });
  it('refuses a body over the limit as soon as it passes, and reads no more', async () => {
    const stream = streamOf('abc', 'def', 'ghi');
    await expect(bufferUpTo(stream, 4)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(stream.isPaused()).toBe(true);
    expect(stream.listenerCount('data')).toBe(0);
  });
  it('fails like an abort when the browser goes away before the end', async () => {
    const stream = new Readable({ read() {} });
    const out = bufferUpTo(stream, 10);
    stream.push(Buffer.from('ab'));
    stream.destroy();
    await expect(out).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('prepareBody', () => {
  it('has no body for GET', async () => {
    expect(await prepareBody(request('GET', {}), LIMIT)).toBeNull();
  });
  it('buffers a small POST', async () => {
    const body = await prepareBody(request('POST', { 'content-length': '5' }, 'hello'), LIMIT);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(await text(body as Buffer)).toBe('hello');
  });
  it('sends an empty body for a POST that declares none', async () => {
    const body = await prepareBody(request('POST', {}), LIMIT);
    expect(Buffer.isBuffer(body) && body.length).toBe(0);
  });
  it('refuses a POST whose declared length is over the limit without reading it', async () => {
    const req = request('POST', { 'content-length': '20' }, 'x'.repeat(20));
    await expect(prepareBody(req, 10)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(req.readableDidRead).toBe(false);
  });
  it('refuses a chunked POST once its bytes pass the limit', async () => {
    const req = request('POST', { 'transfer-encoding': 'chunked' }, 'x'.repeat(6), 'x'.repeat(6));
    await expect(prepareBody(req, 10)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
  it('takes the API limits: 2 MB for a call, UPLOAD_BODY_MAX_MB for an upload', () => {
    expect(bodyLimitOf({ 'content-type': 'application/json' }, 64)).toBe(LIMIT);
    expect(bodyLimitOf({ 'content-type': 'multipart/form-data; boundary=x' }, 64)).toBe(64);
  });
  it('streams a multipart upload however small, without reading it', async () => {
    const req = request(
      'POST',
      { 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked' },
      '--x--',
    );
    const body = await prepareBody(req, LIMIT);
    expect(body).toBe(req);
    expect(req.readableDidRead).toBe(false);
  });
});
