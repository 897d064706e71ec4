/**
 * The media cache worker's pure parts (public/media-sw.js is a plain script; loaded as a module it
 * hands its helpers over instead of installing its listeners).
 */
import { MEDIA_CACHE_NAME } from '@/lib/player/media-cache';

const sw = jest.requireActual<{
  CACHE_NAME: string;
  mediaCacheKey(url: string): string | null;
  parseRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | null;
  planRangeAnswer(
    header: string | null,
    size: number,
    type: string | null,
  ): { status: number; headers: Record<string, string>; start: number; end: number };
  readPushPayload(text: string): { title: string; body: string; url: string } | null;
  notificationTarget(url: string, origin: string): string;
}>('../../../public/media-sw.js');

describe('cache name', () => {
  it('is the one the page empties at logout', () => {
    expect(sw.CACHE_NAME).toBe(MEDIA_CACHE_NAME);
  });
});

describe('cache key', () => {
  it('drops the signature, so a freshly signed URL of the same file finds it', () => {
    const a = sw.mediaCacheKey('http://api.test:5221/media/tracks/a%20b.mp3?expires=1700000000&signature=abc');
    const b = sw.mediaCacheKey('http://api.test:5221/media/tracks/a%20b.mp3?expires=1800000000&signature=def');
    expect(a).toBe('http://api.test:5221/media/tracks/a%20b.mp3');
    expect(b).toBe(a);
  });

  it('keeps other query parameters and the origin apart', () => {
    expect(sw.mediaCacheKey('http://api.test/media/x.mp3?v=2&signature=s')).toBe('http://api.test/media/x.mp3?v=2');
    expect(sw.mediaCacheKey('http://other.test/media/x.mp3?signature=s')).not.toBe(
      sw.mediaCacheKey('http://api.test/media/x.mp3'),
    );
  });

  it('has no key for what is not a URL', () => {
    expect(sw.mediaCacheKey('not a url')).toBeNull();
  });
});

describe('Range', () => {
  it('reads an open range, a closed one and a suffix', () => {
    expect(sw.parseRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 });
    expect(sw.parseRange('bytes=100-199', 1000)).toEqual({ start: 100, end: 199 });
    expect(sw.parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(sw.parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('clips an end past the file', () => {
    expect(sw.parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
  });

  it('finds a start past the end unsatisfiable', () => {
    expect(sw.parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(sw.parseRange('bytes=5-2', 1000)).toBe('unsatisfiable');
    expect(sw.parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('serves the whole file for no header, several ranges or other units', () => {
    expect(sw.parseRange(null, 1000)).toBeNull();
    expect(sw.parseRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(sw.parseRange('items=0-1', 1000)).toBeNull();
  });

  it('answers 206 with Content-Range, 200 without a range, 416 past the end', () => {
    expect(sw.planRangeAnswer('bytes=10-19', 100, 'audio/mpeg')).toEqual({
      status: 206,
      headers: {
        'Accept-Ranges': 'bytes',
        'Content-Type': 'audio/mpeg',
        'Content-Length': '10',
        'Content-Range': 'bytes 10-19/100',
      },
      start: 10,
      end: 19,
    });
    const whole = sw.planRangeAnswer(null, 100, 'audio/mpeg');
    expect(whole.status).toBe(200);
    expect(whole.headers['Content-Length']).toBe('100');
    expect([whole.start, whole.end]).toEqual([0, 99]);
    const none = sw.planRangeAnswer('bytes=100-', 100, null);
    expect(none.status).toBe(416);
    expect(none.headers['Content-Range']).toBe('bytes */100');
  });
});

describe('push', () => {
  it('shows a message with a title, a body and a URL, and nothing else', () => {
    const message = {
      title: 'Nem szól a zene: a lejátszás elakadt',
      body: 'A zene 10:02 óta elakadt.',
      url: 'https://demo.pulzus.hu/',
    };
    expect(sw.readPushPayload(JSON.stringify({ ...message, extra: 1 }))).toEqual(message);
    expect(sw.readPushPayload(JSON.stringify({ title: 'x', body: 'y' }))).toBeNull();
    expect(sw.readPushPayload('not json')).toBeNull();
    expect(sw.readPushPayload('null')).toBeNull();
  });

  it("a tap opens a page of the worker's own origin only", () => {
    const origin = 'https://demo.pulzus.hu';
    expect(sw.notificationTarget('https://demo.pulzus.hu/channels', origin)).toBe('https://demo.pulzus.hu/channels');
    expect(sw.notificationTarget('/settings', origin)).toBe('https://demo.pulzus.hu/settings');
    expect(sw.notificationTarget('https://evil.example/', origin)).toBe('https://demo.pulzus.hu/');
    expect(sw.notificationTarget('javascript:alert(1)', origin)).toBe('https://demo.pulzus.hu/');
  });
});
