import { readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { rawRequest } from '../support/raw-http';
import { E2E } from '../../../scripts/launch/stack';

/**
 * An upload from a browser with no login is refused by the web server itself, at once: it is not
 * forwarded, nothing of it is stored, and the connection closes with the answer (lingering, so a
 * client still sending reads the 401 rather than a reset).
 */
const UNAUTHENTICATED = { message: 'Nincs bejelentkezve.' };
const BOUNDARY = 'pulzus-e2e-upload';
const MB = 1024 * 1024;
const host = `demo.localhost:${E2E.webPort}`;

function uploadBody(fileBytes: number): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSzpot\r\n`),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="nagy.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    ),
    Buffer.alloc(fileBytes, 0x55),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** Files the API holds in its temporary upload folder (the stack's DATA_DIR). */
function apiTmpFiles(): string[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  try {
    return readdirSync(path.join(dataDir, 'media', 'tmp'));
  } catch {
    return [];
  }
}

test('a sessionless upload gets 401 while its body is still coming, and the connection closes', async () => {
  test.setTimeout(60_000);
  const socket = net.connect(E2E.webPort, '127.0.0.1');
  socket.on('error', () => {});
  const head = [
    'POST /api/spots HTTP/1.1',
    `Host: ${host}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    'Transfer-Encoding: chunked',
    'Accept: application/json',
  ].join('\r\n');
  // The first megabyte of the file, then nothing more: a server waiting for the body never answers.
  const start = uploadBody(MB).subarray(0, MB);
  socket.write(`${head}\r\n\r\n${start.length.toString(16)}\r\n`);
  socket.write(start);
  socket.write('\r\n');
  const raw = await new Promise<string>((resolve, reject) => {
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (text += d));
    socket.on('close', () => resolve(text));
    setTimeout(
      () => reject(new Error(`no closed answer within 30 s; so far: ${JSON.stringify(text.slice(0, 200))}`)),
      30_000,
    ).unref();
  }).finally(() => socket.destroy());
  const [status, body] = [
    raw.split('\r\n', 1)[0],
    Buffer.from(raw.split('\r\n\r\n')[1] ?? '', 'latin1').toString('utf8'),
  ];
  expect(status).toMatch(/^HTTP\/1\.1 401 /);
  expect(raw).toMatch(/\r\nconnection: close\r\n/i);
  expect(JSON.parse(body)).toEqual(UNAUTHENTICATED);
  expect(apiTmpFiles()).toEqual([]);
});

test('20 parallel sessionless 19 MB uploads each read their 401, none lost to a reset, nothing stored', async () => {
  test.setTimeout(180_000);
  const body = uploadBody(19 * MB);
  const outcomes = await Promise.all(
    Array.from({ length: 20 }, async () => {
      try {
        const answer = await rawRequest({
          method: 'POST',
          path: '/api/spots',
          host,
          port: E2E.webPort,
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          body,
        });
        return `${answer.status} ${answer.text}`;
      } catch (err) {
        return (err as Error).message;
      }
    }),
  );
  expect(outcomes.filter((o) => o !== `401 ${JSON.stringify(UNAUTHENTICATED)}`)).toEqual([]);
  expect(apiTmpFiles()).toEqual([]);
});
