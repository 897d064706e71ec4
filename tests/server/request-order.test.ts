/**
 * The order every request is judged in (docs/decisions.md): session and CSRF from the headers
 * first, before a byte of the body is read or parsed; then the body and its fields. An upload that
 * is refused for its session never reaches the disk, a refused answer does not wait for the rest
 * of the body, and a chunked body cannot bring more file parts than the route takes.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_ASSETS_ROOT } from '../../server/src/storage';
import { fileMessages } from '../../contracts/uploads';
import { Client, createTestApp, loggedIn, mediaFiles, multipart, rowCount, type TestApp } from './helpers';

const UNAUTHENTICATED = { message: 'Nincs bejelentkezve.' };
const CSRF = { message: 'A munkamenet lejárt, kérjük, frissítse az oldalt.' };
const MB = 1024 * 1024;
/** How long an answer may take while the body is still open (generous: a loaded machine). */
const NO_ANSWER_MS = 20_000;

let t: TestApp;
let port: number;
let mp3: Buffer;

before(async () => {
  t = await createTestApp({ UPLOAD_AUDIO_MAX_MB: '1', UPLOAD_IMAGE_MAX_MB: '1', UPLOAD_BODY_MAX_MB: '3' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  mp3 = await readFile(path.join(DEFAULT_ASSETS_ROOT, 'audio/sounds/gong.mp3'));
});
after(async () => {
  await t.close();
});

const tmpFiles = async () => (await mediaFiles(t)).filter((f) => f.startsWith('tmp'));

interface Answer {
  status: number;
  body: string;
}

/**
 * A chunked POST over a real connection that sends `parts` and then keeps the body open (no last
 * chunk): the answer it resolves to is one given before the body ended. `more` bytes of filler
 * follow the parts, so a server that reads the body has a large one to read.
 */
function openPost(
  url: string,
  headers: Record<string, string>,
  parts: Buffer[],
  more = 0,
): { answer: Promise<Answer>; close(): void } {
  const socket = net.connect(port, '127.0.0.1');
  const head = [
    `POST ${url} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Transfer-Encoding: chunked',
    'Accept: application/json',
  ];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  const chunk = (data: Buffer) =>
    socket.write(Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]));
  for (const part of parts) chunk(part);
  for (let sent = 0; sent < more; sent += 256 * 1024) chunk(Buffer.alloc(256 * 1024, 0x55));
  socket.on('error', () => {});
  const answer = new Promise<Answer>((resolve, reject) => {
    let raw = Buffer.alloc(0);
    socket.on('data', (data: Buffer) => {
      raw = Buffer.concat([raw, data]);
      const end = raw.indexOf('\r\n\r\n');
      if (end === -1) return;
      const headText = raw.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(headText)?.[1] ?? NaN);
      const body = raw.subarray(end + 4);
      if (!Number.isFinite(length) || body.length < length) return;
      resolve({ status: Number(headText.split(' ')[1]), body: body.subarray(0, length).toString('utf8') });
    });
    socket.on('close', () => reject(new Error('the connection closed without an answer')));
    // A server that waits for the whole body never answers: give up then, so the test fails
    // instead of holding the connection (and the app's close) forever.
    const timer = setTimeout(() => {
      reject(new Error('no answer while the body was still open'));
      socket.destroy();
    }, NO_ANSWER_MS);
    socket.on('close', () => clearTimeout(timer));
  });
  return { answer, close: () => socket.destroy() };
}

/** The multipart body of a spot upload cut after the file part's first bytes (the rest never comes). */
function spotUploadStart(fields: Record<string, string> = { name: 'Szpot' }) {
  const { body, headers } = multipart(fields, [{ filename: 'nagy.mp3', type: 'audio/mpeg', data: mp3 }]);
  const cut = body.subarray(0, body.lastIndexOf(Buffer.from('\r\n--')) - 60);
  return { body: cut, headers };
}

const xsrfOf = (c: Client) => encodeURIComponent(c.jar.get('XSRF-TOKEN')!);

/** The tests that keep a body open get the time `openPost` waits for an answer, and more. */
const OPEN_BODY = { timeout: 60_000 };

describe('an upload refused for its session', () => {
  test('without a session: 419 while the body is still coming, nothing in media/tmp', OPEN_BODY, async () => {
    const { body, headers } = spotUploadStart();
    const post = openPost('/api/spots', headers, [body], 8 * MB);
    try {
      const answer = await post.answer;
      assert.equal(answer.status, 419, answer.body);
      assert.deepEqual(JSON.parse(answer.body), CSRF);
      assert.deepEqual(await tmpFiles(), []);
    } finally {
      post.close();
    }
  });

  test(
    'with a guest session and its token: 401 while the body is still coming, nothing in media/tmp',
    OPEN_BODY,
    async () => {
      const guest = new Client(t.app);
      await guest.csrf();
      const { body, headers } = spotUploadStart();
      const post = openPost(
        '/api/spots',
        { ...headers, cookie: guest.cookieHeader(), 'x-xsrf-token': xsrfOf(guest) },
        [body],
        8 * MB,
      );
      try {
        const answer = await post.answer;
        assert.equal(answer.status, 401, answer.body);
        assert.deepEqual(JSON.parse(answer.body), UNAUTHENTICATED);
        assert.deepEqual(await tmpFiles(), []);
      } finally {
        post.close();
      }
    },
  );

  test(
    'logged in but without X-XSRF-TOKEN: 419 while the body is still coming, nothing in media/tmp',
    OPEN_BODY,
    async () => {
      const user = await loggedIn(t.app);
      const { body, headers } = spotUploadStart();
      const post = openPost('/api/spots', { ...headers, cookie: user.cookieHeader() }, [body], 8 * MB);
      try {
        const answer = await post.answer;
        assert.equal(answer.status, 419, answer.body);
        assert.deepEqual(await tmpFiles(), []);
      } finally {
        post.close();
      }
    },
  );
});

describe('401 and 419 win over every answer about the body', () => {
  // Each body is refused on its own merits once the caller is known (see the last test).
  const badBodies: Array<{ what: string; type: string; payload: string; status: number }> = [
    { what: 'bad fields (JSON)', type: 'application/json', payload: JSON.stringify({ name: '' }), status: 422 },
    { what: 'bad fields (form)', type: 'application/x-www-form-urlencoded', payload: 'name=', status: 422 },
    { what: 'malformed JSON', type: 'application/json', payload: '{"name":', status: 400 },
    { what: 'a type the API does not take', type: 'text/csv', payload: 'name', status: 415 },
    {
      what: 'a body over the limit',
      type: 'application/json',
      payload: JSON.stringify({ name: 'x'.repeat(3 * MB) }),
      status: 413,
    },
  ];

  test('without a session: 419', async () => {
    for (const { what, type, payload } of badBodies) {
      const res = await new Client(t.app).post('/api/playlists', payload, { headers: { 'content-type': type } });
      assert.equal(res.statusCode, 419, `${what}: ${res.body}`);
      assert.deepEqual(res.json(), CSRF);
    }
  });

  test('a guest with a valid token on a route that needs a login: 401', async () => {
    const guest = new Client(t.app);
    await guest.csrf();
    for (const { what, type, payload } of badBodies) {
      const res = await guest.post('/api/playlists', payload, { headers: { 'content-type': type } });
      assert.equal(res.statusCode, 401, `${what}: ${res.body}`);
      assert.deepEqual(res.json(), UNAUTHENTICATED);
    }
  });

  test('logged in without a token: 419 over bad fields and types', async () => {
    const user = await loggedIn(t.app);
    // A well-formed urlencoded or JSON body within the limit is read for its `_token` first, so
    // its fields are judged after the token; other bodies are not read at all.
    for (const { what, type, payload } of badBodies.filter((b) => b.status === 422 || b.status === 415)) {
      const res = await user.post('/api/playlists', payload, { headers: { 'content-type': type }, xsrf: false });
      assert.equal(res.statusCode, 419, `${what}: ${res.body}`);
    }
  });

  test('logged in with the token, the same bodies get their own answers and nothing is saved', async () => {
    const user = await loggedIn(t.app);
    const rows = await rowCount(t, 'playlists');
    for (const { what, type, payload, status } of badBodies) {
      const res = await user.post('/api/playlists', payload, { headers: { 'content-type': type } });
      assert.equal(res.statusCode, status, `${what}: ${res.body}`);
    }
    assert.equal(await rowCount(t, 'playlists'), rows);
  });
});

describe('where the CSRF token may come from', () => {
  test('`_token` in a multipart body is not a CSRF token: upload and plain form routes alike', async () => {
    const user = await loggedIn(t.app);
    const token = user.jar.get('XSRF-TOKEN')!;
    const rows = await rowCount(t, 'spots');
    const spot = multipart({ _token: token, name: 'Tokenes szpot' }, [
      { filename: 'szpot.mp3', type: 'audio/mpeg', data: mp3 },
    ]);
    const upload = await user.post('/api/spots', spot.body, { headers: spot.headers, xsrf: false });
    assert.equal(upload.statusCode, 419, upload.body);
    assert.equal(await rowCount(t, 'spots'), rows);
    assert.deepEqual(await tmpFiles(), []);

    const playlists = await rowCount(t, 'playlists');
    const form = multipart({ _token: token, name: 'Tokenes lista' });
    const plain = await user.post('/api/playlists', form.body, { headers: form.headers, xsrf: false });
    assert.equal(plain.statusCode, 419, plain.body);
    assert.equal(await rowCount(t, 'playlists'), playlists);
  });

  test('a urlencoded or JSON form post may still bring its token as `_token`; a wrong one is 419', async () => {
    const user = await loggedIn(t.app);
    const token = user.jar.get('XSRF-TOKEN')!;
    const form = await user.post(
      '/api/playlists',
      `_token=${encodeURIComponent(token)}&name=${encodeURIComponent('Űrlapos lista')}`,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        xsrf: false,
      },
    );
    assert.equal(form.statusCode, 201, form.body);
    const json = await user.post('/api/playlists', { _token: token, name: 'JSON lista' }, { xsrf: false });
    assert.equal(json.statusCode, 201, json.body);
    const rows = await rowCount(t, 'playlists');
    const wrong = await user.post('/api/playlists', { _token: 'nem-ez', name: 'Rossz token' }, { xsrf: false });
    assert.equal(wrong.statusCode, 419, wrong.body);
    // The token is judged before the fields: a bad body with a wrong token is still 419.
    const wrongAndBad = await user.post('/api/playlists', { _token: 'nem-ez', name: '' }, { xsrf: false });
    assert.equal(wrongAndBad.statusCode, 419, wrongAndBad.body);
    assert.equal(await rowCount(t, 'playlists'), rows);
  });
});

describe('file parts a body may hold', () => {
  test(
    'an upload with a second file part is refused at that part, before its body ends; nothing is left',
    OPEN_BODY,
    async () => {
      const user = await loggedIn(t.app);
      const rows = await rowCount(t, 'spots');
      const { body, headers } = multipart({ name: 'Két fájl' }, [
        { filename: 'elso.mp3', type: 'audio/mpeg', data: mp3 },
        { filename: 'masodik.mp3', type: 'audio/mpeg', data: Buffer.alloc(0) },
      ]);
      // Up to the second part's headers, then some of its content; its end never comes.
      const cut = body.subarray(0, body.lastIndexOf(Buffer.from('\r\n--')));
      const post = openPost('/api/spots', { ...headers, cookie: user.cookieHeader(), 'x-xsrf-token': xsrfOf(user) }, [
        cut,
        Buffer.alloc(64 * 1024, 0x55),
      ]);
      try {
        const answer = await post.answer;
        assert.equal(answer.status, 422, answer.body);
        assert.deepEqual(JSON.parse(answer.body).errors, { file: [fileMessages.tooMany] });
      } finally {
        post.close();
      }
      assert.equal(await rowCount(t, 'spots'), rows);
      // The first file was being stored when the second came: it goes once the answer is sent.
      await waitFor(async () => (await tmpFiles()).length === 0, 'a temporary file was left');
    },
  );

  test('a route without uploads takes no file part at all', async () => {
    const user = await loggedIn(t.app);
    const rows = await rowCount(t, 'playlists');
    const { body, headers } = multipart({ name: 'Fájlos lista' }, [{ filename: 'x.bin', data: Buffer.alloc(1024, 1) }]);
    const res = await user.post('/api/playlists', body, { headers });
    assert.equal(res.statusCode, 413, res.body);
    assert.equal(await rowCount(t, 'playlists'), rows);
  });
});

/** Polls `check` until it holds (cleanup runs after the answer is sent). */
async function waitFor(check: () => Promise<boolean>, message: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(message);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
