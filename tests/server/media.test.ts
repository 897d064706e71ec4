import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, TEST_VERSION, type TestApp } from './helpers';

let t: TestApp;
const body = Buffer.from('0123456789abcdefghij');

before(async () => {
  t = await createTestApp();
  await t.app.ctx.storage.put('tests/sample.mp3', body);
});
after(async () => {
  await t.close();
});

const local = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('signed media URLs', () => {
  test('a signed URL serves the file with its type and cache headers', async () => {
    const url = t.app.ctx.storage.signedUrl('tests/sample.mp3');
    assert.ok(url.startsWith('http://api.test:4000/media/tests/sample.mp3?expires='));
    const res = await get(local(url));
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'audio/mpeg');
    assert.equal(res.headers['accept-ranges'], 'bytes');
    assert.equal(res.headers['content-length'], String(body.length));
    assert.match(String(res.headers['cache-control']), /max-age=\d+/);
    assert.equal(res.headers['x-app-version'], TEST_VERSION);
    assert.equal(res.body, body.toString());
  });

  test("the web app's origins may read media across origins (Range included); other origins may not", async () => {
    const url = local(t.app.ctx.storage.signedUrl('tests/sample.mp3'));
    for (const origin of ['http://demo.web.test:3000', 'http://other-shop.web.test:3000', 'http://web.test:3000']) {
      const res = await get(url, { origin, range: 'bytes=0-3' });
      assert.equal(res.statusCode, 206);
      assert.equal(res.headers['access-control-allow-origin'], origin);
      assert.match(String(res.headers['access-control-expose-headers']), /Content-Range/);
      assert.equal(res.headers['access-control-allow-credentials'], undefined);
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-headers': 'range' },
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], origin);
      assert.match(String(preflight.headers['access-control-allow-headers']), /Range/);
    }
    for (const origin of [
      'http://evil.test',
      'http://demo.web.test:3001',
      'https://demo.web.test:3000',
      'http://a.b.web.test:3000',
      'null',
    ]) {
      const res = await get(url, { origin });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['access-control-allow-origin'], undefined, origin);
      const preflight = await t.app.inject({ method: 'OPTIONS', url, headers: { origin } });
      assert.equal(preflight.headers['access-control-allow-origin'], undefined, origin);
    }
  });

  test('a Range request answers 206 with that slice', async () => {
    const res = await get(local(t.app.ctx.storage.signedUrl('tests/sample.mp3')), { range: 'bytes=5-9' });
    assert.equal(res.statusCode, 206);
    assert.equal(res.headers['content-range'], `bytes 5-9/${body.length}`);
    assert.equal(res.headers['content-length'], '5');
    assert.equal(res.body, '56789');

    const suffix = await get(local(t.app.ctx.storage.signedUrl('tests/sample.mp3')), { range: 'bytes=-3' });
    assert.equal(suffix.statusCode, 206);
    assert.equal(suffix.body, 'hij');

    const beyond = await get(local(t.app.ctx.storage.signedUrl('tests/sample.mp3')), { range: 'bytes=100-' });
    assert.equal(beyond.statusCode, 416);
    assert.equal(beyond.headers['content-range'], `bytes */${body.length}`);
  });

  test('If-Range: a matching validator keeps the 206, another version answers 200 with the whole file', async () => {
    const url = local(t.app.ctx.storage.signedUrl('tests/sample.mp3'));
    const whole = await get(url);
    const etag = String(whole.headers.etag);
    const lastModified = String(whole.headers['last-modified']);

    for (const ifRange of [etag, lastModified]) {
      const res = await get(url, { range: 'bytes=5-9', 'if-range': ifRange });
      assert.equal(res.statusCode, 206, ifRange);
      assert.equal(res.body, '56789', ifRange);
    }

    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    for (const ifRange of ['"another-version"', `W/${etag}`, earlier, 'not a date']) {
      const res = await get(url, { range: 'bytes=5-9', 'if-range': ifRange });
      assert.equal(res.statusCode, 200, ifRange);
      assert.equal(res.headers['content-range'], undefined, ifRange);
      assert.equal(res.headers['content-length'], String(body.length), ifRange);
      assert.equal(res.body, body.toString(), ifRange);
    }
  });

  test('unsigned, tampered and expired URLs answer 403', async () => {
    const url = new URL(t.app.ctx.storage.signedUrl('tests/sample.mp3'));
    assert.equal((await get(url.pathname)).statusCode, 403, 'unsigned');

    const tamperedSig = new URL(url);
    const sig = tamperedSig.searchParams.get('signature')!;
    tamperedSig.searchParams.set('signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    assert.equal((await get(local(tamperedSig.href))).statusCode, 403, 'signature changed');

    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    assert.equal((await get(local(longer.href))).statusCode, 403, 'expiry extended');

    const otherFile = local(url.href).replace('sample.mp3', 'other.mp3');
    assert.equal((await get(otherFile)).statusCode, 403, 'signature reused for another path');

    const expired = t.app.ctx.storage.signedUrl('tests/sample.mp3', {
      seconds: 60,
      now: new Date(Date.now() - 3 * 3600 * 1000),
    });
    const res = await get(local(expired));
    assert.equal(res.statusCode, 403, 'expired');
    assert.equal(res.headers['x-app-version'], TEST_VERSION);
  });

  test('expires counts only in its canonical form: no leading zeros, sign or whitespace', async () => {
    const url = new URL(t.app.ctx.storage.signedUrl('tests/sample.mp3'));
    const expires = url.searchParams.get('expires')!;
    assert.equal((await get(local(url.href))).statusCode, 200, 'canonical');
    for (const variant of [
      `0${expires}`,
      `00${expires}`,
      `+${expires}`,
      ` ${expires}`,
      `${expires} `,
      `${expires}.0`,
      `${expires}e0`,
    ]) {
      const changed = new URL(url);
      changed.searchParams.set('expires', variant);
      const res = await get(local(changed.href));
      assert.equal(res.statusCode, 403, JSON.stringify(variant));
      assert.equal(res.json().message, 'Érvénytelen vagy lejárt link.');
    }
    assert.equal(
      t.app.ctx.storage.verify(url.pathname, { expires: `0${expires}`, signature: url.searchParams.get('signature')! }),
      false,
    );
  });

  test('paths cannot leave the media folder', () => {
    assert.equal(t.app.ctx.storage.resolve('../secrets.json'), undefined);
    assert.throws(() => t.app.ctx.storage.signedUrl('../secrets.json'));
  });

  test('a signed URL of a missing file answers 404', async () => {
    const res = await get(local(t.app.ctx.storage.signedUrl('tests/missing.mp3')));
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { message: 'Nem található.' });
  });
});
