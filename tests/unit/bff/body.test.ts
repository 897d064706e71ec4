/** @jest-environment node */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { bufferUpTo, prepareBody } from '@/lib/bff/body';

function streamOf(...parts: string[]): Readable {
  return Readable.from(parts.map((p) => Buffer.from(p)));
}

/** A browser request as the web server gets it: Node's stream with its method and headers. */
function request(method: string, headers: Record<string, string>, ...parts: string[]): IncomingMessage {
  return Object.assign(streamOf(...parts), { method, headers }) as unknown as IncomingMessage;
}

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
  it('hands back a stream with nothing lost when over the limit', async () => {
    const out = await bufferUpTo(streamOf('abc', 'def', 'ghi'), 4);
    expect(out).toBeInstanceOf(Readable);
    expect(await text(out)).toBe('abcdefghi');
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
    expect(await prepareBody(request('GET', {}))).toBeNull();
  });
  it('buffers a small POST', async () => {
    const body = await prepareBody(request('POST', { 'content-length': '5' }, 'hello'));
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(await text(body as Buffer)).toBe('hello');
  });
  it('sends an empty body for a POST that declares none', async () => {
    const body = await prepareBody(request('POST', {}));
    expect(Buffer.isBuffer(body) && body.length).toBe(0);
  });
  it('streams a POST whose declared length is over the limit', async () => {
    const req = request('POST', { 'content-length': '20' }, 'x'.repeat(20));
    const body = await prepareBody(req, 10);
    expect(body).toBe(req);
  });
  it('streams a multipart upload however small, without reading it', async () => {
    const req = request(
      'POST',
      { 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked' },
      '--x--',
    );
    const body = await prepareBody(req);
    expect(body).toBe(req);
    expect(req.readableDidRead).toBe(false);
  });
});
