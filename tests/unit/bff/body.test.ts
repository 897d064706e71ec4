/** @jest-environment node */
import { bufferUpTo, prepareBody } from '@/lib/bff/body';

function streamOf(...parts: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const p of parts) c.enqueue(enc.encode(p));
      c.close();
    },
  });
}

async function text(body: Uint8Array | ReadableStream<Uint8Array>): Promise<string> {
  return new Response(body as BodyInit).text();
}

describe('bufferUpTo', () => {
  it('buffers a body within the limit', async () => {
    const out = await bufferUpTo(streamOf('ab', 'cd'), 10);
    expect(out).toBeInstanceOf(Uint8Array);
    expect(await text(out)).toBe('abcd');
  });
  it('hands back a stream with nothing lost when over the limit', async () => {
    const out = await bufferUpTo(streamOf('abc', 'def', 'ghi'), 4);
    expect(out).toBeInstanceOf(ReadableStream);
    expect(await text(out)).toBe('abcdefghi');
  });
});

describe('prepareBody', () => {
  it('has no body for GET', async () => {
    expect(await prepareBody(new Request('http://x/', { method: 'GET' }))).toBeNull();
  });
  it('buffers a small POST', async () => {
    const body = await prepareBody(new Request('http://x/', { method: 'POST', body: 'hello' }));
    expect(body).toBeInstanceOf(Uint8Array);
  });
  it('streams a POST whose declared length is over the limit', async () => {
    const req = new Request('http://x/', {
      method: 'POST',
      body: 'x'.repeat(20),
      headers: { 'content-length': '20' },
    });
    const body = await prepareBody(req, 10);
    expect(body).toBeInstanceOf(ReadableStream);
  });
  it('streams a multipart upload however small, without reading it', async () => {
    const form = new FormData();
    form.set('name', 'Nyári akció');
    form.set('file', new Blob(['ID3'], { type: 'audio/mpeg' }), 'akcio.mp3');
    const req = new Request('http://x/api/spots', { method: 'POST', body: form });
    expect(req.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const body = await prepareBody(req);
    expect(body).toBe(req.body);
    expect(req.bodyUsed).toBe(false);
  });
});
